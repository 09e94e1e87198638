package io.github.activityrank.engine;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.RuleTally;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * 200 threads racing on weekly and monthly caps: every check and every counter update
 * happen inside one script call, so the caps are never exceeded.
 */
class PeriodCapConcurrencyTests {

	private static final int THREADS = 200;

	private static final ExecutorService pool = Executors.newFixedThreadPool(THREADS);

	// Friday 27 November 2026 in Shanghai, in week 2026-W48
	private final EngineFixture engine = new EngineFixture(LocalDateTime.of(2026, 11, 27, 10, 0),
			WeeklyAndMonthlyCapTests.PERIODS, Map.of("answer", new ScoringRule("answer", 3, false, null, 100L, null),
					"praise", new ScoringRule("praise", 2, false, null)),
			null, null);

	@AfterEach
	void cleanUp() {
		this.engine.close();
	}

	@AfterAll
	static void stopPool() {
		pool.shutdownNow();
	}

	private List<AwardResult> race(IntFunction<AwardResult> call) throws Exception {
		CountDownLatch start = new CountDownLatch(1);
		List<Future<AwardResult>> futures = new ArrayList<>();
		for (int i = 0; i < THREADS; i++) {
			int n = i;
			futures.add(pool.submit(() -> {
				assertThat(start.await(10, TimeUnit.SECONDS)).as("start signal").isTrue();
				return call.apply(n);
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

	@RepeatedTest(5)
	void racingAwardsNeverExceedARuleWeeklyCap() throws Exception {
		for (int i = 0; i < 10; i++) {
			this.engine.service.award("u1", "earlier-" + i, "answer"); // 30 of 100
		}
		this.engine.clock.set(LocalDateTime.of(2026, 11, 29, 23, 0));

		List<AwardResult> results = race((n) -> this.engine.service.award("u1", "answer-" + n, "answer"));

		assertThat(results).filteredOn((r) -> r.outcome() == Outcome.AWARDED).hasSize(24); // 23
																							// x
																							// 3
																							// +
																							// 1
		assertThat(results).filteredOn((r) -> r.outcome() == Outcome.CAPPED).hasSize(THREADS - 24);
		assertThat(results.stream().mapToLong(AwardResult::points).sum()).isEqualTo(70);
		assertThat(score(Period.WEEK)).isEqualTo(100);
		assertThat(this.engine.service.summary("u1", Period.WEEK).tally("answer")).isEqualTo(new RuleTally(34, 100));
	}

	@RepeatedTest(5)
	void racingAwardsAndRevokesNeverExceedAGlobalWeeklyCap() throws Exception {
		DefaultActivityRankService service = WeeklyAndMonthlyCapTests.serviceWith(this.engine,
				WeeklyAndMonthlyCapTests.PERIODS,
				new ActivityRules(Map.of("praise", new ScoringRule("praise", 2, false, null)), null, 50L, null));

		List<AwardResult> results = race((n) -> {
			if (n % 4 == 3) {
				// take back an award of another thread, if it got in yet
				return service.revoke("u1", "praise-" + (n - 1), "praise");
			}
			return (n % 2 == 0) ? service.award("u1", "praise-" + n, "praise") : service.award("u1", "bonus-" + n, 3);
		});

		long awarded = results.stream()
			.filter((r) -> r.outcome() == Outcome.AWARDED)
			.mapToLong(AwardResult::points)
			.sum();
		long revoked = results.stream()
			.filter((r) -> r.outcome() == Outcome.REVOKED)
			.mapToLong(AwardResult::points)
			.sum();
		long week = score(Period.WEEK);
		assertThat(week).isEqualTo(awarded - revoked).isBetween(0L, 50L);
		assertThat(awarded).isGreaterThanOrEqualTo(50);
		// what the boards show is what the tallies say stands
		assertThat(this.engine.service.summary("u1", Period.WEEK).points()).isEqualTo(week);
		assertThat(this.engine.service.summary("u1", Period.DAY, LocalDate.of(2026, 11, 27)).points()).isEqualTo(week);
		// with everything revoked that got in, the week has room for exactly the cap
		for (int n = 0; n < THREADS; n++) {
			service.revoke("u1", "praise-" + n, "praise");
			service.revoke("u1", "bonus-" + n);
		}
		assertThat(score(Period.WEEK)).isZero();
		long given = 0;
		for (int n = 0; n < 40; n++) {
			given += service.award("u1", "again-" + n, 2).points();
		}
		assertThat(given).isEqualTo(50);
	}

	@RepeatedTest(5)
	void racingAwardsNeverExceedAGlobalMonthlyCap() throws Exception {
		DefaultActivityRankService service = WeeklyAndMonthlyCapTests.serviceWith(this.engine,
				WeeklyAndMonthlyCapTests.PERIODS,
				new ActivityRules(Map.of("praise", new ScoringRule("praise", 2, false, null), "answer",
						new ScoringRule("answer", 3, false, null)), null, null, 77L));

		List<AwardResult> results = race((n) -> service.award("u1", "f-" + n, (n % 2 == 0) ? "praise" : "answer"));

		assertThat(results.stream().mapToLong(AwardResult::points).sum()).isEqualTo(77);
		assertThat(score(Period.MONTH)).isEqualTo(77);
		assertThat(this.engine.service.summary("u1", Period.MONTH).points()).isEqualTo(77);
	}

}
