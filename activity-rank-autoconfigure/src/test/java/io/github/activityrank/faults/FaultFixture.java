package io.github.activityrank.faults;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ActivityScore;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityScoreAutoConfiguration;
import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.MutableClock;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.awaitility.Awaitility.await;

/**
 * What the fault tests share: a private Redis they may break, a context on it with an
 * annotated bean, the poisoned user's key and the faults themselves.
 */
final class FaultFixture {

	static final LocalDate DAY = LocalDate.of(2026, 3, 10);

	/**
	 * Whose record of the day holds a string: every award of this user fails for good.
	 */
	static final String POISONED = "poisoned";

	private FaultFixture() {
	}

	static ApplicationContextRunner runner(EmbeddedRedis redis) {
		return runner("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + redis.port());
	}

	/**
	 * A context on any Redis: a private server, or a private cluster.
	 * @param redis the {@code spring.data.redis.*} properties that say where it is
	 */
	static ApplicationContextRunner runner(String... redis) {
		return new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
							ActivityScoreAutoConfiguration.class, AopAutoConfiguration.class))
			.withBean(Clock.class, () -> new MutableClock(LocalDateTime.of(DAY, LocalTime.NOON), ZoneOffset.UTC))
			.withBean(Praises.class)
			.withPropertyValues(redis)
			.withPropertyValues("spring.data.redis.timeout=2s", "activity-rank.rules.praise.points=1",
					"activity-rank.periods=day,total", "activity-rank.time-zone=UTC",
					"activity-rank.retry.initial-backoff=50ms", "activity-rank.retry.max-backoff=200ms");
	}

	/** The poisoned user's record of the day becomes a string. */
	static void poison(EmbeddedRedis redis) {
		redis.command("SET " + recordKey() + " x");
	}

	/** The cause fixed: the key of the wrong type deleted. */
	static void cure(EmbeddedRedis redis) {
		try (RedisClient client = RedisClient.create("redis://127.0.0.1:" + redis.port());
				StatefulRedisConnection<String, String> connection = client.connect()) {
			connection.sync().del(recordKey());
		}
	}

	/** What a look at the private Redis answers. */
	static <T> T query(EmbeddedRedis redis,
			java.util.function.Function<io.lettuce.core.api.sync.RedisCommands<String, String>, T> look) {
		try (RedisClient client = RedisClient.create("redis://127.0.0.1:" + redis.port());
				StatefulRedisConnection<String, String> connection = client.connect()) {
			return look.apply(connection.sync());
		}
	}

	/** A key deleted, as a cure. */
	static void delete(EmbeddedRedis redis, String key) {
		try (RedisClient client = RedisClient.create("redis://127.0.0.1:" + redis.port());
				StatefulRedisConnection<String, String> connection = client.connect()) {
			connection.sync().del(key);
		}
	}

	private static String recordKey() {
		return "{activity_rank}:rec:" + DAY.toString().replace("-", "") + ":" + POISONED;
	}

	/**
	 * Writes refused with {@code MISCONF} until {@link #allowWritesAgain}: the server's
	 * directory is gone, so a background save fails, and with a save point and
	 * {@code stop-writes-on-bgsave-error yes} (the default) Redis refuses writes.
	 */
	static void failBackgroundSaves(EmbeddedRedis redis, java.nio.file.Path directory) throws Exception {
		redis.command("CONFIG SET save \"3600 1\"");
		try (var files = java.nio.file.Files.walk(directory)) {
			files.sorted(java.util.Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
		}
		try (RedisClient client = RedisClient.create("redis://127.0.0.1:" + redis.port());
				StatefulRedisConnection<String, String> connection = client.connect()) {
			connection.sync().bgsave();
			await("a failed background save").atMost(Duration.ofSeconds(10))
				.until(() -> connection.sync().info("persistence").contains("rdb_last_bgsave_status:err"));
		}
	}

	static long score(ActivityRankService service, String user) {
		return service.board(Period.TOTAL).rankOf(user).map(RankEntry::score).orElse(0L);
	}

	/** The annotated path: the signed-in user praises. */
	static class Praises {

		@ActivityScore(rule = "praise", user = "#user", field = "#field")
		public void praise(String user, String field) {
		}

	}

}
