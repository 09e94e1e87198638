package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.Ranking;
import io.github.activityrank.engine.TieBreak;
import io.github.activityrank.test.EmbeddedRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.connection.zset.Aggregate;
import org.springframework.data.redis.connection.zset.DefaultTuple;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.data.redis.connection.zset.Weights;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rolling board is built by calls of rolling-chunk.lua that each read a bounded part of
 * the day boards: on 7 day boards of 50,000 members the result equals one ZUNIONSTORE of
 * them; under the earliest tie-break it keeps each member's last award of the window; an
 * award made during a build counts in full or not at all; a build whose key went missing
 * is not put in place. Prints a {@code [reliability]} line.
 */
class RollingChunkTests {

	private static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

	private static final long SPAN = BoardLayout.TIME_SPAN;

	private static final LocalDate TODAY = LocalDate.of(2026, 6, 20);

	private static final long GENERATION = 7;

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	private final LettuceConnectionFactory connections = connect(this.redis.port());

	private final LuaScript chunk = LuaScript.load("rolling-chunk.lua");

	private final List<LocalDate> days = List.of(TODAY.minusDays(6), TODAY.minusDays(5), TODAY.minusDays(4),
			TODAY.minusDays(3), TODAY.minusDays(2), TODAY.minusDays(1), TODAY);

	private final List<String> sources = this.days.stream().map((day) -> "{t}:day:" + day).toList();

	private final BoardKeys target = new BoardKeys("{t}:rolling:7", "{t}:dense:rolling:7");

	@AfterEach
	void close() {
		this.connections.destroy();
		this.redis.close();
	}

	@Test
	void sevenDayBoardsOf50000MembersAreSummedInBoundedCallsAsOneZunionstoreSumsThem() {
		int members = 50_000;
		// day d holds members d * 5,000 to d * 5,000 + 49,999: 80,000 distinct members,
		// most of them on several days
		for (int d = 0; d < 7; d++) {
			List<Tuple> tuples = new ArrayList<>();
			for (int i = d * 5_000; i < d * 5_000 + members; i++) {
				tuples.add(new DefaultTuple(bytes("m" + i), (double) (1 + (i * 31 + d * 17) % 100)));
			}
			zadd(this.sources.get(d), tuples);
		}
		long oneShotStart = System.nanoTime();
		try (RedisConnection connection = this.connections.getConnection()) {
			connection.zSetCommands()
				.zUnionStore(bytes("{t}:oneshot"), Aggregate.SUM, Weights.fromSetCount(7),
						this.sources.stream().map(RollingChunkTests::bytes).toArray(byte[][]::new));
		}
		long oneShotMs = (System.nanoTime() - oneShotStart) / 1_000_000;

		RollingBuilder builder = builder(BoardOrder.DEFAULT, RollingBuilder.CHUNK);
		long built = build(builder, "{t}:rolling-build:7:a");

		Map<String, Double> expected = scores("{t}:oneshot");
		System.out.println("[reliability] rolling-chunks: entries=" + 7 * members + " members=" + built + " calls="
				+ builder.calls() + " longestCallMs=" + builder.longestCallNanos() / 1_000_000 + " oneShotMs="
				+ oneShotMs + " equalToOneShot=" + scores(this.target.key()).equals(expected));
		assertThat(built).isEqualTo(80_000);
		assertThat(scores(this.target.key())).isEqualTo(expected);
		// about 10,000 entries a call
		assertThat(builder.calls()).isGreaterThanOrEqualTo(7L * members / RollingBuilder.CHUNK / 2);
		assertThat(exists("{t}:rolling-build:7:a")).isFalse();
	}

	@Test
	void aSmallWindowOfPlainPointsIsSummedInOneCall() {
		for (int d = 0; d < 7; d++) {
			List<Tuple> tuples = new ArrayList<>();
			for (int i = d; i < d + 300; i++) {
				tuples.add(new DefaultTuple(bytes("m" + i), 2.0));
			}
			zadd(this.sources.get(d), tuples);
		}
		// 2,100 entries: within 4 x 1,000 units, one ZUNIONSTORE
		RollingBuilder builder = builder(BoardOrder.DEFAULT, 1_000);
		assertThat(build(builder, "{t}:rolling-build:7:e")).isEqualTo(306);
		assertThat(builder.calls()).isOne();
		assertThat(scores(this.target.key())).containsEntry("m0", 2.0).containsEntry("m6", 14.0).hasSize(306);
	}

