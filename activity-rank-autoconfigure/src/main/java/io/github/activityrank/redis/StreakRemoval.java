package io.github.activityrank.redis;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Deletes one user's streak data in one script call (streak-remove.lua): the user's
 * fields of the bucket hash (run record and every year's bits), not those of the other
 * users in the bucket, and the board entries.
 */
final class StreakRemoval {

	private final RedisConnectionFactory connectionFactory;

	private final StreakKeys keys;

	private final StreakBuckets buckets;

	private final LuaScript remove = LuaScript.load("streak-remove.lua");

	StreakRemoval(RedisConnectionFactory connectionFactory, RankKeys keys, int buckets) {
		this.connectionFactory = connectionFactory;
		this.keys = new StreakKeys(keys);
		this.buckets = new StreakBuckets(buckets);
	}

	long remove(String userId) {
		String member = RankKeys.encode(userId);
		ScriptArgs call = new ScriptArgs();
		call.key(this.keys.bucket(this.buckets.of(member)));
		call.key(this.keys.board());
		call.key(this.keys.lastDays());
		call.arg(member);
		return RedisReplies.asLong(this.remove.run(this.connectionFactory, call).get(0));
	}

}
