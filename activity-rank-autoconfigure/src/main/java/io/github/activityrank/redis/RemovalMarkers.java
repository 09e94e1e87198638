package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Carries the removal markers of a user ({@code {tag}:removed:<member>}, left by
 * {@code removeUser}, see {@link UserRemoval#marker}) over to another shard count.
 * <p>
 * A marker lives on its user's shard, where the score script reads it to drop the user's
 * awards made before the removal that are applied later (still queued in a stream,
 * retried or relayed). With another {@code activity-rank.shards} a user's keys are looked
 * for under another hash tag, so the markers written under the old one would not be seen:
 * {@link #copy} writes each of them on its user's shard of the configured count, expiring
 * at the same instant. The old ones stay where they are and expire as they would have, so
 * a return to the old count finds them too.
 */
public final class RemovalMarkers {

	private static final LuaScript COPY = LuaScript.load("removal-copy.lua");

	private RemovalMarkers() {
	}

	/**
	 * Copy every removal marker written under the tags of another shard count onto its
	 * user's shard of the configured one. A tag whose removal flag is gone holds no
	 * marker and is not scanned; a marker of the same user already there from a later
	 * removal wins.
	 * @param connectionFactory connections to Redis (a cluster, or one server)
	 * @param base key naming of the prefix
	 * @param writtenShards the shard count the keys were written with
	 * @param configured the configured shards
	 * @return how many markers were copied
	 */
	public static long copy(RedisConnectionFactory connectionFactory, RankKeys base, int writtenShards,
			ShardMap configured) {
		long copied = 0;
		try (RedisConnection connection = connectionFactory.getConnection()) {
			for (RankKeys old : new ShardMap(base, writtenShards).allKeys()) {
				String flag = UserRemoval.flag(old);
				if (!Boolean.TRUE.equals(connection.keyCommands().exists(bytes(flag)))) {
					continue;
				}
				for (String marker : TagScan.keys(connection, old, flag + ":*")) {
					String member = marker.substring(flag.length() + 1);
					RankKeys target = configured.keys(configured.shardOf(RankKeys.decode(member)));
					if (!target.tag().equals(old.tag())) {
						copied += copy(connection, marker, target, member);
					}
				}
			}
		}
		return copied;
	}

	private static long copy(RedisConnection connection, String marker, RankKeys target, String member) {
		List<Object> read = COPY.run(connection, 1, new byte[][] { bytes(marker), bytes("read") });
		if (read == null || read.size() < 2) {
			// gone meanwhile (markers always expire)
			return 0;
		}
		List<Object> reply = COPY.run(connection, 2,
				new byte[][] { bytes(UserRemoval.flag(target)), bytes(UserRemoval.marker(target, member)),
						bytes("write"), bytes(Long.toString(RedisReplies.asLong(read.get(0)))),
						bytes(Long.toString(RedisReplies.asLong(read.get(1)))) });
		return RedisReplies.asLong(reply.get(0));
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
