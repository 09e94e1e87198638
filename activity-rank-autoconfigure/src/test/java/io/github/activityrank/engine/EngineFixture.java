package io.github.activityrank.engine;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.Period;
import io.github.activityrank.RankUserLookup;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.RedisActivityStore;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The engine wired by hand against the test Redis, with its own key prefix and a movable clock.
 */
final class EngineFixture implements AutoCloseable {

	static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

	private static volatile LettuceConnectionFactory factory;

	final MutableClock clock;

	final RankKeys keys;

	final DefaultActivityRankService service;

	final ActivityRankCounters counters = new ActivityRankCounters();

	final ActivityCalendar calendar;

	EngineFixture(LocalDateTime start, Set<Period> periods, Map<String, ScoringRule> rules, Long dailyCap,
			RankUserLookup lookup) {
		this.clock = new MutableClock(start, ZONE);
		this.keys = new RankKeys(RedisTestServer.uniquePrefix("engine"));
		this.calendar = new ActivityCalendar(this.clock, ZONE,
				Map.of(Period.DAY, Duration.ofDays(31), Period.WEEK, Duration.ofDays(70), Period.MONTH, Duration.ofDays(365)),
				Duration.ofDays(31));
		// as the auto-configuration builds it: concurrent callers share script calls
		ActivityStore store = new CoalescingActivityStore(
				new RedisActivityStore(factory(), this.keys, this.calendar, periods), RedisActivityStore.MAX_BATCH, 2);
		this.service = new DefaultActivityRankService(new ActivityRules(rules, dailyCap), store, this.calendar, periods,
				lookup, this.counters);
	}

	static EngineFixture forumRules(LocalDateTime start) {
		return new EngineFixture(start, EnumSet.allOf(Period.class), Map.of(
				"page-view", new ScoringRule("page-view", 1, false, null),
				"praise", new ScoringRule("praise", 2, false, null),
				"comment", new ScoringRule("comment", 3, false, 9L),
				"publish", new ScoringRule("publish", 10, true, null),
				"spam", new ScoringRule("spam", -5, false, null)), null, null);
	}

	static LettuceConnectionFactory factory() {
		if (factory == null) {
			synchronized (EngineFixture.class) {
				if (factory == null) {
					factory = RedisTestServer.shared().newConnectionFactory();
				}
			}
		}
		return factory;
	}

	List<String> storedKeys() {
		return RedisKeysCleaner.keys(factory(), this.keys.pattern());
	}

	long pttl(String key) {
		try (RedisConnection connection = factory().getConnection()) {
			return connection.keyCommands().pTtl(key.getBytes(StandardCharsets.UTF_8));
		}
	}

	Double rawScore(String board, String member) {
		try (RedisConnection connection = factory().getConnection()) {
			return connection.zSetCommands().zScore(board.getBytes(StandardCharsets.UTF_8),
					member.getBytes(StandardCharsets.UTF_8));
		}
	}

	@Override
	public void close() {
		RedisKeysCleaner.delete(factory(), this.keys.pattern());
	}

}
