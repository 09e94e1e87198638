package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.engine.Ranking;
import io.github.activityrank.engine.TieBreak;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisClusterTestServer;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Deep pages, ranks and windows of a 30,000-member board split over three shards on the
 * local cluster equal those of the same members in one sorted set on a single server,
 * with few distinct scores (long runs of ties ordered by member) and with the earliest
 * tie-break's scores. The shards' boards are filled directly, as the benchmark does.
 */
class ShardedDeepPageTests {

	private static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

	private static final int MEMBERS = 30_000;

	private final LettuceConnectionFactory cluster = RedisClusterTestServer.shared().newConnectionFactory();

	private final LettuceConnectionFactory single = RedisTestServer.shared().newConnectionFactory();

	private final RankKeys oneKeys = new RankKeys(RedisTestServer.uniquePrefix("deep1"));

	private final ShardMap shards = new ShardMap(new RankKeys(RedisTestServer.uniquePrefix("deep3")), 3);

	private final MutableClock clock = new MutableClock(LocalDateTime.of(2026, 11, 18, 10, 0), ZONE);

	private final ActivityCalendar calendar = new ActivityCalendar(this.clock, ZONE, Map.of(Period.DAY,
			Duration.ofDays(31), Period.WEEK, Duration.ofDays(70), Period.MONTH, Duration.ofDays(365)),
			Duration.ofDays(31));

	static Stream<Arguments> orders() {
		return Stream.of(Arguments.of(TieBreak.NONE, Ranking.COMPETITION), Arguments.of(TieBreak.NONE, Ranking.DENSE),
				Arguments.of(TieBreak.NONE, Ranking.ORDINAL), Arguments.of(TieBreak.EARLIEST, Ranking.COMPETITION));
	}

	@AfterEach
	void cleanUp() {
		try {
			cleanBoards();
		}
		finally {
			this.cluster.destroy();
			this.single.destroy();
		}
	}

	private void cleanBoards() {
		RedisKeysCleaner.delete(this.single, this.oneKeys.pattern());
		try (RedisClusterConnection connection = this.cluster.getClusterConnection()) {
			for (RankKeys keys : this.shards.allKeys()) {
				for (String key : List.of(keys.board(Period.TOTAL, LocalDate.now()),
						keys.dense(Period.TOTAL, LocalDate.now()))) {
					connection.keyCommands().del(key.getBytes(StandardCharsets.UTF_8));
				}
			}
		}
	}

	@ParameterizedTest
	@MethodSource("orders")
	void deepPagesRanksAndWindowsEqualOneSortedSet(TieBreak tieBreak, Ranking ranking) {
		compare(tieBreak, ranking, 40, false);
	}

	/**
	 * Three point values, so about 10,000 members share each: a deep page's first round
	 * of score bounds brackets the offset by a whole run of equal scores, too wide to
	 * read, and the rounds of entries inside it find the page.
	 */
	@ParameterizedTest
	@MethodSource("orders")
	void deepPagesInsideLongRunsOfEqualScoresEqualOneSortedSet(TieBreak tieBreak, Ranking ranking) {
		compare(tieBreak, ranking, 3, false);
	}

	/**
	 * 400 point values (about 75 members each, ties spanning the shards) and 20,000 (one
	 * or two each): the samples place most deep pages in one window of scores per shard,
	 * whose pages, cut anywhere inside a run of ties and up to the board's end, equal one
	 * sorted set's.
	 */
	@ParameterizedTest
	@MethodSource("orders")
	void deepPagesFromOneWindowOfScoresEqualOneSortedSet(TieBreak tieBreak, Ranking ranking) {
		ShardedBoards three = compare(tieBreak, ranking, 400, false);
		assertThat(three.windowPages()).isPositive();
		assertThat(compare(tieBreak, ranking, 20_000, false).windowPages()).isPositive();
	}

