package io.github.activityrank.benchmarks;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.RedisRollingBoards;
import io.github.activityrank.redis.ShardMap;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.zset.DefaultTuple;
import org.springframework.data.redis.connection.zset.Tuple;

/**
 * Section 12 of the report, rolling boards: reads of the 7-day rolling board, built over
 * seven day boards of {@link #members} members each, against the same reads of today's
 * day board (a plain board of as many members) in interleaved rounds, and the time of a
 * rebuild (every day board read, the rolling board written and swapped in).
 */
final class RollingReadBench {

	private static final String DAY_TOP = "board(DAY).top(30)";

	private static final String ROLLING_TOP = "rolling(7).top(30)";

	private static final String DAY_RANK = "board(DAY).rankOf(u)";

	private static final String ROLLING_RANK = "rolling(7).rankOf(u)";

	private static final int READ_THREADS = 4;

	private static final int REBUILDS = 3;

	private RollingReadBench() {
	}

	static int members(BenchOptions options) {
		return options.quick ? 10_000 : 1_000_000;
	}

	static void run(BenchOptions options, Report report, BenchRedis bench, String runId) {
		String prefix = "rolling_" + runId;
		int members = members(options);
		// a refresh longer than the run: the reads measure a built board
		try (EngineContext context = EngineContext.start(options, prefix, "activity-rank.periods=day",
				"activity-rank.rolling=7", "activity-rank.rolling-refresh=1h",
				// one ZUNIONSTORE of 7,000,000 entries runs longer than the default 5 s
				"activity-rank.redis.command-timeout=10m")) {
			ActivityRankService ranks = context.service();
			RedisConnectionFactory connections = context.bean(RedisConnectionFactory.class);
			long loadStarted = System.nanoTime();
			load(connections, new RankKeys(prefix), ranks.today(), members);
			double loadSeconds = (System.nanoTime() - loadStarted) / 1e9;
			System.out.printf(Locale.ROOT, "rolling: 7 day boards of %,d members loaded in %.1f s%n", members,
					loadSeconds);
			List<Double> rebuilds = new ArrayList<>();
			for (int b = 0; b < REBUILDS; b++) {
				rebuilds.add(rebuild(context, connections, prefix));
				System.out.printf(Locale.ROOT, "rolling: rebuild %d took %.2f s%n", b + 1, rebuilds.get(b));
			}
			long firstStarted = System.nanoTime();
			long size = ranks.rolling(7).size();
			double firstSeconds = (System.nanoTime() - firstStarted) / 1e9;
			Interleaved.Results results = Interleaved.plan()
				.warmup(1)
				.baseline(DAY_TOP,
						() -> Latencies
							.measure(READ_THREADS, options.awardSeconds, (thread, i) -> ranks.board(Period.DAY).top(30))
							.figures())
				.subject(ROLLING_TOP,
						() -> Latencies
							.measure(READ_THREADS, options.awardSeconds, (thread, i) -> ranks.rolling(7).top(30))
							.figures())
				.baseline(DAY_RANK,
						() -> Latencies
							.measure(READ_THREADS, options.awardSeconds,
									(thread, i) -> ranks.board(Period.DAY).rankOf(user(i, members)))
							.figures())
				.subject(ROLLING_RANK,
						() -> Latencies
							.measure(READ_THREADS, options.awardSeconds,
									(thread, i) -> ranks.rolling(7).rankOf(user(i, members)))
							.figures())
				.run(options.rounds);
			for (String arm : List.of(DAY_TOP, ROLLING_TOP, DAY_RANK, ROLLING_RANK)) {
				System.out.printf(Locale.ROOT, "%s: p50 %.1f us, p99 %.1f us%n", arm,
						results.median(arm, Latencies.P50), results.median(arm, Latencies.P99));
			}
			Interleaved.Spread top = results.ratio(ROLLING_TOP, DAY_TOP, Latencies.P99);
			Interleaved.Spread rank = results.ratio(ROLLING_RANK, DAY_RANK, Latencies.P99);
			Interleaved.Spread rebuild = Interleaved.Spread.of(rebuilds);
			Report.Section section = new Report.Section(
					String.format(Locale.ROOT,
							"12. Rolling boards: reads of a 7-day board over day boards of %,d members (%d threads), "
									+ "and its rebuild",
							members, READ_THREADS),
					"measure", "p50 us", "p99 us", "p99 / day board", "reads/s");
			section.row(DAY_TOP, results.median(DAY_TOP, Latencies.P50), results.median(DAY_TOP, Latencies.P99),
					Report.ratio(1), results.median(DAY_TOP, Latencies.PER_SECOND));
			section.row(ROLLING_TOP, results.median(ROLLING_TOP, Latencies.P50),
					results.median(ROLLING_TOP, Latencies.P99), top.ratio(),
					results.median(ROLLING_TOP, Latencies.PER_SECOND));
			section.row(DAY_RANK, results.median(DAY_RANK, Latencies.P50), results.median(DAY_RANK, Latencies.P99),
					Report.ratio(1), results.median(DAY_RANK, Latencies.PER_SECOND));
			section.row(ROLLING_RANK, results.median(ROLLING_RANK, Latencies.P50),
					results.median(ROLLING_RANK, Latencies.P99), rank.ratio(),
					results.median(ROLLING_RANK, Latencies.PER_SECOND));
			section.note(String.format(Locale.ROOT,
					"7 day boards of %,d members each (the same users every day, points 1-100) written with ZADD in "
							+ "%.1f s; the rolling board holds %,d members; one warm-up cycle, then %d interleaved "
							+ "rounds of %.1f s per arm; a ratio is the median of per-round ratios (min-max)",
					members, loadSeconds, size, options.rounds, options.awardSeconds));
			section.note(String.format(Locale.ROOT,
					"rebuild (ZUNIONSTORE of the 7 day boards into a temporary key, RENAME onto the board, the state "
							+ "recorded): %s over %d rebuilds; the service's first read, which found the board built, took %.3f s",
					rebuild.valueWithIqr("s"), REBUILDS, firstSeconds));
			section.target("rolling(7) p99 <= 2x the day board's, once built (top(30) and rankOf)",
					top.median() <= 2 && rank.median() <= 2,
					"top(30) " + top.ratioWithIqr() + ", rankOf " + rank.ratioWithIqr() + " of the day board's");
			report.add(section);
		}
	}

