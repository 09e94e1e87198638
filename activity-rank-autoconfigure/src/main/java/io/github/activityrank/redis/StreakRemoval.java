package io.github.activityrank.redis;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Deletes one user's streak data in one script call (streak-remove.lua): the user's
 * string (run record and every year's bits) and the board entries.
 */
final class StreakRemoval {

	private final RedisConnectionFactory connectionFactory;

	private final StreakKeys keys;

	private final LuaScript remove = LuaScript.load("streak-remove.lua");

	StreakRemoval(RedisConnectionFactory connectionFactory, RankKeys keys) {
		this.connectionFactory = connectionFactory;
		this.keys = new StreakKeys(keys);
	}

	long remove(String userId) {
		String member = RankKeys.encode(userId);
		ScriptArgs call = new ScriptArgs();
		call.key(this.keys.user(member));
		call.key(this.keys.board());
		call.key(this.keys.lastDays());
		call.arg(member);
		return RedisReplies.asLong(this.remove.run(this.connectionFactory, call).get(0));
	}

}
