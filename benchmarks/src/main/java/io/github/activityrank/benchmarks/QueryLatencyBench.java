package io.github.activityrank.benchmarks;

import java.time.LocalDate;
import java.util.ArrayList;
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
 * Issue 5, figure 4: query latency on a board of N members from several threads, each
 * figure a ratio to raw {@code ZREVRANGE key 0 29 WITHSCORES} through the same Lettuce
 * client in the same run.
 */
final class QueryLatencyBench {

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
		Map<String, Latencies.Call> calls = new LinkedHashMap<>();
		calls.put("raw ZREVRANGE 0 29 WITHSCORES", (t, i) -> redis.opsForZSet().reverseRangeWithScores(board, 0, 29));
		calls.put("top(30) + RankUserLookup", (t, i) -> expect(service.top(Period.DAY, 30), 30));
		calls.put("rankOf", (t, i) -> rankOf(service, "q" + ThreadLocalRandom.current().nextInt(size)));
		calls.put("around(5)",
				(t, i) -> expect(service.around("q" + ThreadLocalRandom.current().nextInt(size), Period.DAY, 5), 11));
		calls.put("page(offset " + offset + ", 30)", (t, i) -> expect(service.page(Period.DAY, today, offset, 30), 30));
		// warm every path once before measuring
		for (Latencies.Call call : calls.values()) {
			Latencies.measure(options.queryThreads, Math.min(1.0, options.querySeconds), call);
		}
		// interleaved rounds: the raw command and every query see the same background
		// noise
		Map<String, List<Latencies.Summary>> rounds = new LinkedHashMap<>();
		int roundCount = options.quick ? 1 : 5;
		for (int round = 0; round < roundCount; round++) {
			for (Map.Entry<String, Latencies.Call> entry : calls.entrySet()) {
				rounds.computeIfAbsent(entry.getKey(), k -> new ArrayList<>())
					.add(Latencies.measure(options.queryThreads, options.querySeconds / roundCount, entry.getValue()));
			}
		}
		Report.Section section = new Report.Section(
				"4. Queries on a board of " + String.format(Locale.ROOT, "%,d", size) + " members, "
						+ options.queryThreads + " threads",
				"query", "calls/s", "p50 us", "p99 us", "p50 / raw", "p99 / raw");
		Latencies.Summary raw = null;
		double worstP99Ratio = 0;
		String worst = "";
		for (Map.Entry<String, List<Latencies.Summary>> entry : rounds.entrySet()) {
			Latencies.Summary summary = Latencies.Summary.merge(entry.getValue());
			if (raw == null) {
				raw = summary;
			}
			else if (summary.p99() / raw.p99() > worstP99Ratio) {
				worstP99Ratio = summary.p99() / raw.p99();
				worst = entry.getKey();
			}
			section.row(entry.getKey(), summary.perSecond(), summary.p50(), summary.p99(),
					Report.ratio(summary.p50() / raw.p50()), Report.ratio(summary.p99() / raw.p99()));
		}
		section.note(String.format(Locale.ROOT,
				"board %s loaded with %,d members by pipelined ZADD in %.1f s; %s s per query in %d interleaved rounds",
				board, size, loadSeconds, options.querySeconds, roundCount));
		section.target("query p99 <= 2x raw ZREVRANGE", worstP99Ratio <= 2.0,
				"worst is " + worst + " at " + Report.ratio(worstP99Ratio));
		report.add(section);
		redis.unlink(board);
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
