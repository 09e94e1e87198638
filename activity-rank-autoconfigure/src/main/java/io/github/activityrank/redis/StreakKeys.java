package io.github.activityrank.redis;

/**
 * The streak keys of one key space (docs/redis-layout.md, "Streaks"): all after its hash
 * tag, so the award script and the reads reach them in the slot of every other key.
 */
final class StreakKeys {

	private final String tag;

	StreakKeys(RankKeys keys) {
		this.tag = keys.tag();
	}

	/**
	 * A bucket hash: the fields of the users whose member falls in it
	 * ({@link StreakBuckets}), each user's run record and the bits of every year with an
	 * active day (lua/streaks.lua, {@link StreakValue}).
	 */
	String bucket(int bucket) {
		return this.tag + ":streak-bucket:" + bucket;
	}

	/** The streak board: length * 2^20 + (2^20 - 1 - start epoch day). */
	String board() {
		return this.tag + ":streaks";
	}

	/**
	 * The board as the board reads take it: the streak board numbers every rank apart, so
	 * the dense companion its keys name is never built.
	 */
	BoardKeys boardKeys() {
		return new BoardKeys(board(), board() + ":dense");
	}

	/**
	 * Each board member's last active day (epoch day), so broken streaks are found by
	 * range.
	 */
	String lastDays() {
		return this.tag + ":streaks:last";
	}

}
