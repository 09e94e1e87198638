package io.github.activityrank.benchmarks;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.RedisRollingBoards;
import io.github.activityrank.redis.ScopeKeys;
import io.github.activityrank.redis.ShardMap;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.zset.DefaultTuple;
import org.springframework.data.redis.connection.zset.Tuple;

/**
 * Section 12 of the report, rolling boards: reads of the 7-day rolling board, built over
 * seven day boards of {@link #members} members each, against the same reads of today's
 * day board (a plain board of as many members) in interleaved rounds, and the time of a
 * rebuild (every day board read, the rolling board written and swapped in), of the global
 * board and of one scope id's board over scope day boards of as many members; during each
 * rebuild another connection PINGs every 50 ms, and the longest wait shows how long the
 * rebuild held Redis at once.
 */
final class RollingReadBench {

	private static final String DAY_TOP = "board(DAY).top(30)";

	private static final String ROLLING_TOP = "rolling(7).top(30)";

	private static final String DAY_RANK = "board(DAY).rankOf(u)";

	private static final String ROLLING_RANK = "rolling(7).rankOf(u)";

	private static final int READ_THREADS = 4;

	private static final int REBUILDS = 3;

	private static final String SCOPED = "7:category:java";

	private static final long PING_MILLIS = 50;

	private RollingReadBench() {
	}

	static int members(BenchOptions options) {
		if (options.rollingMembers > 0) {
			return options.rollingMembers;
		}
		return options.quick ? 10_000 : 1_000_000;
	}

	static void run(BenchOptions options, Report report, BenchRedis bench, String runId) {
		String prefix = "rolling_" + runId;
		int members = members(options);
		// a refresh longer than the run: the reads measure a built board
		// the default command timeout (5 s): each call of a rebuild reads about 10,000
		// entries
		try (EngineContext context = EngineContext.start(options, prefix, "activity-rank.periods=day",
				"activity-rank.rolling=7", "activity-rank.rolling-refresh=1h",
				"activity-rank.scopes.category.periods=day")) {
			ActivityRankService ranks = context.service();
			RedisConnectionFactory connections = context.bean(RedisConnectionFactory.class);
			long loadStarted = System.nanoTime();
			load(connections, new RankKeys(prefix), ranks.today(), members);
			double loadSeconds = (System.nanoTime() - loadStarted) / 1e9;
			System.out.printf(Locale.ROOT, "rolling: 7 day boards of %,d members loaded in %.1f s%n", members,
					loadSeconds);
			copyToScope(bench, new RankKeys(prefix), ranks.today());
			Rebuilds global = new Rebuilds();
			Rebuilds scoped = new Rebuilds();
			for (int b = 0; b < REBUILDS; b++) {
				global.add(rebuild(context, bench, prefix, "7", (boards) -> boards.rolling(7)));
				scoped.add(rebuild(context, bench, prefix, SCOPED, (boards) -> boards.rolling(7, "category", "java")));
				System.out.printf(Locale.ROOT, "rolling: rebuild %d took %.2f s, the scoped one %.2f s%n", b + 1,
						global.seconds.get(b), scoped.seconds.get(b));
			}
			double loadAverage = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
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
					"rebuild (calls of rolling-chunk.lua, about 10,000 units of work each, into a temporary key, RENAME onto "
							+ "the board, the state recorded) by a new instance, over %d rebuilds at load %.1f: "
							+ "rolling(7) %s; rolling(7, \"category\", \"java\") over scope day boards of as many "
							+ "members %s; the service's first read, which found the board built, took %.3f s",
					REBUILDS, loadAverage, global.describe(), scoped.describe(), firstSeconds));
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
	 * One rebuild by a new instance after the state was dropped: what a stale read pays,
	 * with the longest wait of a PING sent meanwhile and the script calls it took.
	 */
	private static double[] rebuild(EngineContext context, BenchRedis bench, String prefix, String name,
			Consumer<RedisRollingBoards> read) {
		bench.sync().del("{" + prefix + "}:rolling-state:" + name);
		RedisRollingBoards boards = new RedisRollingBoards(context.bean(RedisConnectionFactory.class),
				context.bean(ShardMap.class), context.bean(ActivityCalendar.class), context.bean(BoardOrder.class),
				List.of(7), Duration.ofHours(1));
		long[] callsBefore = bench.commandStats("evalsha");
		AtomicLong longestPing = new AtomicLong();
		AtomicBoolean building = new AtomicBoolean(true);
		Thread pings = new Thread(() -> {
			while (building.get()) {
				long sent = System.nanoTime();
				bench.sync().ping();
				longestPing.accumulateAndGet(System.nanoTime() - sent, Math::max);
				LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(PING_MILLIS));
			}
		}, "rolling-ping");
		pings.start();
		long started = System.nanoTime();
		read.accept(boards);
		double seconds = (System.nanoTime() - started) / 1e9;
		building.set(false);
		try {
			pings.join();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		long[] callsAfter = bench.commandStats("evalsha");
		return new double[] { seconds, longestPing.get() / 1e6, callsAfter[0] - callsBefore[0],
				(callsAfter[1] - callsBefore[1]) / 1e6 };
	}

	/**
	 * The global day boards copied onto the day boards of scope id java of kind category.
	 */
	private static void copyToScope(BenchRedis bench, RankKeys keys, LocalDate today) {
		ScopeKeys scope = new ScopeKeys(keys);
		for (int d = 0; d < 7; d++) {
			LocalDate day = today.minusDays(d);
			bench.sync()
				.copy(keys.board(Period.DAY, day),
						scope.scopeBoard("category", RankKeys.encode("java"), Period.DAY, day));
		}
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

	/** The figures of the rebuilds of one board. */
	private static final class Rebuilds {

		final List<Double> seconds = new ArrayList<>();

		private final List<Double> longestPings = new ArrayList<>();

		private final List<Double> calls = new ArrayList<>();

		private final List<Double> redisSeconds = new ArrayList<>();

		void add(double[] rebuild) {
			this.seconds.add(rebuild[0]);
			this.longestPings.add(rebuild[1]);
			this.calls.add(rebuild[2]);
			this.redisSeconds.add(rebuild[3]);
		}

		String describe() {
			return Interleaved.Spread.of(this.seconds).valueWithIqr("s") + ", Redis inside its calls (commandstats) "
					+ Interleaved.Spread.of(this.redisSeconds).value("s") + " in "
					+ Interleaved.Spread.of(this.calls).value("calls") + ", longest PING wait meanwhile "
					+ Interleaved.Spread.of(this.longestPings).value("ms");
		}

	}

}
