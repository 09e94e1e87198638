package io.github.activityrank.engine;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.RedisRollingBoards;
import io.github.activityrank.test.RedisClusterTestServer;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The rolling boards of one scope id on a Redis Cluster with three shards: each shard
 * sums the scope day boards of its users in the slot of its tag, the parts are put in
 * place one by one and read merged, and a removal reaches the part on the user's shard.
 */
class ScopedRollingClusterTests {

	private static final LocalDateTime NOON = LocalDateTime.of(2026, 6, 20, 12, 0);

	private static final ScopeSettings SCOPES = new ScopeSettings(
			Map.of("category", new ScopeKind("category", List.of(Period.DAY), Set.of(), 0)));

	/** Users that the three shards share between them. */
	private static final List<String> USERS = List.of("u1", "u2", "u3", "u4", "u5", "u6", "u7", "u8", "u9");

	private final LettuceConnectionFactory cluster = RedisClusterTestServer.shared().newConnectionFactory();

	private EngineFixture engine;

	private RedisRollingBoards rolling;

	@AfterEach
	void cleanUp() {
		// SCAN does not span the nodes of a cluster; every key of a shard is in one slot
		try (RedisClusterConnection connection = this.cluster.getClusterConnection()) {
			for (RankKeys keys : Stream.concat(Stream.of(this.engine.keys), this.engine.shards.allKeys().stream())
				.toList()) {
				List<byte[]> found = connection.clusterGetKeysInSlot(RedisClusterTestServer.slotOf(keys.tag()),
						100_000);
				if (found != null && !found.isEmpty()) {
					connection.keyCommands().del(found.toArray(byte[][]::new));
				}
			}
		}
		finally {
			this.cluster.destroy();
		}
	}

	private void start(BoardOrder order) {
		this.engine = new EngineFixture(NOON, EnumSet.of(Period.DAY), EngineFixture.FORUM_RULES, null, null,
				this.cluster, RedisTestServer.uniquePrefix("scoped-rolling-cluster"), order, 3, Map.of(), SCOPES);
		this.rolling = new RedisRollingBoards(this.engine.connections, this.engine.shards, this.engine.calendar, order,
				List.of(7, 30), Duration.ofMinutes(1));
		this.engine.service.setRollingBoards(this.rolling);
		assertThat(USERS.stream().map(this.engine.shards::shardOf).distinct().count())
			.as("the users spread over the shards")
			.isEqualTo(3);
	}

	private void award(String user, String field, long points, String category) {
		this.engine.service.apply(ActivityEvent.awardPoints(user, field, points).withScope("category", category));
	}

	@Test
	void aScopeIdsBoardsSumEachUsersDaysOverTheShards() {
		start(BoardOrder.DEFAULT);
		// user n: n points eight days ago and n three days ago in java, 1 today in java,
		// 10 today in kotlin
		for (int n = 1; n <= USERS.size(); n++) {
			String user = USERS.get(n - 1);
			this.engine.clock.set(NOON.minusDays(8));
			award(user, "old", n, "java");
			this.engine.clock.set(NOON.minusDays(3));
			award(user, "recent", n, "java");
			this.engine.clock.set(NOON);
			award(user, "today", 1, "java");
			award(user, "elsewhere", 10, "kotlin");
		}

		List<RankEntry> week = this.engine.service.rolling(7, "category", "java").top(20);
		assertThat(week).extracting(RankEntry::id)
			.containsExactly("u9", "u8", "u7", "u6", "u5", "u4", "u3", "u2", "u1");
		assertThat(week).extracting(RankEntry::score).containsExactly(10L, 9L, 8L, 7L, 6L, 5L, 4L, 3L, 2L);
		assertThat(this.engine.service.rolling(30, "category", "java").top(20)).extracting(RankEntry::score)
			.containsExactly(19L, 17L, 15L, 13L, 11L, 9L, 7L, 5L, 3L);
		assertThat(this.engine.service.rolling(7, "category", "java").rankOf("u5")).get()
			.extracting(RankEntry::rank, RankEntry::score)
			.containsExactly(5L, 6L);
		assertThat(this.engine.service.rolling(7, "category", "java").around("u5", 1)).extracting(RankEntry::id)
			.containsExactly("u6", "u5", "u4");
		assertThat(this.engine.service.rolling(7, "category", "kotlin").size()).isEqualTo(9);
		assertThat(this.engine.service.rolling(7, "category", "kotlin").top(1)).extracting(RankEntry::score)
			.containsExactly(10L);
	}

	@Test
	void anAwardEightDaysAgoIsOnlyOnTheThirtyDayBoardOfItsScopeId() {
		start(BoardOrder.DEFAULT);
		this.engine.clock.set(NOON.minusDays(8));
		USERS.forEach((user) -> award(user, "old", 5, "java"));
		this.engine.clock.set(NOON);
		award("u1", "new", 1, "java");

		assertThat(this.engine.service.rolling(7, "category", "java").top(20)).extracting(RankEntry::id)
			.containsExactly("u1");
		assertThat(this.engine.service.rolling(30, "category", "java").size()).isEqualTo(9);
		assertThat(this.engine.service.rolling(30, "category", "java").rankOf("u1")).get()
			.extracting(RankEntry::rank, RankEntry::score)
			.containsExactly(1L, 6L);
	}

	@Test
	void removingAUserTakesThemOffTheScopedRollingBoardsOnTheirShard() {
		start(BoardOrder.DEFAULT);
		USERS.forEach((user) -> {
			award(user, "a", 2, "java");
			award(user, "b", 1, "kotlin");
		});
		assertThat(this.engine.service.rolling(7, "category", "java").size()).isEqualTo(9);
		assertThat(this.engine.service.rolling(30, "category", "kotlin").size()).isEqualTo(9);

		// as removeUser runs them: the user's keys first, then the erasures
		for (String user : List.of("u1", "u2", "u3")) {
			this.engine.service.removeUser(user);
			assertThat(this.rolling.erase(user)).isEqualTo(2);
		}
		assertThat(this.engine.service.rolling(7, "category", "java").top(20)).extracting(RankEntry::id)
			.doesNotContain("u1", "u2", "u3")
			.hasSize(6);
		assertThat(this.engine.service.rolling(30, "category", "kotlin").rankOf("u2")).isEmpty();
		assertThat(this.engine.service.rolling(30, "category", "kotlin").size()).isEqualTo(6);
	}

	@Test
	void earliestRanksEqualPointsByTheLastAwardOfTheWindowOverTheShards() {
		start(new BoardOrder(TieBreak.EARLIEST, Ranking.COMPETITION, BoardOrder.DEFAULT_EPOCH));
		// everyone 2 points two days ago and 2 yesterday, u9's last award first, u1's
		// last
		for (int n = 1; n <= USERS.size(); n++) {
			this.engine.clock.set(NOON.minusDays(2));
			award(USERS.get(n - 1), "a", 2, "java");
			this.engine.clock.set(NOON.minusDays(1).plusMinutes(USERS.size() - n));
			award(USERS.get(n - 1), "b", 2, "java");
		}
		this.engine.clock.set(NOON);

		assertThat(this.engine.service.rolling(7, "category", "java").top(20))
			.extracting(RankEntry::id, RankEntry::score)
			.containsExactly(tuple("u9", 4L), tuple("u8", 4L), tuple("u7", 4L), tuple("u6", 4L), tuple("u5", 4L),
					tuple("u4", 4L), tuple("u3", 4L), tuple("u2", 4L), tuple("u1", 4L));
	}

}
