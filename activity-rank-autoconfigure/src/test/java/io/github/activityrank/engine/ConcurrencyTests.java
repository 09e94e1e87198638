package io.github.activityrank.engine;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * 200 threads racing on one user and field: one award, never below zero, caps hold.
 */
class ConcurrencyTests {

	private static final int THREADS = 200;

	private static final ExecutorService pool = Executors.newFixedThreadPool(THREADS);

	private final EngineFixture engine = new EngineFixture(LocalDateTime.of(2026, 11, 18, 10, 0),
			EnumSet.of(Period.DAY, Period.MONTH, Period.TOTAL), Map.of("praise",
					new ScoringRule("praise", 2, false, null), "answer", new ScoringRule("answer", 3, false, 10L)),
			null, null);

	@AfterEach
	void cleanUp() {
		this.engine.close();
	}

	@AfterAll
	static void stopPool() {
		pool.shutdownNow();
	}

	private List<AwardResult> race(Supplier<AwardResult> call) throws Exception {
		CountDownLatch start = new CountDownLatch(1);
		List<Future<AwardResult>> futures = new ArrayList<>();
		for (int i = 0; i < THREADS; i++) {
			futures.add(pool.submit(() -> {
				assertThat(start.await(10, TimeUnit.SECONDS)).as("start").isTrue();
				return call.get();
			}));
		}
		start.countDown();
		List<AwardResult> results = new ArrayList<>();
		for (Future<AwardResult> future : futures) {
			results.add(future.get(30, TimeUnit.SECONDS));
		}
		return results;
	}

	private long score(Period period) {
		return this.engine.service.board(period).rankOf("u1").map(RankEntry::score).orElse(0L);
	}

	@RepeatedTest(20)
	void concurrentAwardsOfOneFieldAwardExactlyOnce() throws Exception {
		List<AwardResult> results = race(() -> this.engine.service.award("u1", "42_praise", "praise"));

		assertThat(results).filteredOn((r) -> r.outcome() == Outcome.AWARDED).hasSize(1);
		assertThat(results).filteredOn((r) -> r.outcome() == Outcome.ALREADY_AWARDED).hasSize(THREADS - 1);
		assertThat(score(Period.DAY)).isEqualTo(2);
		assertThat(score(Period.TOTAL)).isEqualTo(2);
	}

	@RepeatedTest(20)
	void concurrentRevokesNeverGoBelowZero() throws Exception {
		this.engine.service.award("u1", "42_praise", "praise");
		this.engine.service.award("u1", "other", 5);

		List<AwardResult> results = race(() -> this.engine.service.revoke("u1", "42_praise", "praise"));

		assertThat(results).filteredOn((r) -> r.outcome() == Outcome.REVOKED).hasSize(1);
		assertThat(score(Period.DAY)).isEqualTo(5);
		assertThat(score(Period.MONTH)).isEqualTo(5);
	}

	@RepeatedTest(20)
	void concurrentTogglesEndWithAtMostOneAward() throws Exception {
		int[] turn = new int[1];
		race(() -> {
			boolean award;
			synchronized (turn) {
				award = (turn[0]++ % 2) == 0;
			}
			return award ? this.engine.service.award("u1", "42_praise", "praise")
					: this.engine.service.revoke("u1", "42_praise", "praise");
		});

		assertThat(score(Period.TOTAL)).isIn(0L, 2L);
		assertThat(score(Period.DAY)).isEqualTo(score(Period.TOTAL));
	}

	@RepeatedTest(5)
	void dailyCapHoldsUnderConcurrency() throws Exception {
		int[] field = new int[1];
		race(() -> {
			int f;
			synchronized (field) {
				f = field[0]++;
			}
			return this.engine.service.award("u1", "answer-" + f, "answer");
		});

		assertThat(score(Period.DAY)).isEqualTo(10);
	}

}
