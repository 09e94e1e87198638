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
	 * The user's string: the run record and the bits of every year from the first
	 * (lua/streaks.lua, {@link StreakValue}).
	 */
	String user(String member) {
		return userPrefix() + member;
	}

	String userPrefix() {
		return this.tag + ":streak:";
	}

	/** The streak board: length * 2^20 + (2^20 - 1 - start epoch day). */
	String board() {
		return this.tag + ":streaks";
	}

	/**
	 * Each board member's last active day (epoch day), so broken streaks are found by
	 * range.
	 */
	String lastDays() {
		return this.tag + ":streaks:last";
	}

}
