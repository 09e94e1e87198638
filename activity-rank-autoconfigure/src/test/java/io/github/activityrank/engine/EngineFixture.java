package io.github.activityrank.engine;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import io.github.activityrank.Period;
import io.github.activityrank.RankUserLookup;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.RedisStores;
import io.github.activityrank.redis.ShardMap;
import io.github.activityrank.redis.ShardedBoards;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The engine wired by hand against the test Redis, with its own key prefix and a movable
 * clock.
 */
final class EngineFixture implements AutoCloseable {

	static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

	static final Duration CHALLENGE_RETENTION = Duration.ofDays(90);

	private static final Map<Integer, LettuceConnectionFactory> factories = new ConcurrentHashMap<>();

	/** The read side of the boards, as the services read them. */
	final ShardedBoards boards;

	final MutableClock clock;

	/** Connections to this fixture's logical database. */
	final RedisConnectionFactory connections;

	final RankKeys keys;

	/** The shards of {@link #keys}: one, {@link #keys} itself, unless asked for more. */
	final ShardMap shards;

	final DefaultActivityRankService service;

	/** Challenges on the same keys, kept {@link #CHALLENGE_RETENTION} after their end. */
	final DefaultChallengeService challenges;

	final ActivityRankCounters counters = new ActivityRankCounters();

	final ActivityCalendar calendar;

	EngineFixture(LocalDateTime start, Set<Period> periods, Map<String, ScoringRule> rules, Long dailyCap,
			RankUserLookup lookup) {
		this(start, periods, rules, dailyCap, lookup, BoardOrder.DEFAULT);
	}

	/**
	 * A fixture whose boards order and number their members as {@code order} says.
	 */
	EngineFixture(LocalDateTime start, Set<Period> periods, Map<String, ScoringRule> rules, Long dailyCap,
			RankUserLookup lookup, BoardOrder order) {
		this(start, periods, rules, dailyCap, lookup, 0, RedisTestServer.uniquePrefix("engine"), order);
	}

	/**
	 * A fixture in a logical database and under a key prefix of the caller's choice.
	 */
	EngineFixture(LocalDateTime start, Set<Period> periods, Map<String, ScoringRule> rules, Long dailyCap,
			RankUserLookup lookup, int database, String prefix) {
		this(start, periods, rules, dailyCap, lookup, database, prefix, BoardOrder.DEFAULT);
	}

	/**
	 * A fixture under a key prefix of the caller's choice, so that two fixtures can share
	 * boards.
	 */
	EngineFixture(LocalDateTime start, Set<Period> periods, Map<String, ScoringRule> rules, Long dailyCap,
			RankUserLookup lookup, int database, String prefix, BoardOrder order) {
		this(start, periods, rules, dailyCap, lookup, factory(database), prefix, order);
	}

	/**
	 * A fixture whose Redis connections come from the caller, for example connections
	 * that count what is sent.
	 */
	EngineFixture(LocalDateTime start, Set<Period> periods, Map<String, ScoringRule> rules, Long dailyCap,
			RankUserLookup lookup, RedisConnectionFactory connections, String prefix, BoardOrder order) {
		this(start, periods, rules, dailyCap, lookup, connections, prefix, order, 1);
	}

	/**
	 * A fixture whose boards are split into {@code shards} shards, as
	 * {@code activity-rank.shards} configures them.
	 */
	EngineFixture(LocalDateTime start, Set<Period> periods, Map<String, ScoringRule> rules, Long dailyCap,
			RankUserLookup lookup, RedisConnectionFactory connections, String prefix, BoardOrder order, int shards) {
		this(start, periods, rules, dailyCap, lookup, connections, prefix, order, shards, Map.of());
	}

	/**
	 * A fixture with item types, whose awards always take the full score script (the
	 * items module is not in the lean loop).
	 */
	EngineFixture(LocalDateTime start, Set<Period> periods, Map<String, ScoringRule> rules, Long dailyCap,
			RankUserLookup lookup, RedisConnectionFactory connections, String prefix, BoardOrder order, int shards,
			Map<String, ItemType> items) {
		this(start, periods, rules, dailyCap, lookup, connections, prefix, order, shards, items, ScopeSettings.NONE);
	}