	private static String user(long i, int members) {
		return "u" + Math.floorMod(i * 7919, members);
	}

	/**
	 * One rebuild by a new instance after the state was dropped: what a stale read pays.
	 */
	private static double rebuild(EngineContext context, RedisConnectionFactory connections, String prefix) {
		try (RedisConnection connection = connections.getConnection()) {
			connection.keyCommands().del(bytes("{" + prefix + "}:rolling-state:7"));
		}
		RedisRollingBoards boards = new RedisRollingBoards(connections, context.bean(ShardMap.class),
				context.bean(ActivityCalendar.class), context.bean(BoardOrder.class), List.of(7), Duration.ofHours(1));
		long started = System.nanoTime();
		boards.rolling(7);
		return (System.nanoTime() - started) / 1e9;
	}

	/** The same users on the 7 days' boards, each with its own points per day. */
	private static void load(RedisConnectionFactory connections, RankKeys keys, LocalDate today, int members) {
		try (RedisConnection connection = connections.getConnection()) {
			for (int d = 0; d < 7; d++) {
				byte[] board = bytes(keys.board(Period.DAY, today.minusDays(d)));
				Set<Tuple> batch = new HashSet<>();
				for (int m = 0; m < members; m++) {
					batch.add(new DefaultTuple(bytes("u" + m), (double) (1 + Math.floorMod(m * 31 + d * 17, 100))));
					if (batch.size() == 10_000) {
						connection.zSetCommands().zAdd(board, batch);
						batch.clear();
					}
				}
				if (!batch.isEmpty()) {
					connection.zSetCommands().zAdd(board, batch);
				}
				connection.keyCommands().expire(board, 86_400 * 2);
			}
		}
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
