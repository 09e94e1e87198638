package io.github.activityrank.redis;

import java.util.List;

import io.github.activityrank.engine.BadgeDefinition;
import io.github.activityrank.engine.BadgeSettings;

import org.springframework.data.redis.connection.RedisConnection;

import static io.github.activityrank.redis.RedisReplies.asLong;

/**
 * Erases a user's badges, counters and holder entries in one script call
 * ({@code badge-remove.lua}), when the user is removed.
 */
final class BadgeRemoval {

	private final LuaScript script = LuaScript.load("badge-remove.lua");

	private final BadgeKeys keys;

	private final List<BadgeDefinition> badges;

	BadgeRemoval(RankKeys keys, BadgeSettings settings) {
		this.keys = new BadgeKeys(keys);
		this.badges = settings.badges();
	}

	long remove(RedisConnection connection, String userId) {
		String member = RankKeys.encode(userId);
		ScriptArgs call = new ScriptArgs();
		call.key(this.keys.hash(member));
		call.key(this.keys.topHash(member));
		this.badges.forEach((badge) -> call.key(this.keys.holders(badge)));
		call.arg(member);
		List<Object> reply = this.script.run(connection, call.keyCount(), call.keysAndArgs());
		return (reply == null || reply.isEmpty()) ? 0 : asLong(reply.get(0));
	}

}
