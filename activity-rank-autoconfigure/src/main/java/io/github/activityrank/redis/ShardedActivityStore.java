package io.github.activityrank.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.AwardResult;
import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.engine.BadgeSettings;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ItemType;
import io.github.activityrank.engine.ScopeSettings;
import io.github.activityrank.engine.ScoreCommand;
import io.github.activityrank.engine.StreakSettings;
import io.github.activityrank.redis.shard.ShardCalls;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link ActivityStore} over boards split into shards ({@link ShardMap}), for Redis
 * Cluster: one {@link RedisActivityStore} per shard keeps that shard's users, records,
 * caps, challenge memberships and board entries under the shard's hash tag, so every
 * award and revoke stays one atomic {@code score.lua} call on one node. A batch is split
 * by shard (keeping each user's commands in order) and the shards' calls are sent at
 * once. The boards are read by {@link ShardedBoards}, a user's records by
 * {@link RedisUserRecords} on the user's shard.
 */
public class ShardedActivityStore implements ActivityStore {

	private final ShardMap shards;

	private final List<RedisActivityStore> stores;

	private final ShardCalls calls = new ShardCalls();

	/**
	 * Create the store with item boards, spread over the shards like the user boards (an
	 * award's item share goes to the shard of its user, docs/items.md), and streaks and
	 * badges kept in the key space of the user's shard.
	 * @param connectionFactory connections to Redis (a cluster, or one server)
	 * @param shards the shards and their keys
	 * @param calendar today, period boundaries and TTLs
	 * @param periods the boards every award goes to
	 * @param order how boards order and number their members
	 * @param items the configured item types by name
	 * @param streaks whether and how awards mark active days
	 * @param badges the levels and badges awards decide
	 */
	public ShardedActivityStore(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			Set<Period> periods, BoardOrder order, Map<String, ItemType> items, StreakSettings streaks,
			BadgeSettings badges) {
		this(connectionFactory, shards, calendar, periods, order, items, streaks, badges, ScopeSettings.NONE);
	}

	/**
	 * Create the store with item boards, streaks, badges and scope boards, each user's
	 * scope boards in the key space of the user's shard.
	 * @param connectionFactory connections to Redis (a cluster, or one server)
	 * @param shards the shards and their keys
	 * @param calendar today, period boundaries and TTLs
	 * @param periods the boards every award goes to
	 * @param order how boards order and number their members
	 * @param items the configured item types by name
	 * @param streaks whether and how awards mark active days
	 * @param badges the levels and badges awards decide
	 * @param scopes the configured scope kinds
	 */
	public ShardedActivityStore(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			Set<Period> periods, BoardOrder order, Map<String, ItemType> items, StreakSettings streaks,
			BadgeSettings badges, ScopeSettings scopes) {
		this.shards = shards;
		List<RedisActivityStore> stores = new ArrayList<>(shards.shards());
		for (RankKeys keys : shards.allKeys()) {
			stores.add(new RedisActivityStore(connectionFactory, keys, calendar, periods, order, items, streaks, badges,
					scopes));
		}
		this.stores = List.copyOf(stores);
	}

	@Override
	public List<AwardResult> apply(List<ScoreCommand> commands) {
		int count = this.shards.shards();
		int[] shardOf = new int[commands.size()];
		List<List<ScoreCommand>> byShard = new ArrayList<>(count);
		for (int s = 0; s < count; s++) {
			byShard.add(new ArrayList<>());
		}
		for (int c = 0; c < commands.size(); c++) {
			shardOf[c] = this.shards.shardOf(commands.get(c).userId());
			byShard.get(shardOf[c]).add(commands.get(c));
		}
		List<Integer> busy = new ArrayList<>();
		for (int s = 0; s < count; s++) {
			if (!byShard.get(s).isEmpty()) {
				busy.add(s);
			}
		}
		List<List<AwardResult>> results = this.calls.each(busy.size(),
				(i) -> this.stores.get(busy.get(i)).apply(byShard.get(busy.get(i))));
		List<List<AwardResult>> resultsByShard = new ArrayList<>(count);
		for (int s = 0; s < count; s++) {
			resultsByShard.add(List.of());
		}
		for (int i = 0; i < busy.size(); i++) {
			resultsByShard.set(busy.get(i), results.get(i));
		}
		int[] next = new int[count];
		List<AwardResult> ordered = new ArrayList<>(commands.size());
		for (int c = 0; c < commands.size(); c++) {
			ordered.add(resultsByShard.get(shardOf[c]).get(next[shardOf[c]]++));
		}
		return ordered;
	}

}