	/**
	 * The same commands on blocking calls, as a client other than Lettuce reads them,
	 * answer the same pages, ranks and neighbours.
	 */
	@ParameterizedTest
	@MethodSource("orders")
	void blockingCommandsAnswerLikeLettucesAsynchronousOnes(TieBreak tieBreak, Ranking ranking) {
		assertThat(compare(tieBreak, ranking, 400, true).windowPages()).isPositive();
	}

	private ShardedBoards compare(TieBreak tieBreak, Ranking ranking, int values, boolean blocking) {
		BoardOrder order = new BoardOrder(tieBreak, ranking, BoardOrder.DEFAULT_EPOCH);
		ShardedBoards oneBoards = new ShardedBoards(this.single, new ShardMap(this.oneKeys, 1), this.calendar, order);
		ShardedBoards three = new ShardedBoards(this.cluster, this.shards, this.calendar, order, blocking);
		Random random = new Random(42);
		List<String> users = new ArrayList<>();
		List<List<byte[][]>> byShard = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
		List<byte[][]> all = new ArrayList<>();
		for (int i = 0; i < MEMBERS; i++) {
			String user = "m" + Integer.toString(random.nextInt(1 << 30), 36) + "-" + i;
			users.add(user);
			long points = random.nextInt(values);
			double score = (tieBreak == TieBreak.EARLIEST) ? points * BoardLayout.TIME_SPAN + random.nextInt(1000)
					: points;
			byte[][] entry = { user.getBytes(StandardCharsets.UTF_8), Double.toString(score).getBytes() };
			all.add(entry);
			byShard.get(this.shards.shardOf(user)).add(entry);
		}
		LocalDate today = this.calendar.today();
		fill(this.single, this.oneKeys.board(Period.TOTAL, today), all);
		for (int s = 0; s < 3; s++) {
			fill(this.cluster, this.shards.keys(s).board(Period.TOTAL, today), byShard.get(s));
		}
		BoardSource one = oneBoards.board(Period.TOTAL, today);
		BoardSource sharded = three.board(Period.TOTAL, today);
		assertThat(sharded.size()).isEqualTo(MEMBERS);
		for (long offset : new long[] { 0, 1000, 1010, 5000, 12_345, 20_000, 29_950, 29_999, 30_000, 40_000 }) {
			assertThat(sharded.range(offset, 50)).as("offset " + offset).isEqualTo(one.range(offset, 50));
		}
		// pages starting and ending anywhere in runs of ties, and at the board's end
		for (long offset = 1001; offset < MEMBERS + 40; offset += 1733) {
			for (int limit : new int[] { 1, 30 }) {
				long at = (offset > MEMBERS) ? MEMBERS - limit + 1 : offset;
				assertThat(sharded.range(at, limit)).as("offset " + at + ", limit " + limit)
					.isEqualTo(one.range(at, limit));
			}
		}
		for (int i = 0; i < 300; i++) {
			String user = users.get(random.nextInt(MEMBERS));
			assertThat(sharded.rank(user)).as(user).isEqualTo(one.rank(user));
			if (i % 5 == 0) {
				assertThat(sharded.around(user, 5)).as(user).isEqualTo(one.around(user, 5));
			}
		}
		cleanBoards();
		return three;
	}

	private static void fill(RedisConnectionFactory factory, String board, List<byte[][]> entries) {
		byte[] key = board.getBytes(StandardCharsets.UTF_8);
		try (RedisConnection connection = factory.getConnection()) {
			for (int from = 0; from < entries.size(); from += 1000) {
				List<byte[][]> chunk = entries.subList(from, Math.min(entries.size(), from + 1000));
				byte[][] args = new byte[chunk.size() * 2][];
				for (int i = 0; i < chunk.size(); i++) {
					args[2 * i] = chunk.get(i)[1];
					args[2 * i + 1] = chunk.get(i)[0];
				}
				connection.execute("ZADD", concat(key, args));
			}
		}
	}

	private static byte[][] concat(byte[] key, byte[][] args) {
		byte[][] all = new byte[args.length + 1][];
		all[0] = key;
		System.arraycopy(args, 0, all, 1, args.length);
		return all;
	}

}
