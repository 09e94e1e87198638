package io.github.activityrank.engine;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.Map;

import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.RedisActivityStore;
import io.github.activityrank.redis.RedisUserRecords;
import io.github.activityrank.redis.ShardMap;
import io.github.activityrank.redis.ShardedBoards;
import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Redis that restarted with an empty memory has no scripts cached: the store re-sends
 * them.
 */
class ScriptCacheLossTests {

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	private final LettuceConnectionFactory factory = new LettuceConnectionFactory(
			new RedisStandaloneConfiguration("127.0.0.1", this.redis.port()));

	@AfterEach
	void stop() {
		this.factory.destroy();
		this.redis.close();
	}

	@Test
	void restartedServerWithEmptyScriptCacheIsServedTransparently() {
		this.factory.afterPropertiesSet();
		this.factory.start();
		MutableClock clock = new MutableClock(LocalDateTime.of(2026, 11, 18, 10, 0), ZoneId.of("UTC"));
		ActivityCalendar calendar = new ActivityCalendar(clock, ZoneId.of("UTC"), Map.of(Period.DAY,
				Duration.ofDays(31), Period.WEEK, Duration.ofDays(70), Period.MONTH, Duration.ofDays(365)),
				Duration.ofDays(31));
		RankKeys keys = new RankKeys("restart");
		DefaultActivityRankService service = new DefaultActivityRankService(
				new ActivityRules(Map.of("praise", new ScoringRule("praise", 2, false, null)), null),
				new RedisActivityStore(this.factory, keys, calendar, EnumSet.of(Period.DAY)),
				new RedisUserRecords(this.factory, new ShardMap(keys, 1), calendar, EnumSet.of(Period.DAY),
						BoardOrder.DEFAULT, Map.of(), StreakSettings.OFF, BadgeSettings.OFF),
				new ShardedBoards(this.factory, new ShardMap(keys, 1), calendar, BoardOrder.DEFAULT), calendar,
				EnumSet.of(Period.DAY), null, new ActivityRankCounters());
		assertThat(service.award("u1", "1", "praise").outcome()).isEqualTo(Outcome.AWARDED);

		this.redis.stop();
		this.redis.startServer();

		assertThat(service.award("u1", "2", "praise").outcome()).isEqualTo(Outcome.AWARDED);
		assertThat(service.board(Period.DAY).rankOf("u1").map(RankEntry::score)).contains(2L);

		try (RedisConnection connection = this.factory.getConnection()) {
			connection.scriptingCommands().scriptFlush();
		}
		assertThat(service.revoke("u1", "2", "praise").outcome()).isEqualTo(Outcome.REVOKED);
		assertThat(service.board(Period.DAY).top(3)).isEmpty();
		assertThat(RedisKeysCleaner.keys(this.factory, "*")).allMatch((k) -> k.startsWith("{restart}:"));
	}

}
