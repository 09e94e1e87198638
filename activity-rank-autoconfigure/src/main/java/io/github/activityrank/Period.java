package io.github.activityrank;

/**
 * The time windows a leaderboard can cover. Every period follows the calendar of the
 * configured {@code activity-rank.time-zone}.
 */
public enum Period {

	/** One calendar day, midnight to midnight. */
	DAY,

	/** One ISO week, Monday to Sunday. */
	WEEK,

	/** One calendar month. */
	MONTH,

	/** Everything ever awarded; this board never expires. */
	TOTAL

}
