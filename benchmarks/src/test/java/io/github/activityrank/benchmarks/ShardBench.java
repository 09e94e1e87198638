package io.github.activityrank.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ActivityRankCounters;
import io.github.activityrank.engine.ActivityRules;
import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.engine.CoalescingActivityStore;
import io.github.activityrank.engine.DefaultActivityRankService;
import io.github.activityrank.engine.ScoringRule;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.RedisStores;
import io.github.activityrank.redis.ShardMap;
import io.github.activityrank.redis.ShardedBoards;
import io.github.activityrank.test.RedisClusterTestServer;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;

import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Sharded boards on a local Redis Cluster of three masters
 * ({@link RedisClusterTestServer}: {@code REDIS_CLUSTER_NODES}, or three
 * {@code redis-server} processes it starts), in interleaved rounds:
 * <ol>
 * <li>award throughput and, per master, the share of award script calls and the server
 * time per award ({@code INFO commandstats}, {@code evalsha}), with {@code shards: 3}
 * against {@code shards: 1} on the same cluster;</li>
 * <li>p50 and p99 of {@code top(30)}, {@code rankOf}, {@code around(5)} and
 * {@code page(offset 900,000)} on a board of 3,000,000 members split over three shards
 * (filled by pipelined ZADD straight into the shards' boards), each against a raw
 * {@code ZREVRANGE 0 29 WITHSCORES} on one node in the same rounds.</li>
 * </ol>
 * Run alone: {@code benchmarks/run.sh --shards-only}. Arguments: {@code --rounds N}
 * (default 9: a p99 ratio's median moves less), {@code --members N} (3,000,000),
 * {@code --seconds S} per arm and round (2), {@code --out FILE} (append the section to
 * it), {@code --queries-only}.
 */
public final class ShardBench {

	private static final ZoneId ZONE = ZoneId.of("UTC");

	private static final String RAW = "raw ZREVRANGE 0 29 WITHSCORES, one node";

	private static final List<String> QUERIES = List.of("top(30)", "rankOf", "around(5)", "page(offset 900,000, 30)");

	private ShardBench() {
	}

	public static void main(String[] args) throws Exception {
		int rounds = 9;
		int members = 3_000_000;
		double seconds = 2;
		Path out = null;
		boolean awards = true;
		for (int i = 0; i < args.length; i++) {
			switch (args[i]) {
				case "--rounds" -> rounds = Integer.parseInt(args[++i]);
				case "--members" -> members = Integer.parseInt(args[++i]);
				case "--seconds" -> seconds = Double.parseDouble(args[++i]);
				case "--out" -> out = Path.of(args[++i]);
				case "--queries-only" -> awards = false;
				default -> throw new IllegalArgumentException("Unknown argument " + args[i]);
			}
		}
		RedisClusterTestServer cluster = RedisClusterTestServer.shared();
		LettuceConnectionFactory factory = cluster.newConnectionFactory();
		String run = Long.toString(System.currentTimeMillis() % 1_000_000, 36);
		List<String> lines = new ArrayList<>();
		lines.add("## Sharded boards on a Redis Cluster");
		lines.add("");
		lines.add("- Date: " + ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
		lines.add("- Command: `benchmarks/run.sh --shards-only " + String.join(" ", args) + "`");
		lines.add("- Cluster: " + cluster.source() + "; " + rounds + " interleaved rounds of " + seconds
				+ " s per arm; 2 cores shared by the three masters and the client");
		lines.add("");
		try {
			if (awards) {
				awards(cluster, factory, run, rounds, seconds, lines);
			}
			queries(cluster, factory, run, rounds, seconds, members, lines);
		}
		finally {
			factory.destroy();
		}
		lines.forEach(System.out::println);
		if (out != null) {
			Files.writeString(out, "\n" + String.join("\n", lines) + "\n", StandardCharsets.UTF_8,
					StandardOpenOption.CREATE, StandardOpenOption.APPEND);
		}
		System.exit(0);
	}

	private static void awards(RedisClusterTestServer cluster, LettuceConnectionFactory factory, String run, int rounds,
			double seconds, List<String> lines) throws IOException {
		List<RedisNode> masters = cluster.masters();
		ActivityCalendar calendar = calendar();
		ActivityRules rules = new ActivityRules(Map.of("comment", new ScoringRule("comment", 3, false, null)), null);
		Map<String, ActivityRankService> engines = new LinkedHashMap<>();
		Map<String, ShardMap> shardMaps = new LinkedHashMap<>();
		for (int shards : new int[] { 1, 3 }) {
			ShardMap map = new ShardMap(new RankKeys("shardbench_" + run + "_" + shards), shards);
			RedisStores stores = new RedisStores(factory, map, calendar, BoardOrder.DEFAULT);
			ActivityStore store = stores.activityStore(EnumSet.of(Period.DAY, Period.MONTH));
			engines.put("shards: " + shards,
					new DefaultActivityRankService(rules,
							new CoalescingActivityStore(store, ActivityStore.MAX_BATCH, 2),
							stores.userRecords(EnumSet.of(Period.DAY, Period.MONTH), Map.of()), stores.boards(),
							calendar, EnumSet.of(Period.DAY, Period.MONTH), null, new ActivityRankCounters()));
			shardMaps.put("shards: " + shards, map);
		}
		AtomicLong next = new AtomicLong();
		Interleaved plan = Interleaved.plan().warmup(1);
		engines.forEach((name, service) -> {
			Interleaved.Arm arm = () -> {
				Map<RedisNode, long[]> before = evalshaStats(masters);
				Latencies.Summary summary = Latencies.throughput(4, seconds, (thread, i) -> {
					long n = next.incrementAndGet();
					service.award("u" + (n % 200_000), "f" + n, "comment");
				});
				Map<RedisNode, long[]> after = evalshaStats(masters);
				long calls = 0;
				for (RedisNode master : masters) {
					calls += after.get(master)[0] - before.get(master)[0];
				}
				Map<String, Double> figures = new LinkedHashMap<>(summary.figures());
				for (int m = 0; m < masters.size(); m++) {
					long[] a = after.get(masters.get(m));
					long[] b = before.get(masters.get(m));
					figures.put("share " + m, 100.0 * (a[0] - b[0]) / Math.max(1, calls));
					figures.put("us/award " + m, (double) (a[1] - b[1]) / summary.calls());
				}
				return figures;
			};
			if (name.endsWith("1")) {
				plan.baseline(name, arm);
			}
			else {
				plan.subject(name, arm);
			}
		});
		Interleaved.Results results = plan.run(rounds);
		lines.add("### Awards: shards 3 against shards 1, same cluster");
		lines.add("");
		StringBuilder header = new StringBuilder("| engine | awards/s |");
		StringBuilder rule = new StringBuilder("|---|---|");
		for (int m = 0; m < masters.size(); m++) {
			header.append(" master ")
				.append(m)
				.append(" (")
				.append(masters.get(m).asString())
				.append("): share of calls, server us/award |");
			rule.append("---|");
		}
		lines.add(header.toString());
		lines.add(rule.toString());
		for (String name : engines.keySet()) {
			StringBuilder row = new StringBuilder("| " + name + " | "
					+ String.format(Locale.ROOT, "%,.0f", results.median(name, Latencies.PER_SECOND)) + " |");
			for (int m = 0; m < masters.size(); m++) {
				row.append(String.format(Locale.ROOT, " %.1f%%, %.1f us |", results.median(name, "share " + m),
						results.median(name, "us/award " + m)));
			}
			lines.add(row.toString());
		}
		lines.add("");
		lines.add("Throughput shards 3 / shards 1: "
				+ results.ratio("shards: 3", "shards: 1", Latencies.PER_SECOND).ratio() + " (median, min-max).");
		lines.add("");
		for (ShardMap map : shardMaps.values()) {
			deleteShardKeys(factory, map);
		}
	}

	private static void queries(RedisClusterTestServer cluster, LettuceConnectionFactory factory, String run,
			int rounds, double seconds, int members, List<String> lines) throws Exception {
		ActivityCalendar calendar = calendar();
		ShardMap map = new ShardMap(new RankKeys("shardquery_" + run), 3);
		LocalDate today = calendar.today();
		long started = System.nanoTime();
		fill(factory, map, members);
		double fillSeconds = (System.nanoTime() - started) / 1e9;
		BoardSource store = new ShardedBoards(factory, map, calendar, BoardOrder.DEFAULT).board(Period.TOTAL, today);
		byte[] rawBoard = map.keys(0).board(Period.TOTAL, today).getBytes(StandardCharsets.UTF_8);
		Interleaved plan = Interleaved.plan().warmup(1);
		plan.baseline(RAW, () -> Latencies.measure(2, seconds, (t, i) -> {
			try (RedisConnection connection = factory.getConnection()) {
				connection.zSetCommands().zRevRangeWithScores(rawBoard, 0, 29);
			}
		}).figures());
		int size = members;
		plan.subject(QUERIES.get(0), () -> Latencies.measure(2, seconds, (t, i) -> store.range(0, 30)).figures());
		plan.subject(QUERIES.get(1),
				() -> Latencies
					.measure(2, seconds, (t, i) -> store.rank("q" + ThreadLocalRandom.current().nextInt(size)))
					.figures());
		plan.subject(QUERIES.get(2),
				() -> Latencies
					.measure(2, seconds, (t, i) -> store.around("q" + ThreadLocalRandom.current().nextInt(size), 5))
					.figures());
		plan.subject(QUERIES.get(3), () -> Latencies.measure(2, seconds, (t, i) -> store.range(900_000, 30)).figures());
		Interleaved.Results results = plan.run(rounds);
		lines.add(String.format(Locale.ROOT,
				"### Queries on a board of %,d members split over 3 shards (filled by pipelined ZADD in %.1f s)",
				members, fillSeconds));
		lines.add("");
		lines.add("| query | p50 us | p99 us | p50 / raw | p99 / raw | target (p99) |");
		lines.add("|---|---|---|---|---|---|");
		lines.add(String.format(Locale.ROOT, "| %s | %.0f | %.0f | 1 | 1 | |", RAW, results.median(RAW, Latencies.P50),
				results.median(RAW, Latencies.P99)));
		for (String query : QUERIES) {
			String target = query.startsWith("page") ? "≤ 6x" : query.startsWith("around") ? "" : "≤ 3x";
			lines.add(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %s | %s | %s |", query,
					results.median(query, Latencies.P50), results.median(query, Latencies.P99),
					results.ratio(query, RAW, Latencies.P50).ratio(), results.ratio(query, RAW, Latencies.P99).ratio(),
					target));
		}
		lines.add("");
		deleteShardKeys(factory, map);
	}

	/** Pipelined ZADD of {@code members} members ("q" + i) straight into their shards. */
	private static void fill(LettuceConnectionFactory factory, ShardMap map, int members) throws Exception {
		Random random = new Random(7);
		List<List<byte[]>> pending = new ArrayList<>();
		for (int s = 0; s < map.shards(); s++) {
			pending.add(new ArrayList<>());
		}
		List<Thread> writers = new ArrayList<>();
		List<List<byte[][]>> chunks = new ArrayList<>();
		for (int s = 0; s < map.shards(); s++) {
			chunks.add(new ArrayList<>());
		}
		for (int i = 0; i < members; i++) {
			String user = "q" + i;
			int shard = map.shardOf(user);
			List<byte[]> args = pending.get(shard);
			args.add(Long.toString(random.nextInt(50_000)).getBytes(StandardCharsets.UTF_8));
			args.add(user.getBytes(StandardCharsets.UTF_8));
			if (args.size() == 2000) {
				chunks.get(shard).add(args.toArray(byte[][]::new));
				args.clear();
			}
		}
		for (int s = 0; s < map.shards(); s++) {
			if (!pending.get(s).isEmpty()) {
				chunks.get(s).add(pending.get(s).toArray(byte[][]::new));
			}
			byte[] key = map.keys(s).board(Period.TOTAL, null).getBytes(StandardCharsets.UTF_8);
			List<byte[][]> shardChunks = chunks.get(s);
			Thread writer = new Thread(() -> {
				try (RedisConnection connection = factory.getConnection()) {
					for (byte[][] chunk : shardChunks) {
						byte[][] all = new byte[chunk.length + 1][];
						all[0] = key;
						System.arraycopy(chunk, 0, all, 1, chunk.length);
						connection.execute("ZADD", all);
					}
				}
			});
			writer.start();
			writers.add(writer);
		}
		for (Thread writer : writers) {
			writer.join();
		}
	}

	/** Per master: evalsha calls and usec from INFO commandstats. */
	private static Map<RedisNode, long[]> evalshaStats(List<RedisNode> masters) {
		Map<RedisNode, long[]> stats = new LinkedHashMap<>();
		for (RedisNode master : masters) {
			RedisClient client = RedisClient.create(RedisURI.create("redis://" + master.asString()));
			try (StatefulRedisConnection<String, String> connection = client.connect()) {
				long[] value = new long[2];
				for (String line : connection.sync().info("commandstats").split("\r?\n")) {
					if (line.startsWith("cmdstat_evalsha:")) {
						for (String part : line.substring(line.indexOf(':') + 1).split(",")) {
							if (part.startsWith("calls=")) {
								value[0] = Long.parseLong(part.substring(6));
							}
							else if (part.startsWith("usec=")) {
								value[1] = Long.parseLong(part.substring(5));
							}
						}
					}
				}
				stats.put(master, value);
			}
			finally {
				client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
			}
		}
		return stats;
	}

	private static void deleteShardKeys(LettuceConnectionFactory factory, ShardMap map) {
		try (RedisClusterConnection connection = factory.getClusterConnection()) {
			for (RankKeys keys : map.allKeys()) {
				int slot = RedisClusterTestServer.slotOf(keys.tag());
				List<byte[]> found;
				do {
					found = connection.clusterGetKeysInSlot(slot, 10_000);
					List<byte[]> own = (found != null) ? found.stream()
						.filter((key) -> new String(key, StandardCharsets.UTF_8).startsWith(keys.tag()))
						.toList() : List.of();
					if (own.isEmpty()) {
						break;
					}
					for (byte[] key : own) {
						connection.keyCommands().unlink(key);
					}
				}
				while (true);
			}
		}
	}

	private static ActivityCalendar calendar() {
		return new ActivityCalendar(java.time.Clock.systemUTC(), ZONE, Map.of(Period.DAY, Duration.ofDays(31),
				Period.WEEK, Duration.ofDays(70), Period.MONTH, Duration.ofDays(365)), Duration.ofDays(31));
	}

}
