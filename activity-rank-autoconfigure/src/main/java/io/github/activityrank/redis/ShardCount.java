package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;

import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;

/**
 * The shard count the keys of a prefix were written with, kept in the hash
 * {@code {prefix}:meta} (field {@code shards}) from the first start on. Keys written with
 * one shard count are not found with another (a user's keys move to another hash tag), so
 * the application must not start on them.
 */
public final class ShardCount {

	private static final byte[] FIELD = "shards".getBytes(StandardCharsets.UTF_8);

	private ShardCount() {
	}

	/**
	 * Record the shard count on the first sharded start, or read the one recorded.
	 * @param connectionFactory connections to Redis
	 * @param keys key naming of the prefix
	 * @param shards the configured shard count
	 * @return the shard count the keys were written with when it differs from
	 * {@code shards}; empty when they agree (or nothing was written yet)
	 */
	public static OptionalInt mismatch(RedisConnectionFactory connectionFactory, RankKeys keys, int shards) {
		byte[] meta = keys.meta().getBytes(StandardCharsets.UTF_8);
		try (RedisConnection connection = connectionFactory.getConnection()) {
			byte[] stored = connection.hashCommands().hGet(meta, FIELD);
			if (stored == null) {
				if (shards == 1) {
					// the unsharded layout needs no record: sharded keys always have one
					return OptionalInt.empty();
				}
				// keys from before the count was recorded were written with one shard
				if (hasUnshardedKeys(connection, keys)) {
					return OptionalInt.of(1);
				}
				connection.hashCommands()
					.hSetNX(meta, FIELD, Integer.toString(shards).getBytes(StandardCharsets.UTF_8));
				stored = connection.hashCommands().hGet(meta, FIELD);
			}
			int written = Integer.parseInt(new String(stored, StandardCharsets.UTF_8));
			return (written == shards) ? OptionalInt.empty() : OptionalInt.of(written);
		}
	}

	/**
	 * The shard count the keys were written with as recorded: one when nothing is
	 * recorded (the unsharded layout, or no keys, such as after {@code FLUSHDB}).
	 * @param connectionFactory connections to Redis
	 * @param keys key naming of the prefix
	 * @return the recorded count
	 */
	public static int recorded(RedisConnectionFactory connectionFactory, RankKeys keys) {
		try (RedisConnection connection = connectionFactory.getConnection()) {
			byte[] stored = connection.hashCommands().hGet(keys.meta().getBytes(StandardCharsets.UTF_8), FIELD);
			return (stored != null) ? Integer.parseInt(new String(stored, StandardCharsets.UTF_8)) : 1;
		}
	}

	/**
	 * Record the shard count a rebuild has just written the keys with. One shard is
	 * recorded as nothing, as a start of the unsharded layout leaves it.
	 * @param connectionFactory connections to Redis
	 * @param keys key naming of the prefix
	 * @param shards the shard count
	 */
	public static void record(RedisConnectionFactory connectionFactory, RankKeys keys, int shards) {
		byte[] meta = keys.meta().getBytes(StandardCharsets.UTF_8);
		try (RedisConnection connection = connectionFactory.getConnection()) {
			if (shards == 1) {
				connection.hashCommands().hDel(meta, FIELD);
			}
			else {
				connection.hashCommands().hSet(meta, FIELD, Integer.toString(shards).getBytes(StandardCharsets.UTF_8));
			}
		}
	}

	/**
	 * Whether any key of the unsharded layout exists: on a cluster they all share the
	 * slot of {@code {prefix}} (CLUSTER COUNTKEYSINSLOT); on one server, a SCAN for
	 * {@code {prefix}:*} that stops at the first key.
	 */
	private static boolean hasUnshardedKeys(RedisConnection connection, RankKeys keys) {
		if (connection instanceof RedisClusterConnection cluster) {
			String tag = keys.tag();
			Long count = cluster.clusterCommands()
				.clusterCountKeysInSlot(ShardMap.slot(tag.substring(1, tag.length() - 1)));
			return count != null && count > 0;
		}
		try (Cursor<byte[]> cursor = connection.keyCommands()
			.scan(ScanOptions.scanOptions().match(keys.pattern()).count(1000).build())) {
			return cursor.hasNext();
		}
	}

}