	@Test
	void underEarliestAMembersTimeIsItsLastAwardOfTheWindowFromItsStart() {
		BoardOrder earliest = new BoardOrder(TieBreak.EARLIEST, Ranking.COMPETITION, BoardOrder.DEFAULT_EPOCH);
		Map<String, long[]> expected = new HashMap<>();
		long origin = TODAY.minusDays(6).atStartOfDay(ZONE).toInstant().toEpochMilli();
		for (int d = 0; d < 7; d++) {
			long offset = this.days.get(d).atStartOfDay(ZONE).toInstant().toEpochMilli() - origin;
			List<Tuple> tuples = new ArrayList<>();
			for (int i = 0; i < 400; i++) {
				if ((i + d) % 3 == 0) {
					continue;
				}
				long points = 1 + (i * 7 + d) % 20;
				long ms = (i * 1_000L + d * 37) % 86_400_000;
				tuples.add(new DefaultTuple(bytes("m" + i), (double) (points * SPAN + (SPAN - 1 - ms))));
				long[] sum = expected.computeIfAbsent("m" + i, (member) -> new long[2]);
				sum[0] += points;
				// the days come oldest first: the last one written is the newest
				sum[1] = offset + ms;
			}
			zadd(this.sources.get(d), tuples);
		}

		RollingBuilder builder = builder(earliest, 50);
		build(builder, "{t}:rolling-build:7:b");

		Map<String, Double> board = scores(this.target.key());
		assertThat(board).hasSize(400);
		expected.forEach((member, sum) -> assertThat(board.get(member)).as(member)
			.isEqualTo(
					(double) (Math.min(sum[0], ActivityLimits.MAX_BOARD_SCORE_EARLIEST) * SPAN + (SPAN - 1 - sum[1]))));
		assertThat(builder.calls()).isGreaterThan(7);
	}

	@Test
	void anAwardDuringABuildCountsInFullOrNotAtAll() {
		for (int d = 0; d < 7; d++) {
			List<Tuple> tuples = new ArrayList<>();
			for (int i = 0; i < 300; i++) {
				tuples.add(new DefaultTuple(bytes("m" + i), 1.0));
			}
			zadd(this.sources.get(d), tuples);
		}
		String build = "{t}:rolling-build:7:c";
		// the first call writes some members with their 7 points
		List<Object> reply = call(build, 1, "0", 0, 100);
		long written = RedisReplies.asLong(reply.get(2));
		assertThat(written).isPositive().isLessThan(300);
		Map<String, Double> first = scores(build);
		String done = first.keySet().iterator().next();
		String pending = null;
		for (int i = 0; i < 300 && pending == null; i++) {
			pending = first.containsKey("m" + i) ? null : "m" + i;
		}
		// awards today to one written and one pending member, and a member new today
		try (RedisConnection connection = this.connections.getConnection()) {
			connection.zSetCommands().zIncrBy(bytes(this.sources.get(6)), 10, bytes(done));
			connection.zSetCommands().zIncrBy(bytes(this.sources.get(6)), 10, bytes(pending));
			connection.zSetCommands().zIncrBy(bytes(this.sources.get(0)), 5, bytes("newcomer"));
		}
		long board = RedisReplies.asLong(reply.get(0));
		String cursor = RedisReplies.asString(reply.get(1));
		while (board <= 7) {
			reply = call(build, board, cursor, written, 100);
			board = RedisReplies.asLong(reply.get(0));
			cursor = RedisReplies.asString(reply.get(1));
			written = RedisReplies.asLong(reply.get(2));
		}
		Map<String, Double> built = scores(build);
		assertThat(built.get(done)).isEqualTo(7.0);
		assertThat(built.get(pending)).isEqualTo(17.0);
		// found by the scan or not, depending on where it landed in the board's table
		assertThat(built.getOrDefault("newcomer", 5.0)).isEqualTo(5.0);
		assertThat(built).hasSizeBetween(300, 301);
		assertThat(written).isEqualTo(built.size());
	}

