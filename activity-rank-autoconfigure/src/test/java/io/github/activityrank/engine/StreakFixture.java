package io.github.activityrank.engine;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.Period;
import io.github.activityrank.StreakService;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.RedisStores;
import io.github.activityrank.redis.RedisStreakService;
import io.github.activityrank.redis.ShardMap;
import io.github.activityrank.redis.StreakPruning;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The engine as the auto-configuration builds it with streaks on, over its own key prefix
 * and a moved clock, in a zone with a daylight-saving change.
 */
final class StreakFixture implements AutoCloseable {

	static final ZoneId ZONE = ZoneId.of("Europe/Berlin");

	static final Map<String, ScoringRule> RULES = Map.of("check-in", new ScoringRule("check-in", 1, false, null),
			"comment", new ScoringRule("comment", 3, false, null), "praise", new ScoringRule("praise", 2, false, null),
			"quiz", new ScoringRule("quiz", 3, false, 10L));

	final MutableClock clock;

	final RedisConnectionFactory connections;

	final RankKeys keys;

	final ShardMap shards;

	final DefaultActivityRankService service;

	final StreakService streaks;

	/** The maintenance step that takes broken streaks off the board, run by hand. */
	final StreakPruning pruning;

	StreakFixture(LocalDateTime start, Set<String> streakRules, Map<Integer, Long> milestones) {
		this(start, streakRules, milestones, EngineFixture.factory(), 1);
	}

	StreakFixture(LocalDateTime start, Set<String> streakRules, Map<Integer, Long> milestones,
			RedisConnectionFactory connections, int shardCount) {
		this(start, streakRules, milestones, connections, shardCount, StreakSettings.DEFAULT_BUCKETS);
	}

	StreakFixture(LocalDateTime start, Set<String> streakRules, Map<Integer, Long> milestones,
			RedisConnectionFactory connections, int shardCount, int buckets) {
		String prefix = RedisTestServer.uniquePrefix("streak");
		ShardMap shards = new ShardMap(new RankKeys(prefix), shardCount);
		this.shards = shards;
		this.clock = new MutableClock(start, ZONE);
		this.connections = connections;
		this.keys = new RankKeys(prefix);
		ActivityCalendar calendar = new ActivityCalendar(this.clock, ZONE, Map.of(Period.DAY, Duration.ofDays(31),
				Period.WEEK, Duration.ofDays(70), Period.MONTH, Duration.ofDays(365)), Duration.ofDays(31));
		StreakSettings settings = StreakSettings.of(streakRules, milestones,
				new ScoreCommand("", "", 0, false, StreakSettings.BONUS_RULE, false, null, null), buckets);
		RedisStores stores = new RedisStores(connections, shards, calendar, BoardOrder.DEFAULT, settings);
		Set<Period> periods = EnumSet.of(Period.DAY, Period.TOTAL);
		ActivityStore store = new CoalescingActivityStore(stores.activityStore(periods), ActivityStore.MAX_BATCH, 2);
		this.service = new DefaultActivityRankService(new ActivityRules(RULES, null), store,
				stores.userRecords(periods, Map.of()), stores.boards(), calendar, periods, null,
				new ActivityRankCounters());
		this.streaks = new RedisStreakService(connections, shards, calendar, buckets);
		this.pruning = new StreakPruning(connections, shards, calendar);
	}

	/** One check-in of the user at the given local time. */
	void checkIn(String user, LocalDateTime at) {
		this.clock.set(at);
		this.service.award(user, "check-in", "check-in");
	}

	/** The user's total points. */
	long total(String user) {
		return this.service.board(Period.TOTAL).rankOf(user).map((entry) -> entry.score()).orElse(0L);
	}

	@Override
	public void close() {
		RedisKeysCleaner.delete(this.connections, this.keys.pattern());
		for (RankKeys shard : this.shards.allKeys()) {
			RedisKeysCleaner.delete(this.connections, shard.pattern());
		}
	}

}
