package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.IntStream;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.ChallengeEndedEvent;
import io.github.activityrank.ChallengeService;
import io.github.activityrank.Period;
import io.github.activityrank.PeriodEndedEvent;
import io.github.activityrank.RankEntry;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankClusterAutoConfiguration;
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
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Ends of sharded boards, on one server and on the local cluster: the markers live on
 * shard 0, but a board or challenge none of whose members is on shard 0 still publishes
 * its end, once across instances.
 */
class ShardedEndedBoardEventsTests {

	private static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

	// Wednesday 18 November 2026, 10:00 in Shanghai; the challenge ends at 12:00
	private static final LocalDateTime WEDNESDAY = LocalDateTime.of(2026, 11, 18, 10, 0);

	private static final Instant CHALLENGE_END = WEDNESDAY.withHour(12).atZone(ZONE).toInstant();

	private final String prefix = RedisTestServer.uniquePrefix("shardevents");

	private final MutableClock clock = new MutableClock(WEDNESDAY, ZONE);

	private final Queue<Object> events = new ConcurrentLinkedQueue<>();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class,
				ActivityRankClusterAutoConfiguration.class, ActivityRankAutoConfiguration.class))
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.time-zone=Asia/Shanghai",
				"activity-rank.shards=3", "activity-rank.periods=day,total", "activity-rank.rules.comment.points=3",
				"activity-rank.events.top=2", "activity-rank.events.check-interval=1h")
		.withBean(MutableClock.class, () -> this.clock)
		.withBean(EndedBoardEventsTests.Recorder.class, () -> new EndedBoardEventsTests.Recorder(this.events));

	@AfterEach
	void cleanUp() {
		LettuceConnectionFactory factory = RedisTestServer.shared().newConnectionFactory();
		try {
			RedisKeysCleaner.delete(factory, "{" + this.prefix + "}:*");
			RedisKeysCleaner.delete(factory, "{" + this.prefix + ":*");
		}
		finally {
			factory.destroy();
		}
	}

	@Test
	void onOneServerBoardsWithNoMemberOnShardZeroPublishTheirEndsOnce() {
		endsArePublishedOnce(this.runner.withPropertyValues(RedisTestServer.shared().springProperties()));
	}

	@Test
	void onTheClusterBoardsWithNoMemberOnShardZeroPublishTheirEndsOnce() {
		RedisClusterTestServer cluster = RedisClusterTestServer.shared();
		try {
			endsArePublishedOnce(this.runner.withPropertyValues(cluster.springProperties()));
		}
		finally {
			LettuceConnectionFactory factory = cluster.newConnectionFactory();
			try (RedisClusterConnection connection = factory.getClusterConnection()) {
				// every shard's tag and the prefix's own
				for (int shard = -1; shard < 3; shard++) {
					String tag = (shard < 0) ? "{" + this.prefix + "}"
							: new ShardMap(new RankKeys(this.prefix), 3).keys(shard).tag();
					List<byte[]> keys = connection.clusterGetKeysInSlot(RedisClusterTestServer.slotOf(tag), 100_000);
					for (byte[] key : (keys != null) ? keys : List.<byte[]>of()) {
						if (new String(key, StandardCharsets.UTF_8).startsWith(tag)) {
							connection.keyCommands().del(key);
						}
					}
				}
			}
			finally {
				factory.destroy();
			}
		}
	}

	private void endsArePublishedOnce(ApplicationContextRunner runner) {
		runner.run((first) -> runner.run((second) -> {
			// only the test's checks: a scheduled first check that a loaded machine
			// delays
			// past the clock's move would publish an end itself
			first.getBean(EndedBoardEvents.class).stop();
			second.getBean(EndedBoardEvents.class).stop();
			ShardMap shards = first.getBean(ShardMap.class);
			List<String> users = IntStream.range(0, 100)
				.mapToObj((n) -> "user-" + n)
				.filter((user) -> shards.shardOf(user) != 0)
				.limit(2)
				.toList();
			ChallengeService challenges = first.getBean(ChallengeService.class);
			challenges.create(new ChallengeDefinition("sprint", WEDNESDAY.atZone(ZONE).toInstant(), CHALLENGE_END,
					Set.of(), false));
			users.forEach((user) -> assertThat(challenges.join("sprint", user)).isTrue());
			ActivityRankService ranks = first.getBean(ActivityRankService.class);
			ranks.award(users.get(0), "x", "comment");
			ranks.award(users.get(1), "x", 5);
			// nothing of either board is on shard 0, where the markers are
			StringRedisTemplate redis = first.getBean(StringRedisTemplate.class);
			assertThat(redis.hasKey(shards.keys(0).challengeBoard("sprint"))).isFalse();
			assertThat(redis.hasKey(shards.keys(0).board(Period.DAY, WEDNESDAY.toLocalDate()))).isFalse();

			this.clock.set(LocalDate.of(2026, 11, 19).atTime(0, 0, 30));
			assertThat(first.getBean(EndedBoardEvents.class).checkNow()
					+ second.getBean(EndedBoardEvents.class).checkNow())
				.isEqualTo(2);
			assertThat(first.getBean(EndedBoardEvents.class).checkNow()
					+ second.getBean(EndedBoardEvents.class).checkNow())
				.isZero();
			runner.run((late) -> assertThat(late.getBean(EndedBoardEvents.class).checkNow()).isZero());

			assertThat(this.events).filteredOn(ChallengeEndedEvent.class::isInstance)
				.singleElement()
				.satisfies((event) -> assertThat(((ChallengeEndedEvent) event).top())
					.extracting(RankEntry::id, RankEntry::rank, RankEntry::score)
					.containsExactly(tuple(users.get(1), 1L, 5L), tuple(users.get(0), 2L, 3L)));
			assertThat(this.events).filteredOn(PeriodEndedEvent.class::isInstance)
				.extracting((event) -> ((PeriodEndedEvent) event).period())
				.containsExactly(Period.DAY);
		}));
	}

}
