package io.github.activityrank.engine;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import io.github.activityrank.ActivitySummary;
import io.github.activityrank.AwardResult;
import io.github.activityrank.DayActivity;
import io.github.activityrank.Period;

/**
 * The write side of the period boards: where points are applied, and the per-user records
 * (history, summaries, removal). The Redis implementation applies every command as part
 * of one atomic script. The boards are read through {@link PeriodBoards}.
 */
public interface ActivityStore {

	/**
	 * Most commands sent to Redis in one script call; bounds how long one call blocks the
	 * server. Whoever batches awards on their way here (the dispatcher's workers and its
	 * retry thread) uses the same bound, so that one of their batches is one call.
	 */
	int MAX_BATCH = 256;

	/**
	 * Apply awards and revokes for today, each atomically and in order.
	 * @param commands the validated commands
	 * @return one result per command, in the same order
	 */
	List<AwardResult> apply(List<ScoreCommand> commands);

	/**
	 * Take back an award whose day record has expired, which {@link #apply(List)} no
	 * longer finds: the award ledger still knows it. The points leave the boards of the
	 * award's periods that still exist (never below zero) and the tallies and caps of its
	 * week and month that still exist; nothing expired is recreated. Challenge boards are
	 * not touched: the record that named them is gone.
	 * @param userId the user, valid
	 * @param rule the award's rule, or {@code null} for explicit points
	 * @param points the points the award gave
	 * @param awardedAt when the award was recorded, which names its day, week and month
	 * @return {@code REVOKED} with the points, or {@code REJECTED} when giving a penalty
	 * back would pass a board's largest score
	 * @throws UnsupportedOperationException when the store keeps no boards of past
	 * periods
	 */
	default AwardResult revokeExpired(String userId, String rule, long points, Instant awardedAt) {
		throw new UnsupportedOperationException(getClass().getName() + " cannot take back expired awards");
	}

	/**
	 * Delete a user's records and board entries.
	 * @param userId the user, valid
	 * @return the number of keys changed
	 */
	long removeUser(String userId);

	/**
	 * The records of one user per day.
	 * @param userId the user
	 * @param from first day
	 * @param to last day
	 * @return days with records, newest first
	 */
	List<DayActivity> history(String userId, LocalDate from, LocalDate to);

	/**
	 * The standing awards of one user in one day, week or month, per rule.
	 * @param userId the user
	 * @param period DAY, WEEK or MONTH
	 * @param day a day of the period
	 * @return the summary
	 */
	ActivitySummary summary(String userId, Period period, LocalDate day);

}
