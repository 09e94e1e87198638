package io.github.activityrank.redis;

import java.time.Duration;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.engine.BadgeSettings;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ChallengeStore;
import io.github.activityrank.engine.ItemType;
import io.github.activityrank.engine.ScopeSettings;
import io.github.activityrank.engine.StreakSettings;
import io.github.activityrank.engine.UserRecords;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The one place that chooses between one key space and shards: the auto-configuration
 * builds the live stores with it, a rebuild the staged ones.
 *
 * @param connectionFactory connections to Redis
 * @param shards the shards and their keys; one shard means no sharding
 * @param calendar today, period boundaries, TTLs and the zone of the board layout
 * @param order how boards order and number their members
 * @param streaks whether and how awards mark active days
 * @param badges the levels and badges awards decide (docs/badges.md)
 * @param scopes the configured scope kinds (docs/scopes.md)
 */
public record RedisStores(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
		BoardOrder order, StreakSettings streaks, BadgeSettings badges, ScopeSettings scopes) {

	/**
	 * Stores without scope boards.
	 * @param connectionFactory connections to Redis
	 * @param shards the shards and their keys
	 * @param calendar today, period boundaries, TTLs and the zone of the board layout
	 * @param order how boards order and number their members
	 * @param streaks whether and how awards mark active days
	 * @param badges the levels and badges awards decide
	 */
	public RedisStores(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			BoardOrder order, StreakSettings streaks, BadgeSettings badges) {
		this(connectionFactory, shards, calendar, order, streaks, badges, ScopeSettings.NONE);
	}

	/**
	 * These stores with scope boards.
	 * @param kinds the configured scope kinds
	 * @return a copy with them
	 */
	public RedisStores withScopes(ScopeSettings kinds) {
		return new RedisStores(this.connectionFactory, this.shards, this.calendar, this.order, this.streaks,
				this.badges, kinds);
	}

	/**
	 * Stores without badges: a rebuild's replay announces nothing and writes no badge.
	 * @param connectionFactory connections to Redis
	 * @param shards the shards and their keys
	 * @param calendar today, period boundaries, TTLs and the zone of the board layout
	 * @param order how boards order and number their members
	 * @param streaks whether and how awards mark active days
	 */
	public RedisStores(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			BoardOrder order, StreakSettings streaks) {
		this(connectionFactory, shards, calendar, order, streaks, BadgeSettings.OFF);
	}

	/**
	 * Stores without streaks.
	 * @param connectionFactory connections to Redis
	 * @param shards the shards and their keys
	 * @param calendar today, period boundaries, TTLs and the zone of the board layout
	 * @param order how boards order and number their members
	 */
	public RedisStores(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			BoardOrder order) {
		this(connectionFactory, shards, calendar, order, StreakSettings.OFF);
	}

	/**
	 * The write side of the period boards.
	 * @param periods the boards every award goes to
	 * @return a store over one key space or over the shards
	 */
	public ActivityStore activityStore(Set<Period> periods) {
		return activityStore(periods, Map.of());
	}

	/**
	 * The write side of the period boards and the item boards.
	 * @param periods the boards every award goes to
	 * @param items the configured item types by name (empty: none)
	 * @return a store over one key space or over the shards
	 */
	public ActivityStore activityStore(Set<Period> periods, Map<String, ItemType> items) {
		return sharded()
				? new ShardedActivityStore(this.connectionFactory, this.shards, this.calendar, periods, this.order,
						items, this.streaks, this.badges, this.scopes)
				: new RedisActivityStore(this.connectionFactory, this.shards.keys(0), this.calendar, periods,
						this.order, items, this.streaks, this.badges, this.scopes);
	}

	/**
	 * The records of each user: history, summaries, removal.
	 * @param periods the boards every award goes to
	 * @param items the configured item types by name (empty: none)
	 * @return records over one key space or over the shards
	 */
	public UserRecords userRecords(Set<Period> periods, Map<String, ItemType> items) {
		return new RedisUserRecords(this.connectionFactory, this.shards, this.calendar, periods, this.order, items,
				this.streaks, this.badges, this.scopes);
	}

	/**
	 * The challenge definitions and memberships.
	 * @param retention how long a challenge is kept after its end
	 * @return a store over one key space or over the shards
	 */
	public ChallengeStore challengeStore(Duration retention) {
		return sharded()
				? new ShardedChallengeStore(this.connectionFactory, this.shards, this.calendar, this.order, retention)
				: new RedisChallengeStore(this.connectionFactory, this.shards.keys(0), this.calendar, this.order,
						retention);
	}

	/**
	 * The read side of the period, challenge and scope boards.
	 * @return reads over one key space or over the shards
	 */
	public ShardedBoards boards() {
		return new ShardedBoards(this.connectionFactory, this.shards, this.calendar, this.order);
	}

	private boolean sharded() {
		return this.shards.shards() > 1;
	}

}
