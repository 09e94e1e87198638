package io.github.activityrank.engine;

import java.time.LocalDateTime;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.test.CountingConnections;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lean way through the score script (score-lean.lua): a batch of the default
 * configuration is one lean call; a revoke whose award is not in today's record hands the
 * commands from it on to the full script, in order.
 */
class LeanPathTests {

	private static final LocalDateTime MORNING = LocalDateTime.of(2026, 11, 18, 10, 0);

	private final CountingConnections counting = new CountingConnections(EngineFixture.factory());

	private final EngineFixture engine = new EngineFixture(MORNING, EnumSet.of(Period.DAY, Period.MONTH),
			Map.of("penalty", new ScoringRule("penalty", -3, false, null)), null, null, this.counting.factory(),
			RedisTestServer.uniquePrefix("lean"), BoardOrder.DEFAULT);

	@AfterEach
	void close() {
		this.engine.close();
	}

	@Test
	void aBatchOfTodaysAwardsAndRevokesIsOneCall() {
		long before = this.counting.scriptCalls();
		List<AwardResult> results = this.engine.service.applyAll(List.of(ActivityEvent.awardPoints("a", "f1", 3),
				ActivityEvent.awardPoints("b", "f1", 4), ActivityEvent.awardPoints("a", "f1", 3),
				new ActivityEvent("a", "f1", null, null, true), ActivityEvent.awardPoints("a", "f2", 2)));

		assertThat(this.counting.scriptCalls() - before).isEqualTo(1);
		assertThat(results).extracting(AwardResult::outcome)
			.containsExactly(Outcome.AWARDED, Outcome.AWARDED, Outcome.ALREADY_AWARDED, Outcome.REVOKED,
					Outcome.AWARDED);
		assertThat(results).extracting(AwardResult::points).containsExactly(3L, 4L, 0L, 3L, 2L);
		assertThat(this.engine.service.board(Period.DAY).rankOf("a").orElseThrow().score()).isEqualTo(2);
		assertThat(this.engine.service.board(Period.MONTH).rankOf("b").orElseThrow().score()).isEqualTo(4);
	}

	@Test
	void aRevokeOfAnOlderDayHandsTheRestToTheFullScriptInOrder() {
		this.engine.service.award("a", "old", 5);
		this.engine.clock.set(MORNING.plusDays(1));
		long before = this.counting.scriptCalls();
		// the revoke of yesterday's award, then the same field again today, then another
		List<AwardResult> results = this.engine.service
			.applyAll(List.of(ActivityEvent.awardPoints("b", "x", 1), new ActivityEvent("a", "old", null, null, true),
					ActivityEvent.awardPoints("a", "old", 7), ActivityEvent.awardPoints("b", "y", 1)));

		assertThat(this.counting.scriptCalls() - before).isEqualTo(2);
		assertThat(results).extracting(AwardResult::outcome)
			.containsExactly(Outcome.AWARDED, Outcome.REVOKED, Outcome.AWARDED, Outcome.AWARDED);
		assertThat(results).extracting(AwardResult::points).containsExactly(1L, 5L, 7L, 1L);
		assertThat(this.engine.service.board(Period.MONTH).rankOf("a").orElseThrow().score()).isEqualTo(7);
		assertThat(this.engine.service.board(Period.DAY).rankOf("b").orElseThrow().score()).isEqualTo(2);
	}

	@Test
	void aRevokeOfNothingIsAnsweredByTheFullScript() {
		List<AwardResult> results = this.engine.service.applyAll(
				List.of(ActivityEvent.awardPoints("a", "f", 1), new ActivityEvent("a", "never", null, null, true)));

		assertThat(results).extracting(AwardResult::outcome)
			.containsExactly(Outcome.AWARDED, Outcome.NOTHING_TO_REVOKE);
	}

	@Test
	void aPenaltyTakesPointsAndAMemberAtZeroLeaves() {
		this.engine.service.award("a", "f", 3);
		List<AwardResult> results = this.engine.service
			.applyAll(List.of(ActivityEvent.award("a", "p", "penalty"), ActivityEvent.awardPoints("a", "g", 2)));

		assertThat(results).extracting(AwardResult::outcome).containsExactly(Outcome.AWARDED, Outcome.AWARDED);
		assertThat(results).extracting(AwardResult::points).containsExactly(-3L, 2L);
		assertThat(this.engine.service.board(Period.DAY).rankOf("a").orElseThrow().score()).isEqualTo(2);
		// giving a penalty back is the full script's
		assertThat(this.engine.service.revoke("a", "p", "penalty").points()).isEqualTo(-3);
		assertThat(this.engine.service.board(Period.DAY).rankOf("a").orElseThrow().score()).isEqualTo(5);
		assertThat(this.engine.pttl(this.engine.keys.board(Period.DAY, MORNING.toLocalDate()))).isPositive();
	}

}
