package io.github.activityrank.engine;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

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
 * The engine wired by hand against the test Redis, with its own key prefix and a movable
 * clock.
 */
final class EngineFixture implements AutoCloseable {

	static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

	private static final Map<Integer, LettuceConnectionFactory> factories = new ConcurrentHashMap<>();

	final MutableClock clock;

	/** Connections to this fixture's logical database. */
	final LettuceConnectionFactory connections;

	final RankKeys keys;

	final DefaultActivityRankService service;

	final ActivityRankCounters counters = new ActivityRankCounters();

	final ActivityCalendar calendar;

	EngineFixture(LocalDateTime start, Set<Period> periods, Map<String, ScoringRule> rules, Long dailyCap,
			RankUserLookup lookup) {
		this(start, periods, rules, dailyCap, lookup, 0, RedisTestServer.uniquePrefix("engine"));
	}

	/**
	 * A fixture in a logical database and under a key prefix of the caller's choice.
	 */
	EngineFixture(LocalDateTime start, Set<Period> periods, Map<String, ScoringRule> rules, Long dailyCap,
			RankUserLookup lookup, int database, String prefix) {
		this.clock = new MutableClock(start, ZONE);
		this.connections = factory(database);
		this.keys = new RankKeys(prefix);
		this.calendar = new ActivityCalendar(this.clock, ZONE, Map.of(Period.DAY, Duration.ofDays(31), Period.WEEK,
				Duration.ofDays(70), Period.MONTH, Duration.ofDays(365)), Duration.ofDays(31));
		// as the auto-configuration builds it: concurrent callers share script calls
		ActivityStore store = new CoalescingActivityStore(
				new RedisActivityStore(this.connections, this.keys, this.calendar, periods), ActivityStore.MAX_BATCH,
				2);
		this.service = new DefaultActivityRankService(new ActivityRules(rules, dailyCap), store, this.calendar, periods,
				lookup, this.counters);
	}

	static EngineFixture forumRules(LocalDateTime start) {
		return new EngineFixture(start, EnumSet.allOf(Period.class), FORUM_RULES, null, null);
	}

	static final Map<String, ScoringRule> FORUM_RULES = Map.of("page-view",
			new ScoringRule("page-view", 1, false, null), "praise", new ScoringRule("praise", 2, false, null),
			"comment", new ScoringRule("comment", 3, false, 9L), "publish", new ScoringRule("publish", 10, true, null),
			"spam", new ScoringRule("spam", -5, false, null));

	static LettuceConnectionFactory factory() {
		return factory(0);
	}

	/**
	 * Connections to one logical database of the test Redis, shared by the fixtures of
	 * this JVM.
	 */
	static LettuceConnectionFactory factory(int database) {
		return factories.computeIfAbsent(database, (db) -> RedisTestServer.shared().newConnectionFactory(db));
	}

	List<String> storedKeys() {
		return RedisKeysCleaner.keys(this.connections, this.keys.pattern());
	}

	long pttl(String key) {
		try (RedisConnection connection = this.connections.getConnection()) {
			return connection.keyCommands().pTtl(key.getBytes(StandardCharsets.UTF_8));
		}
	}

	Double rawScore(String board, String member) {
		try (RedisConnection connection = this.connections.getConnection()) {
			return connection.zSetCommands()
				.zScore(board.getBytes(StandardCharsets.UTF_8), member.getBytes(StandardCharsets.UTF_8));
		}
	}

	@Override
	public void close() {
		RedisKeysCleaner.delete(this.connections, this.keys.pattern());
	}

}
