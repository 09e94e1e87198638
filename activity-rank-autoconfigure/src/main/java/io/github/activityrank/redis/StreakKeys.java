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

	/** The user's run record, "start,last,longest,firstYear" in epoch days and years. */
	String record(String member) {
		return recordPrefix() + member;
	}

	String recordPrefix() {
		return this.tag + ":streak:rec:";
	}

	/** The user's bitmap of one year: bit n is day-of-year n + 1. */
	String days(int year, String member) {
		return daysPrefix(year) + member;
	}

	String daysPrefix(int year) {
		return yearsPrefix() + year + ":";
	}

	/** The bitmaps' prefix before the year. */
	String yearsPrefix() {
		return this.tag + ":streak:days:";
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
