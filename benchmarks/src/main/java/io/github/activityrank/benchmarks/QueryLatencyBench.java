package io.github.activityrank.benchmarks;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;

import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Section 4 of the report, query latency: queries on a board of N members from several
 * threads, in interleaved rounds with raw {@code ZREVRANGE key 0 29 WITHSCORES} through
 * the same Lettuce client ({@link Interleaved}), so that each latency ratio is the median
 * of per-round ratios.
 */
final class QueryLatencyBench {

	private static final String RAW = "raw ZREVRANGE 0 29 WITHSCORES";

	private QueryLatencyBench() {
	}

	static void run(BenchOptions options, Report report, BenchRedis bench, EngineContext engine) {
		ActivityRankService service = engine.service();
		StringRedisTemplate redis = engine.redis();
		LocalDate today = LocalDate.now(engine.zone);
		String board = EngineKeys.dayBoard(engine.prefix, today);
		int size = options.queryBoardSize;
		long started = System.nanoTime();
		loadBoard(bench, board, 0, size);
		double loadSeconds = (System.nanoTime() - started) / 1e9;
		checkLayout(service, redis, board);

		long offset = Math.min(options.deepPageOffset, Math.max(0, size - 30));
		Map<String, Latencies.Call> queries = new LinkedHashMap<>();
		queries.put("top(30) + RankUserLookup", (t, i) -> expect(service.top(Period.DAY, 30), 30));
		queries.put("rankOf", (t, i) -> rankOf(service, "q" + ThreadLocalRandom.current().nextInt(size)));
		queries.put("around(5)",
				(t, i) -> expect(service.around("q" + ThreadLocalRandom.current().nextInt(size), Period.DAY, 5), 11));
		queries.put("page(offset " + offset + ", 30)",
				(t, i) -> expect(service.page(Period.DAY, today, offset, 30), 30));
		Interleaved plan = Interleaved.plan()
			.warmup(1)
			.baseline(RAW, arm(options, (t, i) -> redis.opsForZSet().reverseRangeWithScores(board, 0, 29)));
		queries.forEach((name, call) -> plan.subject(name, arm(options, call)));
		Interleaved.Results results = plan.run(options.rounds);

		Report.Section section = new Report.Section(
				"4. Queries on a board of " + String.format(Locale.ROOT, "%,d", size) + " members, "
						+ options.queryThreads + " threads",
				"query", "calls/s", "p50 us", "p99 us", "p50 / raw", "p99 / raw");
		section.row(RAW, results.median(RAW, Latencies.PER_SECOND), results.median(RAW, Latencies.P50),
				results.median(RAW, Latencies.P99), Report.ratio(1), Report.ratio(1));
		Interleaved.Spread worst = null;
		String worstQuery = "";
		for (String query : queries.keySet()) {
			Interleaved.Spread p99 = results.ratio(query, RAW, Latencies.P99);
			if (worst == null || p99.median() > worst.median()) {
				worst = p99;
				worstQuery = query;
			}
			section.row(query, results.median(query, Latencies.PER_SECOND), results.median(query, Latencies.P50),
					results.median(query, Latencies.P99), results.ratio(query, RAW, Latencies.P50).ratio(),
					p99.ratio());
		}
		section.note(String.format(Locale.ROOT,
				"board %s loaded with %,d members by pipelined ZADD in %.1f s; one warm-up cycle, then %d interleaved "
						+ "rounds of the raw command and every query (%.1f s each) and a closing raw round",
				board, size, loadSeconds, options.rounds, options.querySeconds));
		section.note("calls/s, p50 and p99 are medians over the rounds; a ratio cell is the median of the per-round "
				+ "ratios (min-max), each query round over the mean of the raw rounds just before and after it");
		section.target("query p99 <= 2x raw ZREVRANGE", worst.median() <= 2.0,
				"worst is " + worstQuery + " at " + worst.ratioWithIqr());
		report.add(section);
		redis.unlink(board);
	}

	private static Interleaved.Arm arm(BenchOptions options, Latencies.Call call) {
		return () -> Latencies.measure(options.queryThreads, options.querySeconds, call).figures();
	}

	static void loadBoard(BenchRedis bench, String board, long from, long to) {
		bench.bulkZadd(board, from, to, i -> "q" + i, i -> (double) (i * 7919 % 1_000_003));
	}

	/** Fails loudly when the engine does not read the board the harness loaded. */
	static void checkLayout(ActivityRankService service, StringRedisTemplate redis, String board) {
		Optional<RankEntry> entry = service.rankOf("q0", Period.DAY);
		if (entry.isEmpty()) {
			throw new IllegalStateException("The engine does not read board " + board
					+ ": EngineKeys no longer matches the engine's key layout");
		}
	}

	private static void rankOf(ActivityRankService service, String user) {
		if (service.rankOf(user, Period.DAY).isEmpty()) {
			throw new IllegalStateException(user + " not found");
		}
	}

	private static void expect(List<RankEntry> entries, int size) {
		if (entries.size() != size) {
			throw new IllegalStateException("expected " + size + " entries, got " + entries.size());
		}
	}

}
