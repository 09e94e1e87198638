package io.github.activityrank.benchmarks;

import java.time.LocalDate;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;

import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Section 6 of the report, growth: award and query cost as the day board grows (10k .. 5M
 * members), to show the cost grows like log N. The board is grown in place by pipelined
 * ZADD between the points. A second engine context keeps a board of the first size
 * throughout; at every point the calls on both boards run in interleaved rounds
 * ({@link Interleaved}), so "/ first" is the median of per-round ratios to the small
 * board measured minutes apart at most, not to a figure taken at the start of the run.
 */
final class GrowthBench {

	private static final String AWARD = "award";

	private static final String RANK = "rankOf";

	private static final String TOP = "top(30)";

	private static final String RANGE = "raw ZREVRANGE";

	private static final String ZINCRBY = "raw ZINCRBY";

	private static final String FIRST = " on the first-size board";

	private static final String SERVER_US = "server us";

	private GrowthBench() {
	}

	static void run(BenchOptions options, Report report, BenchRedis bench, EngineContext engine,
			EngineContext firstSize) {
		ActivityRankService service = engine.service();
		StringRedisTemplate redis = engine.redis();
		LocalDate today = LocalDate.now(engine.zone);
		String board = EngineKeys.dayBoard(engine.prefix, today);
		String firstBoard = EngineKeys.dayBoard(firstSize.prefix, today);
		Report.Section section = new Report.Section(
				"6. Growth: latency from " + options.queryThreads + " threads as the day board grows", "members",
				"log2 N", "award p50 us", "award p99 us", "award server us", "rankOf p50 us", "rankOf p99 us",
				"rankOf server us", "top(30) p99 us", "raw ZREVRANGE p99 us", "raw ZINCRBY server us",
				"award server / first", "rankOf server / first", "raw ZINCRBY server / first");
		int first = options.growthSizes[0];
		QueryLatencyBench.loadBoard(bench, firstBoard, 0, first);
		QueryLatencyBench.checkLayout(firstSize.service(), firstSize.redis(), firstBoard);
		AtomicInteger rounds = new AtomicInteger();
		long loaded = 0;
		Interleaved.Spread lastAward = null;
		Interleaved.Spread lastRank = null;
		Interleaved.Spread lastZincrby = null;
		int last = first;
		for (int size : options.growthSizes) {
			long started = System.nanoTime();
			QueryLatencyBench.loadBoard(bench, board, loaded, size);
			double loadSeconds = (System.nanoTime() - started) / 1e9;
			loaded = size;
			if (size == first) {
				QueryLatencyBench.checkLayout(service, redis, board);
			}
			Interleaved.Results results = Interleaved.plan()
				// warm every path up before the first point
				.warmup((size == first) ? 1 : 0)
				.baseline(AWARD + FIRST, award(options, bench, firstSize.service(), first, rounds))
				.baseline(RANK + FIRST, rank(options, bench, firstSize.service(), first))
				.baseline(ZINCRBY + FIRST, zincrby(options, bench, firstSize.redis(), firstBoard, first))
				.subject(AWARD, award(options, bench, service, size, rounds))
				.subject(RANK, rank(options, bench, service, size))
				.subject(TOP,
						() -> Latencies
							.measure(options.queryThreads, options.growthSeconds,
									(t, i) -> service.board(Period.DAY).top(30))
							.figures())
				.subject(RANGE,
						() -> Latencies
							.measure(options.queryThreads, options.growthSeconds,
									(t, i) -> redis.opsForZSet().reverseRangeWithScores(board, 0, 29))
							.figures())
				.subject(ZINCRBY, zincrby(options, bench, redis, board, size))
				.run(options.rounds);
			lastAward = results.ratio(AWARD, AWARD + FIRST, SERVER_US);
			lastRank = results.ratio(RANK, RANK + FIRST, SERVER_US);
			lastZincrby = results.ratio(ZINCRBY, ZINCRBY + FIRST, SERVER_US);
			last = size;
			section.row(size, Math.log(size) / Math.log(2), results.median(AWARD, Latencies.P50),
					results.median(AWARD, Latencies.P99), results.median(AWARD, SERVER_US),
					results.median(RANK, Latencies.P50), results.median(RANK, Latencies.P99),
					results.median(RANK, SERVER_US), results.median(TOP, Latencies.P99),
					results.median(RANGE, Latencies.P99), results.median(ZINCRBY, SERVER_US), lastAward.ratio(),
					lastRank.ratio(), lastZincrby.ratio());
			section.note(String.format(Locale.ROOT, "%,d members loaded in %.1f s", size, loadSeconds));
		}
		bench.sync().unlink(board, firstBoard);
		bench.sync()
			.unlink(EngineKeys.monthBoard(engine.prefix, today), EngineKeys.monthBoard(firstSize.prefix, today));
		double logRatio = Math.log(last) / Math.log(first);
		double sizeRatio = (double) last / first;
		Interleaved.Spread worst = (lastAward.median() >= lastRank.median()) ? lastAward : lastRank;
		section.note(String.format(Locale.ROOT,
				"from %,d to %,d members log N grows %.2fx and N grows %,.0fx; only the day board is grown, the month "
						+ "board holds the award traffic alone",
				first, last, logRatio, sizeRatio));
		section.note(String.format(Locale.ROOT,
				"at every point a second engine keeps a day board of %,d members: award, rankOf and raw ZINCRBY on it "
						+ "are the baselines of %d interleaved rounds (%.1f s per call and round, plus a closing round "
						+ "of the baselines); \"/ first\" is the median of the per-round ratios (min-max), the other "
						+ "figures medians over the rounds; at %,d members both boards have the same size, which shows "
						+ "the noise floor",
				first, options.rounds, options.growthSeconds, first));
		section.note(String.format(Locale.ROOT,
				"raw ZINCRBY on the same board grew %s over the same range: a sorted set's "
						+ "O(log N) steps get slower once it outgrows the CPU caches, for the bare command as for ours",
				lastZincrby.ratio()));
		section.note("server us = Redis's own time per EVALSHA while the column's calls ran (INFO commandstats "
				+ "deltas, server-wide): the cost that grows with N, free of the client-side scheduling noise that "
				+ "dominates p99 on a shared 2-core machine");
		// generous bound: twice the log growth (a large constant part does not grow at
		// all)
		section.target("award and rankOf cost grow like log N, not worse", worst.median() <= 2 * logRatio,
				String.format(Locale.ROOT,
						"server time per call grew %s from %,d to %,d members (log N: %.2fx, N: %,.0fx)",
						worst.ratioWithIqr(), first, last, logRatio, sizeRatio));
		report.add(section);
	}

