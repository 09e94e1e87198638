package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * What a record's value holds (the score script's {@code record_value}, in the common Lua
 * module): points * 65536 + the number of the award's rule (0 for explicit points), or
 * {@code points:rule} when another rule's name holds that number in the registry of rules
 * ({@link RankKeys#rules()}). A rule's number comes from its name alone, so every
 * instance, shard and rebuild gives a rule the same number.
 */
final class RecordValues {

	/** Rule numbers are 1 to 65535; 0 is explicit points. */
	static final long RULE_NUMBERS = 65536;

	private RecordValues() {
	}

	/**
	 * The number of a rule in record values.
	 * @param rule the rule's name, or {@code null} or empty for explicit points
	 * @return 1 to 65535, or 0 for explicit points
	 */
	static long number(String rule) {
		if (rule == null || rule.isEmpty()) {
			return 0;
		}
		CRC32 crc = new CRC32();
		crc.update(rule.getBytes(StandardCharsets.UTF_8));
		return crc.getValue() % (RULE_NUMBERS - 1) + 1;
	}

	/**
	 * The points an award's record value holds.
	 * @param value the value as stored
	 * @return the points the award gave
	 */
	static long points(String value) {
		int colon = value.indexOf(':');
		if (colon >= 0) {
			return Long.parseLong(value.substring(0, colon));
		}
		return Math.floorDiv(Long.parseLong(value), RULE_NUMBERS);
	}

}
