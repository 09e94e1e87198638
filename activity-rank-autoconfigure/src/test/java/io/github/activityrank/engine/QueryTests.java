package io.github.activityrank.engine;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.DayActivity;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Leaderboard queries: competition ranks for ties, windows at the edges, lookups,
 * history.
 */
class QueryTests {

	private final List<Collection<String>> lookups = new ArrayList<>();

	private final EngineFixture engine = new EngineFixture(LocalDateTime.of(2026, 11, 18, 10, 0),
			EnumSet.of(Period.DAY, Period.MONTH), Map.of("praise", new ScoringRule("praise", 2, false, null)), null,
			(ids) -> {
				this.lookups.add(ids);
				Map<String, Object> users = new HashMap<>();
				ids.stream().filter((id) -> !id.equals("ghost")).forEach((id) -> users.put(id, "name-" + id));
				return users;
			});

	@AfterEach
	void cleanUp() {
		this.engine.close();
	}

	/** a 50, b 40, c 40, d 30, ghost 20, f 20, g 10 */
	private void scores() {
		Map<String, Integer> scores = Map.of("a", 50, "b", 40, "c", 40, "d", 30, "ghost", 20, "f", 20, "g", 10);
		scores.forEach((user, points) -> this.engine.service.award(user, "seed", points));
		this.lookups.clear();
	}

	@Test
	void equalScoresShareARankInCompetitionStyle() {
		scores();

		assertThat(this.engine.service.board(Period.DAY).top(10)).extracting(RankEntry::rank, RankEntry::score)
			.containsExactly(tuple(1L, 50L), tuple(2L, 40L), tuple(2L, 40L), tuple(4L, 30L), tuple(5L, 20L),
					tuple(5L, 20L), tuple(7L, 10L));
	}

	@Test
	void pagesStartingInsideATieKeepTheTiedRank() {
		scores();

		assertThat(this.engine.service.board(Period.DAY, this.engine.calendar.today()).page(2, 3))
			.extracting(RankEntry::rank, RankEntry::score)
			.containsExactly(tuple(2L, 40L), tuple(4L, 30L), tuple(5L, 20L));
		assertThat(this.engine.service.board(Period.DAY, this.engine.calendar.today()).page(100, 3)).isEmpty();
		assertThat(this.engine.service.board(Period.DAY, this.engine.calendar.today()).page(Long.MAX_VALUE - 1, 3))
			.isEmpty();
	}

	@Test
	void rankOfUsesTheSameRanks() {
		scores();

		assertThat(this.engine.service.board(Period.DAY).rankOf("c")).contains(new RankEntry("c", 2, 40, "name-c"));
		assertThat(this.engine.service.board(Period.MONTH).rankOf("f").map(RankEntry::rank)).contains(5L);
		assertThat(this.engine.service.board(Period.DAY).rankOf("nobody")).isEmpty();
	}

	@Test
	void aroundFillsFromTheOtherSideAtTheTopAndBottom() {
		scores();

		assertThat(this.engine.service.board(Period.DAY).around("a", 2)).extracting(RankEntry::score)
			.containsExactly(50L, 40L, 40L, 30L, 20L);
		assertThat(this.engine.service.board(Period.DAY).around("g", 2)).extracting(RankEntry::score)
			.containsExactly(40L, 30L, 20L, 20L, 10L);
		assertThat(this.engine.service.board(Period.DAY).around("d", 1)).extracting(RankEntry::id, RankEntry::rank)
			.containsExactly(tuple("b", 2L), tuple("d", 4L), tuple("ghost", 5L));
		assertThat(this.engine.service.board(Period.DAY).around("d", 100)).hasSize(7);
		assertThat(this.engine.service.board(Period.DAY).around("nobody", 2)).isEmpty();
		assertThat(this.engine.service.board(Period.DAY).around("a", 0)).extracting(RankEntry::id).containsExactly("a");
	}

	@Test
	void lookupIsCalledOncePerQueryAndUnknownUsersKeepTheirRank() {
		scores();

		List<RankEntry> top = this.engine.service.board(Period.DAY).top(10);

		assertThat(this.lookups).hasSize(1);
		assertThat(this.lookups.get(0)).containsExactly("a", "c", "b", "d", "ghost", "f", "g");
		assertThat(top).filteredOn((e) -> e.id().equals("ghost"))
			.singleElement()
			.satisfies((e) -> assertThat(e.details()).isNull())
			.satisfies((e) -> assertThat(e.rank()).isEqualTo(5));
		assertThat(top.get(0).details()).isEqualTo("name-a");
	}

	@Test
	void historyListsWhatWasEarnedPerDayNewestFirst() {
		LocalDate first = this.engine.calendar.today();
		this.engine.service.award("u1", "1_praise", "praise");
		this.engine.service.award("u1", "bonus", 5);
		this.engine.clock.advance(java.time.Duration.ofDays(2));
		this.engine.service.award("u1", "2_praise", "praise");

		List<DayActivity> history = this.engine.service.history("u1", first.minusDays(1), first.plusDays(3));

		assertThat(history).containsExactly(new DayActivity(first.plusDays(2), 2, Map.of("2_praise", 2L)),
				new DayActivity(first, 7, Map.of("1_praise", 2L, "bonus", 5L)));
	}

	@Test
	void queryArgumentsOutOfRangeAreRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.engine.service.board(Period.DAY).top(0));
		assertThatIllegalArgumentException().isThrownBy(() -> this.engine.service.board(Period.DAY).top(1001));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.engine.service.board(Period.DAY, LocalDate.now()).page(-1, 10));
		assertThatIllegalArgumentException().isThrownBy(() -> this.engine.service.board(Period.DAY).around("a", -1));
		assertThatIllegalArgumentException().isThrownBy(() -> this.engine.service.board(Period.WEEK).top(10))
			.withMessageContaining("activity-rank.periods");
		assertThatIllegalArgumentException().isThrownBy(() -> this.engine.service.board(null).top(10));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.engine.service.history("u1", LocalDate.now(), LocalDate.now().minusDays(1)));
	}

}
