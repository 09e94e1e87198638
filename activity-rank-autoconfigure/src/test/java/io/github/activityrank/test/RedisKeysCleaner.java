package io.github.activityrank.test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;

/**
 * Lists and deletes the keys of one test's prefix, never anything else.
 */
public final class RedisKeysCleaner {

	private RedisKeysCleaner() {
	}

	/**
	 * Every key matching a SCAN pattern.
	 * @param factory connections
	 * @param pattern the glob pattern
	 * @return the keys
	 */
	public static List<String> keys(RedisConnectionFactory factory, String pattern) {
		List<String> keys = new ArrayList<>();
		try (RedisConnection connection = factory.getConnection();
				Cursor<byte[]> cursor = connection.keyCommands()
					.scan(ScanOptions.scanOptions().match(pattern).count(1000).build())) {
			cursor.forEachRemaining((key) -> keys.add(new String(key, StandardCharsets.UTF_8)));
		}
		return keys;
	}

	/**
	 * Delete every key matching a SCAN pattern.
	 * @param factory connections
	 * @param pattern the glob pattern, for example {@code {test_x_1234}:*}
	 */
	public static void delete(RedisConnectionFactory factory, String pattern) {
		List<String> keys = keys(factory, pattern);
		if (keys.isEmpty()) {
			return;
		}
		try (RedisConnection connection = factory.getConnection()) {
			connection.keyCommands()
				.del(keys.stream().map((k) -> k.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new));
		}
	}

	/**
	 * The SCAN pattern of every key of a prefix: under its hash tag {@code {prefix}} or a
	 * tag of its own that starts with the prefix, a shard's {@code {prefix:0}} or an
	 * ingestion partition's {@code {prefix:activity:0}}.
	 * @param prefix the key prefix, without its braces
	 * @return {@code {prefix[}:]*}
	 */
	public static String prefixPattern(String prefix) {
		return "{" + prefix + "[}:]*";
	}

	/**
	 * Delete every key of a prefix on the shared test server, in database 0.
	 * @param prefix the key prefix, without its braces
	 * @see #prefixPattern(String)
	 */
	public static void deletePrefix(String prefix) {
		LettuceConnectionFactory factory = RedisTestServer.shared().newConnectionFactory();
		try {
			delete(factory, prefixPattern(prefix));
		}
		finally {
			factory.destroy();
		}
	}

}
