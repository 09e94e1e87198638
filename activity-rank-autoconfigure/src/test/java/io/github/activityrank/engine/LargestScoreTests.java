package io.github.activityrank.engine;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityLimits;
import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Plain-points boards hold every integer up to 2^53 - 1 exactly, and refuse to go past
 * it. (The earliest tie-break's bound is in {@link TieBreakTests}.)
 */
class LargestScoreTests {

	private static final long LARGEST = ActivityLimits.MAX_BOARD_SCORE;

	private final List<EngineFixture> fixtures = new ArrayList<>();

	@AfterEach
	void cleanUp() {
		this.fixtures.forEach(EngineFixture::close);
	}

	/**
	 * An engine whose DAY and TOTAL boards already hold "a" one point below the largest
	 * score (no number of awards gets there in a test).
	 */
	private EngineFixture engineNearTheTop(Ranking ranking) {
		EngineFixture engine = new EngineFixture(LocalDateTime.of(2026, 11, 18, 10, 0),
				EnumSet.of(Period.DAY, Period.TOTAL), Map.of("spam", new ScoringRule("spam", -5, false, null)), null,
				null, new BoardOrder(TieBreak.NONE, ranking, BoardOrder.DEFAULT_EPOCH));
		this.fixtures.add(engine);
		engine.service.award("b", "seed", 1); // creates the boards with their TTLs
		for (Period period : List.of(Period.DAY, Period.TOTAL)) {
			engine.zadd(engine.keys.board(period, engine.calendar.today()), "a", LARGEST - 1);
			if (ranking == Ranking.DENSE) {
				engine.zadd(engine.keys.dense(period, engine.calendar.today()), Long.toString(LARGEST - 1),
						LARGEST - 1);
			}
		}
		return engine;
	}

	@ParameterizedTest
	@EnumSource(value = Ranking.class, names = { "COMPETITION", "DENSE" })
	void theLargestScoreIsHeldExactlyAndOnePointMoreIsRejected(Ranking ranking) {
		EngineFixture engine = engineNearTheTop(ranking);
		String day = engine.keys.board(Period.DAY, engine.calendar.today());

		assertThat(engine.service.award("a", "last", 1).outcome()).isEqualTo(Outcome.AWARDED);
		assertThat(engine.service.board(Period.TOTAL).rankOf("a")).contains(new RankEntry("a", 1, LARGEST, null));
		List<String> companion = engine.members(engine.keys.dense(Period.DAY, engine.calendar.today()));

		AwardResult onePointMore = engine.service.award("a", "one-more", 1);

		assertThat(onePointMore.outcome()).isEqualTo(Outcome.REJECTED);
		assertThat(onePointMore.reason()).contains("largest score of 9007199254740991 points");
		assertThat(engine.rawScore(day, "a")).isEqualTo((double) LARGEST);
		assertThat(engine.service.board(Period.DAY).rankOf("a").map(RankEntry::score)).contains(LARGEST);
		assertThat(engine.members(engine.keys.dense(Period.DAY, engine.calendar.today()))).isEqualTo(companion);
		assertThat(engine.service.history("a", engine.calendar.today(), engine.calendar.today()).get(0).awards())
			.containsOnlyKeys("last");
		// a penalty still applies, and then there is room again
		assertThat(engine.service.award("a", "report", "spam").outcome()).isEqualTo(Outcome.AWARDED);
		assertThat(engine.service.award("a", "one-more", 1).outcome()).isEqualTo(Outcome.AWARDED);
		assertThat(engine.service.board(Period.TOTAL).rankOf("a").map(RankEntry::score)).contains(LARGEST - 4);
	}

	/**
	 * In one batch, a member's score read for the largest-score check follows the writes
	 * of the batch: two awards that would pass it together, a revoke that makes room
	 * again.
	 */
	@ParameterizedTest
	@EnumSource(value = Ranking.class, names = { "COMPETITION", "DENSE" })
	void theLargestScoreCountsEveryEarlierCommandOfTheBatch(Ranking ranking) {
		EngineFixture engine = engineNearTheTop(ranking);
		String day = engine.keys.board(Period.DAY, engine.calendar.today());

		List<AwardResult> results = engine.service
			.applyAll(List.of(ActivityEvent.awardPoints("c", "x", 1), ActivityEvent.awardPoints("a", "last", 1),
					ActivityEvent.awardPoints("a", "one-more", 1), ActivityEvent.revoke("a", "last", null),
					ActivityEvent.awardPoints("a", "again", 1), ActivityEvent.awardPoints("a", "too-many", 1)));

		assertThat(results).extracting(AwardResult::outcome)
			.containsExactly(Outcome.AWARDED, Outcome.AWARDED, Outcome.REJECTED, Outcome.REVOKED, Outcome.AWARDED,
					Outcome.REJECTED);
		assertThat(engine.rawScore(day, "a")).isEqualTo((double) LARGEST);
		assertThat(engine.service.board(Period.TOTAL).rankOf("a").map(RankEntry::score)).contains(LARGEST);
		assertThat(engine.service.history("a", engine.calendar.today(), engine.calendar.today()).get(0).awards())
			.containsOnlyKeys("again");
	}

	/**
	 * An engine whose challenge board "sprint" already holds "a" two points below the
	 * largest score; "a" and "c" joined it, and its period boards are far from the top.
	 */
	private EngineFixture challengeNearTheTop(Ranking ranking) {
		EngineFixture engine = new EngineFixture(LocalDateTime.of(2026, 11, 18, 10, 0),
				EnumSet.of(Period.DAY, Period.TOTAL), Map.of("spam", new ScoringRule("spam", -5, false, null)), null,
				null, new BoardOrder(TieBreak.NONE, ranking, BoardOrder.DEFAULT_EPOCH));
		this.fixtures.add(engine);
		Instant now = engine.calendar.now();
		engine.challenges.create(new ChallengeDefinition("sprint", now.minus(Duration.ofHours(1)),
				now.plus(Duration.ofDays(1)), Set.of(), false));
		engine.challenges.join("sprint", "a");
		engine.challenges.join("sprint", "c");
		engine.service.award("a", "seed", 1); // creates the board with its TTL
		engine.zadd(engine.keys.challengeBoard("sprint"), "a", LARGEST - 2);
		if (ranking == Ranking.DENSE) {
			engine.zadd(engine.keys.challengeDense("sprint"), Long.toString(LARGEST - 2), LARGEST - 2);
		}
		return engine;
	}

	@ParameterizedTest
	@EnumSource(value = Ranking.class, names = { "COMPETITION", "DENSE" })
	void anAwardThatWouldPassTheLargestScoreOfAChallengeBoardIsRejectedWithNothingStored(Ranking ranking) {
		EngineFixture engine = challengeNearTheTop(ranking);
		String board = engine.keys.challengeBoard("sprint");
		String day = engine.keys.board(Period.DAY, engine.calendar.today());

		// in one batch: a member far below the top is not held back by it, "a" reaches
		// the
		// largest score exactly, and one point more is rejected
		List<AwardResult> results = engine.service
			.applyAll(List.of(ActivityEvent.awardPoints("c", "x", 1), ActivityEvent.awardPoints("a", "first", 1),
					ActivityEvent.awardPoints("a", "last", 1), ActivityEvent.awardPoints("a", "one-more", 1)));

		assertThat(results).extracting(AwardResult::outcome)
			.containsExactly(Outcome.AWARDED, Outcome.AWARDED, Outcome.AWARDED, Outcome.REJECTED);
		assertThat(results.get(3).reason()).contains("largest score of 9007199254740991 points");
		assertThat(engine.rawScore(board, "a")).isEqualTo((double) LARGEST);
		assertThat(engine.rawScore(board, "c")).isEqualTo(1.0);
		// nothing of the rejected award: not on the period boards, not in the record
		assertThat(engine.rawScore(day, "a")).isEqualTo(3.0);
		assertThat(engine.service.board(Period.TOTAL).rankOf("a").map(RankEntry::score)).contains(3L);
		assertThat(engine.service.history("a", engine.calendar.today(), engine.calendar.today()).get(0).awards())
			.containsOnlyKeys("seed", "first", "last");
		// alone in its call too
		assertThat(engine.service.award("a", "one-more", 1).outcome()).isEqualTo(Outcome.REJECTED);
		assertThat(engine.rawScore(board, "a")).isEqualTo((double) LARGEST);
		// a penalty still applies, and then there is room again
		assertThat(engine.service.award("a", "report", "spam").outcome()).isEqualTo(Outcome.AWARDED);
		assertThat(engine.service.award("a", "one-more", 1).outcome()).isEqualTo(Outcome.AWARDED);
		assertThat(engine.challenges.board("sprint").rankOf("a").map(RankEntry::score)).contains(LARGEST - 4);
	}

}
