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

	/**
	 * A raw score (an integer below 2^53) as Redis prints it, read without a string: the
	 * digits themselves, or {@link #asDouble} for any other form.
	 */
	static long asScore(Object value) {
		if (value instanceof byte[] bytes && bytes.length > 0 && bytes.length <= 16) {
			int i = (bytes[0] == '-') ? 1 : 0;
			long score = 0;
			for (int j = i; j < bytes.length; j++) {
				int digit = bytes[j] - '0';
				if (digit < 0 || digit > 9) {
					return (long) asDouble(value);
				}
				score = score * 10 + digit;
			}
			if (i < bytes.length) {
				return (i == 1) ? -score : score;
			}
		}
		return (value instanceof Number number) ? number.longValue() : (long) asDouble(value);
	}

}