	/**
	 * A fixture with item types and scope kinds.
	 */
	EngineFixture(LocalDateTime start, Set<Period> periods, Map<String, ScoringRule> rules, Long dailyCap,
			RankUserLookup lookup, RedisConnectionFactory connections, String prefix, BoardOrder order, int shards,
			Map<String, ItemType> items, ScopeSettings scopes) {
		this.shards = new ShardMap(new RankKeys(prefix), shards);
		this.clock = new MutableClock(start, ZONE);
		this.connections = connections;
		this.keys = new RankKeys(prefix);
		this.calendar = new ActivityCalendar(this.clock, ZONE, Map.of(Period.DAY, Duration.ofDays(31), Period.WEEK,
				Duration.ofDays(70), Period.MONTH, Duration.ofDays(365)), Duration.ofDays(31));
		// as the auto-configuration builds it: concurrent callers share script calls
		RedisStores stores = new RedisStores(this.connections, this.shards, this.calendar, order).withScopes(scopes);
		ActivityStore store = new CoalescingActivityStore(stores.activityStore(periods, items), ActivityStore.MAX_BATCH,
				2);
		this.boards = stores.boards();
		ActivityRules activityRules = new ActivityRules(rules, dailyCap);
		this.service = new DefaultActivityRankService(activityRules, store, stores.userRecords(periods, items),
				this.boards, this.calendar, periods, lookup, this.counters, (period, day) -> 0, UserErasure.NONE,
				scopes, this.boards);
		this.challenges = new DefaultChallengeService(activityRules, stores.challengeStore(CHALLENGE_RETENTION),
				this.boards, this.calendar, lookup);
	}

	/** A lookup that names every user {@code name-<id>}. */
	static final RankUserLookup NAMES = (ids) -> {
		Map<String, Object> users = new HashMap<>();
		ids.forEach((id) -> users.put(id, "name-" + id));
		return users;
	};

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

	/** Write a raw score, as a board from before or a hand-made fixture would hold it. */
	void zadd(String board, String member, double score) {
		try (RedisConnection connection = this.connections.getConnection()) {
			connection.zSetCommands()
				.zAdd(board.getBytes(StandardCharsets.UTF_8), score, member.getBytes(StandardCharsets.UTF_8));
		}
	}

	/**
	 * Write a hash field, as a record from before or a hand-made fixture would hold it.
	 */
	void hset(String key, String field, String value) {
		try (RedisConnection connection = this.connections.getConnection()) {
			connection.hashCommands()
				.hSet(key.getBytes(StandardCharsets.UTF_8), field.getBytes(StandardCharsets.UTF_8),
						value.getBytes(StandardCharsets.UTF_8));
		}
	}

	boolean exists(String key) {
		try (RedisConnection connection = this.connections.getConnection()) {
			return Boolean.TRUE.equals(connection.keyCommands().exists(key.getBytes(StandardCharsets.UTF_8)));
		}
	}

	/** The fields and values of a hash, as text (empty when it does not exist). */
	Map<String, String> hash(String key) {
		try (RedisConnection connection = this.connections.getConnection()) {
			Map<String, String> fields = new TreeMap<>();
			connection.hashCommands()
				.hGetAll(key.getBytes(StandardCharsets.UTF_8))
				.forEach((field, value) -> fields.put(new String(field, StandardCharsets.UTF_8),
						new String(value, StandardCharsets.UTF_8)));
			return fields;
		}
	}

	/** The members of a sorted set, lowest score first. */
	List<String> members(String key) {
		try (RedisConnection connection = this.connections.getConnection()) {
			return connection.zSetCommands()
				.zRange(key.getBytes(StandardCharsets.UTF_8), 0, -1)
				.stream()
				.map((member) -> new String(member, StandardCharsets.UTF_8))
				.toList();
		}
	}

	@Override
	public void close() {
		RedisKeysCleaner.delete(this.connections, this.keys.pattern());
	}

}
