package io.github.activityrank.engine;

import java.time.Instant;
import java.time.LocalDateTime;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.tuple;

/**
 * One {@link Leaderboard} for period and challenge boards: the same six reads, the same
 * limits, an unknown challenge read as an empty board, and the current period's handle
 * following the calendar.
 */
class LeaderboardTests {

	private static final LocalDateTime MORNING = LocalDateTime.of(2026, 11, 18, 10, 0);

	private final EngineFixture engine = new EngineFixture(MORNING, EnumSet.of(Period.DAY, Period.TOTAL), Map.of(),
			null, EngineFixture.NAMES);

	@AfterEach
	void cleanUp() {
		this.engine.close();
	}

	@Test
	void aChallengeBoardAnswersTheSameSixReadsAsAPeriodBoard() {
		Instant start = MORNING.atZone(EngineFixture.ZONE).toInstant();
		this.engine.challenges
			.create(new ChallengeDefinition("sprint", start, start.plusSeconds(3600), Set.of(), true));
		this.engine.service.award("a", "x", 9);
		this.engine.service.award("b", "x", 7);
		this.engine.service.award("c", "x", 5);

		Leaderboard day = this.engine.service.board(Period.DAY);
		Leaderboard sprint = this.engine.challenges.board("sprint");
		for (Leaderboard board : List.of(day, sprint)) {
			assertThat(board.top(2)).extracting(RankEntry::id, RankEntry::rank, RankEntry::score, RankEntry::details)
				.containsExactly(tuple("a", 1L, 9L, "name-a"), tuple("b", 2L, 7L, "name-b"));
			assertThat(board.page(1, 5)).extracting(RankEntry::id).containsExactly("b", "c");
			assertThat(board.rankOf("c")).map(RankEntry::rank).contains(3L);
			assertThat(board.around("c", 1)).extracting(RankEntry::id).containsExactly("a", "b", "c");
			assertThat(board.size()).isEqualTo(3);
			assertThat(board.among(List.of("c", "a", "ghost", "c", "")))
				.extracting(RankEntry::id, RankEntry::rank, RankEntry::details)
				.containsExactly(tuple("a", 1L, "name-a"), tuple("c", 2L, "name-c"));
			assertThatIllegalArgumentException().isThrownBy(() -> board.top(0));
			assertThatIllegalArgumentException().isThrownBy(() -> board.page(-1, 5));
			assertThatIllegalArgumentException().isThrownBy(() -> board.around("a", -1));
			assertThatIllegalArgumentException().isThrownBy(() -> board.among(null));
			assertThat(board.rankOf(" ")).isEmpty();
		}
	}

	@Test
	void anUnknownChallengeReadsAsAnEmptyBoardAndAMalformedIdIsRefused() {
		Leaderboard unknown = this.engine.challenges.board("never-created");

		assertThat(unknown.top(10)).isEmpty();
		assertThat(unknown.rankOf("a")).isEmpty();
		assertThat(unknown.around("a", 2)).isEmpty();
		assertThat(unknown.size()).isZero();
		assertThat(unknown.among(List.of("a"))).isEmpty();
		assertThatIllegalArgumentException().isThrownBy(() -> this.engine.challenges.board("not an id"));
	}

	@Test
	void theCurrentPeriodsHandleFollowsTheCalendarWhileADaysHandleStays() {
		this.engine.service.award("a", "x", 3);
		Leaderboard today = this.engine.service.board(Period.DAY);
		Leaderboard the18th = this.engine.service.board(Period.DAY, MORNING.toLocalDate());

		this.engine.clock.set(MORNING.plusDays(1));

		assertThat(today.size()).isZero();
		assertThat(the18th.size()).isEqualTo(1);
	}

}