	/** Awards of a new field each to random members of a board of {@code size}. */
	private static Interleaved.Arm award(BenchOptions options, BenchRedis bench, ActivityRankService service, int size,
			AtomicInteger rounds) {
		return () -> {
			int round = rounds.getAndIncrement();
			return serverTimed(bench, "evalsha",
					() -> Latencies.measure(options.queryThreads, options.growthSeconds,
							(t, i) -> service.award("q" + ThreadLocalRandom.current().nextInt(size),
									"g" + round + "_" + t + "_" + i, EngineContext.RULE)));
		};
	}

	private static Interleaved.Arm rank(BenchOptions options, BenchRedis bench, ActivityRankService service, int size) {
		return () -> serverTimed(bench, "evalsha", () -> Latencies.measure(options.queryThreads, options.growthSeconds,
				(t, i) -> service.board(Period.DAY).rankOf("q" + ThreadLocalRandom.current().nextInt(size))));
	}

	/**
	 * The same board written by the bare command: how much of the growth is the sorted
	 * set's own.
	 */
	private static Interleaved.Arm zincrby(BenchOptions options, BenchRedis bench, StringRedisTemplate redis,
			String board, int size) {
		return () -> serverTimed(bench, "zincrby",
				() -> Latencies.measure(options.queryThreads, options.growthSeconds, (t, i) -> redis.opsForZSet()
					.incrementScore(board, "q" + ThreadLocalRandom.current().nextInt(size), 1)));
	}

	/** The calls' figures plus Redis's own time per call of {@code command} meanwhile. */
	private static Map<String, Double> serverTimed(BenchRedis bench, String command,
			Supplier<Latencies.Summary> calls) {
		long[] before = bench.commandStats(command);
		Map<String, Double> figures = calls.get().figures();
		figures.put(SERVER_US, bench.usecPerCallSince(command, before));
		return figures;
	}

}
