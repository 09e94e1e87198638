package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;

/**
 * Reads the values of script replies, which arrive as numbers or bulk strings.
 */
final class RedisReplies {

	private RedisReplies() {
	}

	static long asLong(Object value) {
		if (value instanceof Number number) {
			return number.longValue();
		}
		return Long.parseLong(asString(value));
	}

	/** A score as Redis prints it; exact for every integer below 2^53. */
	static double asDouble(Object value) {
		return Double.parseDouble(asString(value));
	}

	static String asString(Object value) {
		return (value instanceof byte[] bytes) ? new String(bytes, StandardCharsets.UTF_8) : String.valueOf(value);
	}

}
