package io.github.activityrank.redis;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.github.activityrank.ActivitySummary;
import io.github.activityrank.AwardResult;
import io.github.activityrank.DayActivity;
import io.github.activityrank.Period;
import io.github.activityrank.RuleTally;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BadgeSettings;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ItemType;
import io.github.activityrank.engine.ScopeSettings;
import io.github.activityrank.engine.StreakSettings;
import io.github.activityrank.engine.UserRecords;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import static io.github.activityrank.redis.RedisReplies.asLong;
import static io.github.activityrank.redis.RedisReplies.asString;

/**
 * {@link UserRecords} on Redis, on one key space or over shards: everything of one user
 * lives on the user's shard ({@link ShardMap#shardOf}), so each call goes to that shard
 * only. A user is removed in one script call ({@link UserRemoval}), an expired award is
 * taken back by the revoke-expired script ({@link ScoreScript}).
 */
public class RedisUserRecords implements UserRecords {

	private final RedisConnectionFactory connectionFactory;

	private final ShardMap shards;

	private final List<Shard> byShard;

	private final LuaScript history = LuaScript.load("history.lua");

	private final LuaScript summary = LuaScript.compose("lua/common.lua", "summary.lua");

	/**
	 * Create the records.
	 * @param connectionFactory connections to Redis (a cluster, or one server)
	 * @param shards the shards and their keys; one shard means no sharding
	 * @param calendar today, period boundaries and TTLs
	 * @param periods the boards every award goes to
	 * @param order how boards order and number their members
	 * @param items the configured item types by name (empty: none)
	 * @param streaks whether and how awards mark active days
	 * @param badges the levels and badges awards decide, which a removal erases
	 */
	public RedisUserRecords(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			Set<Period> periods, BoardOrder order, Map<String, ItemType> items, StreakSettings streaks,
			BadgeSettings badges) {
		this(connectionFactory, shards, calendar, periods, order, items, streaks, badges, ScopeSettings.NONE);
	}

	/**
	 * Create the records with scope boards, which a removal takes the user off.
	 * @param connectionFactory connections to Redis (a cluster, or one server)
	 * @param shards the shards and their keys; one shard means no sharding
	 * @param calendar today, period boundaries and TTLs
	 * @param periods the boards every award goes to
	 * @param order how boards order and number their members
	 * @param items the configured item types by name (empty: none)
	 * @param streaks whether and how awards mark active days
	 * @param badges the levels and badges awards decide, which a removal erases
	 * @param scopes the configured scope kinds
	 */
	public RedisUserRecords(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			Set<Period> periods, BoardOrder order, Map<String, ItemType> items, StreakSettings streaks,
			BadgeSettings badges, ScopeSettings scopes) {
		this.connectionFactory = connectionFactory;
		this.shards = shards;
		List<Period> ordered = List.copyOf(periods.isEmpty() ? EnumSet.noneOf(Period.class) : EnumSet.copyOf(periods));
		BoardLayout layout = new BoardLayout(order, calendar.zone());
		List<Shard> byShard = new ArrayList<>(shards.shards());
		for (RankKeys keys : shards.allKeys()) {
			ScoreScript script = new ScoreScript(keys, calendar, ordered, order, layout,
					items.isEmpty() ? null : new ItemArgs(new ItemKeys(keys), calendar, items, ordered), streaks,
					badges, scopes.enabled() ? new ScopeArgs(keys, calendar, layout, order.dense(), scopes) : null);
			byShard.add(new Shard(keys, script, new UserRemoval(connectionFactory, keys, calendar, layout),
					streaks.enabled() ? new StreakRemoval(connectionFactory, keys, streaks.buckets()) : null,
					badges.configured() ? new BadgeRemoval(keys, badges) : null));
		}
		this.byShard = List.copyOf(byShard);
	}

	private Shard shardOf(String userId) {
		return this.byShard.get(this.shards.shardOf(userId));
	}