	@Test
	void aBuildWhoseKeyWentMissingIsNotPutInPlace() {
		for (int d = 0; d < 7; d++) {
			List<Tuple> tuples = new ArrayList<>();
			for (int i = 0; i < 300; i++) {
				tuples.add(new DefaultTuple(bytes("m" + i), 1.0));
			}
			zadd(this.sources.get(d), tuples);
		}
		zadd(this.target.key(), List.of(new DefaultTuple(bytes("before"), 1.0)));
		String build = "{t}:rolling-build:7:d";
		List<Object> reply = call(build, 1, "0", 0, 100);
		try (RedisConnection connection = this.connections.getConnection()) {
			connection.keyCommands().del(bytes(build));
		}

		reply = call(build, RedisReplies.asLong(reply.get(0)), RedisReplies.asString(reply.get(1)),
				RedisReplies.asLong(reply.get(2)), 100);
		assertThat(RedisReplies.asLong(reply.get(2))).isEqualTo(-1);
		assertThat(exists(build)).isFalse();
		// the swap then leaves the board before in place
		assertThat(swap(build, GENERATION)).extracting(RedisReplies::asLong).containsExactly(0L);
		assertThat(scores(this.target.key())).containsOnlyKeys("before");
	}

	@Test
	void aSwapUnderAnOlderClaimThanTheShardNamesPutsNothingInPlace() {
		zadd(this.target.key(), List.of(new DefaultTuple(bytes("before"), 1.0)));
		String build = "{t}:rolling-build:7:f";
		zadd(build, List.of(new DefaultTuple(bytes("stale"), 1.0)));

		assertThat(swap(build, GENERATION - 1)).extracting(RedisReplies::asLong).containsExactly(-1L);
		assertThat(scores(this.target.key())).containsOnlyKeys("before");
		assertThat(exists(build)).isFalse();
	}

	/**
	 * Build into the target under a claim that holds, as the only builder of the board.
	 */
	private long build(RollingBuilder builder, String build) {
		return builder.build(this.days, List.of(this.sources), List.of(this.target), List.of(build), List.of(fence()),
				new RollingBuilder.Claim() {

					@Override
					public long generation() {
						return GENERATION;
					}

					@Override
					public boolean renew() {
						return true;
					}

				});
	}

	/**
	 * Run rolling-swap.lua of a build onto the target board, under a claim's generation.
	 */
	private List<Object> swap(String build, long generation) {
		ScriptArgs swap = new ScriptArgs();
		swap.key(build);
		swap.key(this.target.key());
		swap.key(this.target.dense());
		swap.key(this.target.building());
		swap.key(fence());
		swap.arg("1").arg(RollingBuilder.BOARD_TTL).arg(generation);
		return LuaScript.load("rolling-swap.lua").run(this.connections, swap);
	}

	/** The state hash of the board, naming the claim of {@link #GENERATION}. */
	private String fence() {
		String state = "{t}:rolling-state:7";
		try (RedisConnection connection = this.connections.getConnection()) {
			connection.hashCommands().hSet(bytes(state), bytes("gen"), bytes(Long.toString(GENERATION)));
		}
		return state;
	}

	private RollingBuilder builder(BoardOrder order, int entriesPerCall) {
		return new RollingBuilder(this.connections, new BoardLayout(order, ZONE), ZONE, entriesPerCall);
	}

	/** One call of the script, as the builder makes them under plain points. */
	private List<Object> call(String build, long board, String cursor, long written, int budget) {
		ScriptArgs call = new ScriptArgs();
		call.key(build);
		this.sources.forEach(call::key);
		call.arg(0)
			.arg(ActivityLimits.MAX_BOARD_SCORE_EARLIEST)
			.arg(RollingBuilder.BUILD_TTL)
			.arg(board)
			.arg(cursor)
			.arg(written)
			.arg(budget);
		return this.chunk.run(this.connections, call);
	}

	private void zadd(String key, List<Tuple> tuples) {
		try (RedisConnection connection = this.connections.getConnection()) {
			for (int from = 0; from < tuples.size(); from += 10_000) {
				connection.zSetCommands()
					.zAdd(bytes(key), new HashSet<>(tuples.subList(from, Math.min(from + 10_000, tuples.size()))));
			}
		}
	}

	private Map<String, Double> scores(String key) {
		try (RedisConnection connection = this.connections.getConnection()) {
			Map<String, Double> scores = new HashMap<>();
			Set<Tuple> tuples = connection.zSetCommands().zRangeWithScores(bytes(key), 0, -1);
			for (Tuple tuple : tuples) {
				scores.put(new String(tuple.getValue(), StandardCharsets.UTF_8), tuple.getScore());
			}
			return scores;
		}
	}

	private boolean exists(String key) {
		try (RedisConnection connection = this.connections.getConnection()) {
			return Boolean.TRUE.equals(connection.keyCommands().exists(bytes(key)));
		}
	}

	private static LettuceConnectionFactory connect(int port) {
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration("127.0.0.1", port));
		factory.afterPropertiesSet();
		factory.start();
		return factory;
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
