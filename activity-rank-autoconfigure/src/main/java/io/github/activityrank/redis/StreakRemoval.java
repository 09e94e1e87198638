package io.github.activityrank.redis;

import io.github.activityrank.engine.ActivityCalendar;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Deletes one user's streak data in one script call (streak-remove.lua): the yearly
 * bitmaps from the first year the run record names to this year, the record and the board
 * entries.
 */
final class StreakRemoval {

	private final RedisConnectionFactory connectionFactory;

	private final StreakKeys keys;

	private final ActivityCalendar calendar;

	private final LuaScript remove = LuaScript.load("streak-remove.lua");

	StreakRemoval(RedisConnectionFactory connectionFactory, RankKeys keys, ActivityCalendar calendar) {
		this.connectionFactory = connectionFactory;
		this.keys = new StreakKeys(keys);
		this.calendar = calendar;
	}

	long remove(String userId) {
		String member = RankKeys.encode(userId);
		ScriptArgs call = new ScriptArgs();
		call.key(this.keys.record(member));
		call.key(this.keys.board());
		call.key(this.keys.lastDays());
		call.arg(member).arg(this.keys.yearsPrefix()).arg(":" + member).arg(this.calendar.today().getYear());
		return RedisReplies.asLong(this.remove.run(this.connectionFactory, call).get(0));
	}

}