	@Override
	public long removeUser(String userId) {
		Shard shard = shardOf(userId);
		long removed = shard.removal.remove(userId);
		if (shard.badgeRemoval != null) {
			try (RedisConnection connection = this.connectionFactory.getConnection()) {
				removed += shard.badgeRemoval.remove(connection, userId);
			}
		}
		return (shard.streakRemoval != null) ? removed + shard.streakRemoval.remove(userId) : removed;
	}

	@Override
	public List<DayActivity> history(String userId, LocalDate from, LocalDate to) {
		RankKeys keys = shardOf(userId).keys;
		String member = RankKeys.encode(userId);
		List<LocalDate> days = new ArrayList<>();
		ScriptArgs call = new ScriptArgs();
		for (LocalDate day = to; !day.isBefore(from); day = day.minusDays(1)) {
			days.add(day);
			call.key(keys.record(day, member));
		}
		List<Object> reply = run(this.history, call);
		List<DayActivity> activity = new ArrayList<>();
		for (int d = 0; d < days.size(); d++) {
			List<?> fields = (List<?>) reply.get(d);
			Map<String, Long> awards = new LinkedHashMap<>();
			long total = 0;
			for (int i = 0; i + 1 < fields.size(); i += 2) {
				String field = asString(fields.get(i));
				if (field.startsWith("#")) {
					continue; // cap counters, not awards
				}
				long points = RecordValues.points(asString(fields.get(i + 1)));
				awards.put(RankKeys.decode(field), points);
				total += points;
			}
			if (!awards.isEmpty()) {
				activity.add(new DayActivity(days.get(d), total, Collections.unmodifiableMap(awards)));
			}
		}
		return activity;
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Read from the records of the period's days (their values name each award's rule),
	 * with the registry of rules, in one script call: an award writes nothing for
	 * summaries.
	 */
	@Override
	public ActivitySummary summary(String userId, Period period, LocalDate day) {
		if (period == Period.TOTAL) {
			throw new IllegalArgumentException("TOTAL has no summary");
		}
		RankKeys keys = shardOf(userId).keys;
		String member = RankKeys.encode(userId);
		ScriptArgs call = new ScriptArgs();
		call.key(keys.rules());
		LocalDate start = ActivityCalendar.start(period, day);
		for (LocalDate d = start; d.isBefore(ActivityCalendar.end(period, day)); d = d.plusDays(1)) {
			call.key(keys.record(d, member));
		}
		List<Object> reply = run(this.summary, call);
		Map<String, RuleTally> byRule = new TreeMap<>();
		long points = 0;
		for (int i = 0; i + 2 < reply.size(); i += 3) {
			long given = Long.parseLong(asString(reply.get(i + 2)));
			byRule.put(asString(reply.get(i)), new RuleTally(asLong(reply.get(i + 1)), given));
			points += given;
		}
		return new ActivitySummary(userId, period, start, points, new LinkedHashMap<>(byRule));
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * One revoke-expired call ({@link ScoreScript}) on the user's shard, which holds the
	 * award's boards, tallies and caps, with the keys named for the award's instant; any
	 * store of the same prefix and periods can replay it.
	 */
	@Override
	public AwardResult revokeExpired(String userId, String rule, long points, Instant awardedAt) {
		ScoreScript script = shardOf(userId).script;
		ScriptArgs call = script.revokeExpired(userId, rule, points, awardedAt);
		return script.result(asLong(run(script.revokeExpired(), call).get(0)));
	}

	private List<Object> run(LuaScript script, ScriptArgs call) {
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			List<Object> reply = script.run(connection, call.keyCount(), call.keysAndArgs());
			return (reply != null) ? reply : List.of();
		}
	}

	/** What one shard's calls need. */
	private record Shard(RankKeys keys, ScoreScript script, UserRemoval removal, StreakRemoval streakRemoval,
			BadgeRemoval badgeRemoval) {
	}

}
