package io.github.activityrank.benchmarks;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ItemRankService;
import io.github.activityrank.Period;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.IntegerOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.zset.Tuple;

/**
 * Section 9 of the report, item boards (issue 24): {@code hot(type).top(30)} latency
 * against a raw {@code ZREVRANGE 0 29 WITHSCORES} of the same hot board in interleaved
 * rounds, the error of the unique-user count at 100,000 distinct users, and the bytes per
 * member of an item board and of the hot board against a plain sorted set holding the
 * same members ({@code MEMORY USAGE ... SAMPLES 0}).
 */
final class ItemReadBench {

	private static final String RAW = "raw ZREVRANGE 0 29 WITHSCORES";

	private static final String HOT = "hot(article).top(30)";

	private static final String WEEK = "board(article, WEEK).top(30)";

	private static final int ITEMS = 10_000;

	private static final int UNIQUE_USERS = 100_000;

	private static final int READ_THREADS = 4;

	private ItemReadBench() {
	}

	static void run(BenchOptions options, Report report, BenchRedis bench, String runId) {
		String prefix = "itemread_" + runId;
		try (EngineContext context = EngineContext.start(options, prefix, "activity-rank.periods=day,week,total",
				"activity-rank.items.article.points." + EngineContext.RULE + "=5",
				"activity-rank.items.article.hot.half-life=12h", "activity-rank.items.article.unique-users=true")) {
			ActivityRankService ranks = context.service();
			ItemRankService items = context.bean(ItemRankService.class);
			RedisConnectionFactory connections = context.bean(RedisConnectionFactory.class);
			long loadStarted = System.nanoTime();
			load(ranks);
			double loadSeconds = (System.nanoTime() - loadStarted) / 1e9;
			byte[] hotKey = bytes("{" + prefix + "}:hot:article");
			Interleaved.Results results = Interleaved.plan()
				.warmup(1)
				.baseline(RAW, () -> Latencies.measure(READ_THREADS, options.awardSeconds, (thread, i) -> {
					try (RedisConnection connection = connections.getConnection()) {
						connection.zSetCommands().zRevRangeWithScores(hotKey, 0, 29);
					}
				}).figures())
				.subject(HOT,
						() -> Latencies
							.measure(READ_THREADS, options.awardSeconds, (thread, i) -> items.hot("article").top(30))
							.figures())
				.subject(WEEK,
						() -> Latencies
							.measure(READ_THREADS, options.awardSeconds,
									(thread, i) -> items.board("article", Period.WEEK).top(30))
							.figures())
				.run(options.rounds);
			for (String arm : List.of(RAW, HOT, WEEK)) {
				System.out.printf(Locale.ROOT, "%s: p50 %.1f us, p99 %.1f us%n", arm,
						results.median(arm, Latencies.P50), results.median(arm, Latencies.P99));
			}
			String board = "{" + prefix + "}:item:article:total";
			String plain = "{" + prefix + "}:plain";
			double boardBytes;
			double hotBytes;
			double plainBytes;
			try (RedisConnection connection = connections.getConnection()) {
				Set<Tuple> members = connection.zSetCommands().zRangeWithScores(bytes(board), 0, -1);
				connection.zSetCommands().zAdd(bytes(plain), members);
				boardBytes = perMember(bench, connection, board);
				hotBytes = perMember(bench, connection, "{" + prefix + "}:hot:article");
				plainBytes = perMember(bench, connection, plain);
				connection.keyCommands().del(bytes(plain));
			}
			long uniqueStarted = System.nanoTime();
			long counted = unique(ranks, items);
			double uniqueSeconds = (System.nanoTime() - uniqueStarted) / 1e9;
			double error = Math.abs(counted - UNIQUE_USERS) / (double) UNIQUE_USERS;
			Report.Section section = new Report.Section(
					String.format(Locale.ROOT,
							"9. Item boards: reads of a hot board of %,d items (%d threads), "
									+ "unique users, bytes per member",
							ITEMS, READ_THREADS),
					"measure", "p50 us", "p99 us", "p99 / raw", "reads/s");
			for (String arm : List.of(RAW, HOT, WEEK)) {
				section.row(arm, results.median(arm, Latencies.P50), results.median(arm, Latencies.P99),
						arm.equals(RAW) ? Report.ratio(1) : results.ratio(arm, RAW, Latencies.P99).ratio(),
						results.median(arm, Latencies.PER_SECOND));
			}
			Interleaved.Spread hot = results.ratio(HOT, RAW, Latencies.P99);
			section.note(String.format(Locale.ROOT,
					"%,d items on the hot board and the day, week and total boards, loaded by %,d awards in %.1f s; "
							+ "one warm-up cycle, then %d interleaved rounds of %.1f s per arm; a ratio is the median "
							+ "of per-round ratios (min-max)",
					ITEMS, 2 * ITEMS, loadSeconds, options.rounds, options.awardSeconds));
			section
				.note(String.format(Locale.ROOT,
						"unique users: %,d distinct users each praised one item (%.1f s of awards); uniqueUsers "
								+ "answered %,d, an error of %.2f%%",
						UNIQUE_USERS, uniqueSeconds, counted, 100 * error));
			section.note(String.format(Locale.ROOT,
					"MEMORY USAGE SAMPLES 0 per member: total item board %.1f bytes, hot board %.1f bytes, a plain "
							+ "sorted set of the same %,d members and scores %.1f bytes",
					boardBytes, hotBytes, ITEMS, plainBytes));
			section.target("hot(type).top(30) p99 <= 2x raw ZREVRANGE", hot.median() <= 2,
					hot.ratioWithIqr() + " of the raw read");
			section.target("unique count error <= 2% at 100,000 distinct users", error <= 0.02,
					String.format(Locale.ROOT, "%.2f%%", 100 * error));
			double bytesRatio = Math.max(boardBytes, hotBytes) / plainBytes;
			section.target("bytes per item per board <= 1.2x a plain sorted-set member", bytesRatio <= 1.2,
					String.format(Locale.ROOT, "%.2fx (item board %.2fx, hot board %.2fx)", bytesRatio,
							boardBytes / plainBytes, hotBytes / plainBytes));
			report.add(section);
		}
	}

