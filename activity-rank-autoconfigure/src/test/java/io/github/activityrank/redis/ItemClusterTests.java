package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ItemRankService;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankClusterAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankItemsAutoConfiguration;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisClusterTestServer;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Item boards on a 3-master Redis Cluster with {@code activity-rank.shards: 3}: the same
 * awards and revokes fed to one server answer every read of every item board and of the
 * hot board alike, user counters add up over the shards, and {@code removeItem} reaches
 * every shard.
 */
class ItemClusterTests {

	private static final ZoneId ZONE = ZoneId.of("Europe/Berlin");

	private final String prefix = RedisTestServer.uniquePrefix("h24_items");

	private final MutableClock clock = new MutableClock(LocalDateTime.of(2026, 11, 2, 9, 0), ZONE);

	private final RedisClusterTestServer cluster = RedisClusterTestServer.shared();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankClusterAutoConfiguration.class,
						ActivityRankAutoConfiguration.class, ActivityRankItemsAutoConfiguration.class))
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.time-zone=Europe/Berlin",
				"activity-rank.periods=day,week,total", "activity-rank.rules.praise.points=2",
				"activity-rank.rules.read.points=1", "activity-rank.items.article.points.praise=5",
				"activity-rank.items.article.points.read=1", "activity-rank.items.article.hot.half-life=12h",
				"activity-rank.items.article.unique-users=true", "activity-rank.async.enabled=false",
				"activity-rank.events.enabled=false")
		.withBean(MutableClock.class, () -> this.clock);

	private final ApplicationContextRunner sharded = this.runner.withPropertyValues(this.cluster.springProperties())
		.withPropertyValues("activity-rank.shards=3");

	private final ApplicationContextRunner single = this.runner
		.withPropertyValues(RedisTestServer.shared().springProperties());

	@AfterEach
	void cleanUp() {
		RedisKeysCleaner.deletePrefix(this.prefix);
		LettuceConnectionFactory factory = this.cluster.newConnectionFactory();
		try (RedisClusterConnection connection = factory.getClusterConnection()) {
			ShardMap shards = new ShardMap(new RankKeys(this.prefix), 3);
			for (RankKeys keys : shards.allKeys()) {
				List<byte[]> found = connection.clusterGetKeysInSlot(RedisClusterTestServer.slotOf(keys.tag()),
						100_000);
				List<byte[]> ours = (found != null) ? found.stream()
					.filter((k) -> new String(k, StandardCharsets.UTF_8).startsWith(keys.tag()))
					.toList() : List.of();
				if (!ours.isEmpty()) {
					connection.keyCommands().del(ours.toArray(byte[][]::new));
				}
			}
		}
		finally {
			factory.destroy();
		}
	}

	@Test
	void threeShardsAnswerEveryItemReadAsOneServerDoes() {
		List<ActivityEvent> events = new ArrayList<>();
		Random random = new Random(24);
		Set<String> users = new HashSet<>();
		for (int n = 0; n < 3000; n++) {
			String user = "u" + random.nextInt(200);
			// a few articles draw most awards, many tie at the bottom
			String article = "a" + (int) Math.floor(Math.pow(random.nextDouble(), 2) * 120);
			String rule = (random.nextInt(4) == 0) ? "praise" : "read";
			events.add(ActivityEvent.award(user, rule + ":" + article, rule).withItem("article", article));
			users.add(user);
			if (n % 17 == 0) {
				events.add(ActivityEvent.revoke(user, rule + ":" + article, rule));
			}
		}
		this.single.run((one) -> this.sharded.run((three) -> {
			ActivityRankService singleRanks = one.getBean(ActivityRankService.class);
			ActivityRankService shardedRanks = three.getBean(ActivityRankService.class);
			for (int from = 0; from < events.size(); from += 100) {
				this.clock.advance(Duration.ofMinutes(13));
				List<ActivityEvent> batch = events.subList(from, Math.min(events.size(), from + 100));
				singleRanks.applyAll(batch);
				shardedRanks.applyAll(batch);
			}
			ItemRankService expected = one.getBean(ItemRankService.class);
			ItemRankService actual = three.getBean(ItemRankService.class);
			assertThat(shardedUsers(three.getBean(ShardMap.class), users)).as("users on every shard").isEqualTo(3);
			for (Period period : List.of(Period.DAY, Period.WEEK, Period.TOTAL)) {
				sameReads(expected.board("article", period), actual.board("article", period), false);
			}
			sameReads(expected.hot("article"), actual.hot("article"), true);
			for (String article : List.of("a0", "a1", "a50", "a119")) {
				assertThat((double) actual.uniqueUsers("article", article, Period.WEEK))
					.isCloseTo(expected.uniqueUsers("article", article, Period.WEEK), within(2.0));
			}
			assertThat((double) shardedRanks.activeUsers(Period.DAY)).isCloseTo(users.size(), within(4.0));
			long removed = actual.removeItem("article", "a0");
			assertThat(removed).as("keys changed on the shards").isGreaterThanOrEqualTo(5);
			for (Period period : List.of(Period.DAY, Period.WEEK, Period.TOTAL)) {
				assertThat(actual.board("article", period).rankOf("a0")).isEmpty();
			}
			assertThat(actual.hot("article").rankOf("a0")).isEmpty();
			assertThat(actual.uniqueUsers("article", "a0", Period.DAY)).isZero();
			assertThat(actual.board("article", Period.TOTAL).size())
				.isEqualTo(expected.board("article", Period.TOTAL).size() - 1);
		}));
	}

	@Test
	void aRevokeOnItsUsersShardTakesBackItsPartAndEmptyBoardsReadEmpty() {
		this.sharded.run((context) -> {
			ActivityRankService ranks = context.getBean(ActivityRankService.class);
			ItemRankService items = context.getBean(ItemRankService.class);
			List<String> users = List.of("ann", "bob", "cat", "dan", "eve", "fay");
			// empty boards read as empty on every shard
			assertThat(items.hot("article").top(10)).isEmpty();
			assertThat(items.board("article", Period.DAY).page(5, 10)).isEmpty();
			assertThat(items.board("article", Period.DAY).around("a1", 2)).isEmpty();
			assertThat(items.board("article", Period.TOTAL).size()).isZero();
			for (String user : users) {
				ranks.apply(ActivityEvent.award(user, "praise:a1", "praise").withItem("article", "a1"));
			}
			assertThat(items.board("article", Period.TOTAL).rankOf("a1").orElseThrow().score()).isEqualTo(30);
			assertThat(items.hot("article").rankOf("a1").orElseThrow().score()).isCloseTo(30_000L, within(2L));
			ranks.revoke("bob", "praise:a1", "praise");
			assertThat(items.board("article", Period.TOTAL).rankOf("a1").orElseThrow().score()).isEqualTo(25);
			assertThat(items.hot("article").rankOf("a1").orElseThrow().score()).isCloseTo(25_000L, within(2L));
			assertThat(items.uniqueUsers("article", "a1", Period.DAY)).isEqualTo(users.size());
		});
	}

	private static long shardedUsers(ShardMap shards, Set<String> users) {
		return users.stream().map(shards::shardOf).distinct().count();
	}

	/** Every read of one board equals the other's; hot scores within rounding. */
	private static void sameReads(Leaderboard expected, Leaderboard actual, boolean hot) {
		long size = expected.size();
		assertThat(size).as("a board worth comparing").isGreaterThan(50);
		assertThat(actual.size()).isEqualTo(size);
		List<RankEntry> all = expected.top((int) Math.min(size, 1000));
		List<RankEntry> merged = actual.top((int) Math.min(size, 1000));
		assertThat(merged).extracting(RankEntry::id)
			.containsExactlyElementsOf(all.stream().map(RankEntry::id).toList());
		assertThat(merged).extracting(RankEntry::rank)
			.containsExactlyElementsOf(all.stream().map(RankEntry::rank).toList());
		for (int i = 0; i < all.size(); i++) {
			assertThat((double) merged.get(i).score()).isCloseTo(all.get(i).score(), within(hot ? 1.0 : 0.0));
		}
		for (int offset : new int[] { 0, 3, 17, 40, (int) Math.max(0, size - 5) }) {
			assertThat(actual.page(offset, 10)).extracting(RankEntry::id, RankEntry::rank)
				.containsExactlyElementsOf(expected.page(offset, 10)
					.stream()
					.map((e) -> org.assertj.core.groups.Tuple.tuple(e.id(), e.rank()))
					.toList());
		}
		for (RankEntry entry : all) {
			RankEntry own = actual.rankOf(entry.id()).orElseThrow();
			assertThat(own.rank()).as(entry.id()).isEqualTo(entry.rank());
			assertThat(actual.around(entry.id(), 2)).extracting(RankEntry::id)
				.containsExactlyElementsOf(expected.around(entry.id(), 2).stream().map(RankEntry::id).toList());
		}
		List<String> some = all.stream().map(RankEntry::id).filter((id) -> id.hashCode() % 3 == 0).toList();
		List<String> among = some.subList(0, Math.min(some.size(), 20));
		assertThat(actual.among(among)).extracting(RankEntry::id, RankEntry::rank)
			.containsExactlyElementsOf(expected.among(among)
				.stream()
				.map((e) -> org.assertj.core.groups.Tuple.tuple(e.id(), e.rank()))
				.toList());
		assertThat(actual.rankOf("nobody")).isEmpty();
	}

}
