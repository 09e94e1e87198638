package io.github.activityrank.redis;

import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BadgeSettings;
import io.github.activityrank.engine.BoardOrder;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * What the badge reads ({@link BadgeStore}) and the retroactive grants
 * ({@link RetroBadgeGrants}) read from: Redis, its shards, the calendar, the boards'
 * layout and the badge settings.
 *
 * @param connectionFactory connections to Redis
 * @param shards the shards and their keys
 * @param calendar now and today, for the levels' board of a period
 * @param layout the boards' layout (whether scores hold a time part)
 * @param settings the levels and badges
 */
record BadgeSources(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
		BoardLayout layout, BadgeSettings settings) {

	BadgeSources(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar, BoardOrder order,
			BadgeSettings settings) {
		this(connectionFactory, shards, calendar, new BoardLayout(order, calendar.zone()), settings);
	}

}
