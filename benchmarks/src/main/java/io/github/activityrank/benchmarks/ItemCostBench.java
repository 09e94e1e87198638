package io.github.activityrank.benchmarks;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.ReturnType;

/**
 * What an item costs an award on the server (issue 24): an award with an item (three
 * boards, the hot board, unique users on) against its floor, measured in the same
 * interleaved rounds: the same award without an item plus a bare script doing one ZINCRBY
 * per item board, a read and a write of the hot board and one PFADD per unique count. Run
 * alone: {@code java ... ItemCostBench [--rounds n] [--database n]}.
 */
final class ItemCostBench {

	private static final String SERVER_US = "server us/award";

	private static final String FLOOR = "award without item + bare item script";

	private static final String SUBJECT = "award with an item";

	private static final int ARTICLES = 1000;

	/** The floor of the item's share: what any item board needs at the least. */
	private static final String BARE = "for k = 1, 3 do redis.call('ZINCRBY', KEYS[k], 5, ARGV[1]) end "
			+ "local s = redis.call('ZSCORE', KEYS[4], ARGV[1]) "
			+ "redis.call('ZADD', KEYS[4], (tonumber(s) or 0) + 1, ARGV[1]) "
			+ "for k = 5, 7 do redis.call('PFADD', KEYS[k] .. ARGV[1], ARGV[2]) end return 1";

	private ItemCostBench() {
	}

	public static void main(String[] args) {
		BenchOptions options = BenchOptions.parse(args);
		String runId = UUID.randomUUID().toString().substring(0, 8);
		try (BenchRedis bench = new BenchRedis(options.host, options.port, options.database)) {
			try {
				run(options, bench, runId);
			}
			finally {
				System.out.println("Removed " + bench.unlinkMatching("*" + runId + "*") + " keys of run " + runId);
			}
		}
		System.exit(0);
	}

	static void run(BenchOptions options, BenchRedis bench, String runId) {
		int threads = options.threadCounts[options.threadCounts.length - 1];
		int users = Math.min(options.users, 10_000);
		try (EngineContext plain = EngineContext.start(options, "items_plain_" + runId);
				EngineContext items = EngineContext.start(options, "items_" + runId,
						"activity-rank.periods=day,week,total", "activity-rank.items.article.points.praise=5",
						"activity-rank.items.article.hot.half-life=12h",
						"activity-rank.items.article.unique-users=true")) {
			RedisConnectionFactory connections = plain.bean(RedisConnectionFactory.class);
			String tag = "{items_floor_" + runId + "}";
			byte[][] keys = { bytes(tag + ":d"), bytes(tag + ":w"), bytes(tag + ":t"), bytes(tag + ":hot"),
					bytes(tag + ":ud:"), bytes(tag + ":uw:"), bytes(tag + ":ut:") };
			String sha;
			try (RedisConnection connection = connections.getConnection()) {
				sha = connection.scriptingCommands().scriptLoad(bytes(BARE));
			}
			ActivityRankService plainService = plain.service();
			ActivityRankService itemService = items.service();
			Interleaved.Results results = Interleaved.plan()
				.warmup(1)
				.baseline(FLOOR, arm(options, bench, threads, users, (user, field, article) -> {
					plainService.award(user, field, EngineContext.RULE);
					try (RedisConnection connection = connections.getConnection()) {
						byte[][] keysAndArgs = new byte[keys.length + 2][];
						System.arraycopy(keys, 0, keysAndArgs, 0, keys.length);
						keysAndArgs[keys.length] = bytes(article);
						keysAndArgs[keys.length + 1] = bytes(user);
						connection.scriptingCommands().evalSha(sha, ReturnType.INTEGER, keys.length, keysAndArgs);
					}
				}))
				.subject(SUBJECT,
						arm(options, bench, threads, users, (user, field, article) -> itemService
							.apply(ActivityEvent.award(user, field, EngineContext.RULE).withItem("article", article))))
				.run(options.rounds);
			Interleaved.Spread ratio = results.ratio(SUBJECT, FLOOR, SERVER_US);
			System.out.println(String.format(Locale.ROOT,
					"%d threads, %,d users, %d rounds of %.1f s: floor %.1f us/award, with item %.1f us/award", threads,
					users, options.rounds, options.awardSeconds, results.median(FLOOR, SERVER_US),
					results.median(SUBJECT, SERVER_US)));
			System.out.println("award with an item / its floor: " + ratio.ratioWithIqr() + " (target <= 1.3x: "
					+ ((ratio.median() <= 1.3) ? "met" : "not met") + ")");
		}
	}

	private interface ItemAward {

		void apply(String user, String field, String article);

	}

	private static Interleaved.Arm arm(BenchOptions options, BenchRedis bench, int threads, int users,
			ItemAward award) {
		List<String> commands = List.of("evalsha", "eval");
		return () -> {
			long before = serverMicros(bench, commands);
			Latencies.Summary run = Latencies.throughput(threads, options.awardSeconds, (thread, i) -> {
				ThreadLocalRandom random = ThreadLocalRandom.current();
				award.apply("u" + random.nextInt(users), random.nextInt(options.fieldsPerUser) + "_praise",
						"a" + random.nextInt(ARTICLES));
			});
			long after = serverMicros(bench, commands);
			Map<String, Double> figures = new LinkedHashMap<>(run.figures());
			figures.put(SERVER_US, (after - before) / (double) run.calls());
			return figures;
		};
	}

	private static long serverMicros(BenchRedis bench, List<String> commands) {
		long sum = 0;
		for (String command : commands) {
			sum += bench.commandStats(command)[1];
		}
		return sum;
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