	/** Two awards per item from different users, points spread by the item's number. */
	private static void load(ActivityRankService ranks) {
		List<ActivityEvent> events = new ArrayList<>();
		for (int n = 0; n < ITEMS; n++) {
			for (int k = 0; k < 2; k++) {
				String user = "r" + ((n * 7 + k * 13) % 5000);
				events
					.add(ActivityEvent.award(user, "p" + n + "_" + k, EngineContext.RULE).withItem("article", "a" + n));
			}
			if (events.size() >= 2000) {
				ranks.applyAll(events);
				events.clear();
			}
		}
		ranks.applyAll(events);
	}

	private static long unique(ActivityRankService ranks, ItemRankService items) {
		List<ActivityEvent> events = new ArrayList<>();
		for (int u = 0; u < UNIQUE_USERS; u++) {
			events.add(ActivityEvent.award("v" + u, "unique", EngineContext.RULE).withItem("article", "counted"));
			if (events.size() >= 2000) {
				ranks.applyAll(events);
				events.clear();
			}
		}
		ranks.applyAll(events);
		return items.uniqueUsers("article", "counted", Period.DAY);
	}

	private static double perMember(BenchRedis bench, RedisConnection connection, String key) {
		Long usage = bench.sync()
			.dispatch(CommandType.MEMORY, new IntegerOutput<>(StringCodec.UTF8),
					new CommandArgs<>(StringCodec.UTF8).add("USAGE").addKey(key).add("SAMPLES").add(0));
		Long members = connection.zSetCommands().zCard(bytes(key));
		return (usage != null && members != null && members > 0) ? usage / (double) members : Double.NaN;
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
