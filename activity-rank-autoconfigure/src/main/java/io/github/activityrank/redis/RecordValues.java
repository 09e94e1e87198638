package io.github.activityrank.redis;

/**
 * What a record's value holds (the score script's {@code record_value}, in the common Lua
 * module): the award's points and its rule's number paired into one integer, small for
 * the few rules and small points of most awards, so that Redis keeps it in a byte. The
 * points are zigzagged ({@code 0, -1, 1, -2} become {@code 0, 1, 2, 3}) and paired with
 * the number (Szudzik's pairing); rules are numbered 1, 2, ... in the registry of rules
 * ({@link RankKeys#rules()}) when first awarded, 0 is explicit points. An award that gave
 * points to scope ids carries them after the number ({@code 113|category=java:dm}), for
 * its revoke.
 */
final class RecordValues {

	private RecordValues() {
	}

	/**
	 * The points an award's record value holds.
	 * @param value the value as stored
	 * @return the points the award gave
	 */
	static long points(String value) {
		int scopes = value.indexOf('|');
		long paired = Long.parseLong((scopes < 0) ? value : value.substring(0, scopes));
		long root = (long) Math.sqrt(paired);
		if (root * root > paired) {
			root--;
		}
		long rest = paired - root * root;
		long zigzag = (rest < root) ? rest : root;
		return ((zigzag & 1) == 0) ? zigzag / 2 : -(zigzag + 1) / 2;
	}

}
