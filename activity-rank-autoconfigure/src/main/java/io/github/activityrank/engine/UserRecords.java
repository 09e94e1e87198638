package io.github.activityrank.engine;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import io.github.activityrank.ActivitySummary;
import io.github.activityrank.AwardResult;
import io.github.activityrank.DayActivity;
import io.github.activityrank.Period;

/**
 * The records of one user: read (history, summaries), erased, and corrected for an award
 * whose day record has expired. Kept apart from {@link ActivityStore}, the batched write
 * path, so that the decorators of that path (group commit, the failure contract) are not
 * in the way of what they do not change.
 */
public interface UserRecords {

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

	/**
	 * Take back an award whose day record has expired, which
	 * {@link ActivityStore#apply(List)} no longer finds: the award ledger still knows it.
	 * The points leave the boards of the award's periods that still exist (never below
	 * zero) and the tallies and caps of its week and month that still exist; nothing
	 * expired is recreated. Challenge boards are not touched: the record that named them
	 * is gone.
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

}
