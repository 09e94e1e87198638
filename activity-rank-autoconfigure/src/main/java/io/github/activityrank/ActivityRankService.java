package io.github.activityrank;

import java.time.LocalDate;
import java.util.List;

/**
 * Awards activity points and hands out the period boards. Auto-configured by the starter.
 * <pre>{@code
 * import io.github.activityrank.ActivityRankService;
 * import io.github.activityrank.Period;
 * import io.github.activityrank.RankEntry;
 *
 * service.award("alice", "post-42", "post");          // user, field, rule
 * List<RankEntry> best = service.board(Period.WEEK).top(10);
 * }</pre>
 * <p>
 * Every award and every revoke runs as one atomic Redis script: concurrent calls never
 * award twice, never take back more than was given and never leave a score below zero.
 * Invalid input (a blank or oversized user id or field, an unknown rule, points out of
 * range) is answered with {@link AwardResult.Outcome#REJECTED} and nothing is stored.
 * Query arguments out of range throw {@link IllegalArgumentException}.
 */
public interface ActivityRankService {

	/**
	 * Award the points of a configured rule, once per user and field in the rule's
	 * window.
	 * @param userId the user who earns the points
	 * @param field the idempotency field, for example {@code "42_praise"}
	 * @param rule a rule name from {@code activity-rank.rules}
	 * @return what happened
	 */
	default AwardResult award(String userId, String field, String rule) {
		return apply(new ActivityEvent(userId, field, rule, null, false));
	}

	/**
	 * Award explicit points with no rule: once per user and field per day, no caps but
	 * the global {@code activity-rank.daily-cap}, {@code weekly-cap} and
	 * {@code monthly-cap}.
	 * @param userId the user who earns the points
	 * @param field the idempotency field
	 * @param points the points, from 1 to {@value ActivityLimits#MAX_POINTS}
	 * @return what happened
	 */
	default AwardResult award(String userId, String field, long points) {
		return apply(new ActivityEvent(userId, field, null, points, false));
	}

	/**
	 * Take back the latest award of a field under a rule, from the boards it was given
	 * to, and restore the daily, weekly and monthly allowances it used in the day, week
	 * and month it was made.
	 * @param userId the user
	 * @param field the idempotency field of the award
	 * @param rule the rule the award was made under
	 * @return {@link AwardResult.Outcome#REVOKED} with the points taken back, or
	 * {@link AwardResult.Outcome#NOTHING_TO_REVOKE}
	 */
	default AwardResult revoke(String userId, String field, String rule) {
		return apply(new ActivityEvent(userId, field, rule, null, true));
	}

	/**
	 * Take back the latest award of a field that was made with explicit points.
	 * @param userId the user
	 * @param field the idempotency field of the award
	 * @return {@link AwardResult.Outcome#REVOKED} with the points taken back, or
	 * {@link AwardResult.Outcome#NOTHING_TO_REVOKE}
	 */
	default AwardResult revoke(String userId, String field) {
		return apply(new ActivityEvent(userId, field, null, null, true));
	}

	/**
	 * Take back the latest award of a field that was made with explicit points, written
	 * as {@link #award(String, String, long)} was: the points say which form the award
	 * took, and the revoke takes back what its record says was given, as
	 * {@link #revoke(String, String)} does.
	 * @param userId the user
	 * @param field the idempotency field of the award
	 * @param points the points the award was made with
	 * @return {@link AwardResult.Outcome#REVOKED} with the points taken back, or
	 * {@link AwardResult.Outcome#NOTHING_TO_REVOKE}
	 */
	default AwardResult revoke(String userId, String field, long points) {
		return revoke(userId, field);
	}

	/**
	 * Award or revoke as an {@link ActivityEvent} describes.
	 * @param event the request
	 * @return what happened
	 */
	AwardResult apply(ActivityEvent event);

	/**
	 * Apply several awards and revokes at once, in order. Each stays atomic and
	 * idempotent on its own; implementations may send them to Redis together, which is
	 * how the background executor keeps up with bursts.
	 * @param events the requests
	 * @return one result per event, in the same order
	 */
	default List<AwardResult> applyAll(List<ActivityEvent> events) {
		return events.stream().map(this::apply).toList();
	}

	/**
	 * Today in {@code activity-rank.time-zone}, by the application's clock: the day the
	 * short forms without a day ask for.
	 * @return today
	 */
	LocalDate today();

	/**
	 * The board of the current period. The handle follows the calendar: after the period
	 * rolls over, its calls read the new period's board.
	 * @param period the board, one of {@code activity-rank.periods}
	 * @return the board
	 * @throws IllegalArgumentException when {@code period} is {@code null} or not among
	 * {@code activity-rank.periods}
	 */
	Leaderboard board(Period period);

	/**
	 * The board of the period that contains {@code day}, while it is retained (with the
	 * ledger on, its archived first entries after that).
	 * @param period the board, one of {@code activity-rank.periods}
	 * @param day any day of the wanted period
	 * @return the board
	 * @throws IllegalArgumentException when {@code period} or {@code day} is
	 * {@code null}, or {@code period} is not among {@code activity-rank.periods}
	 */
	Leaderboard board(Period period, LocalDate day);

	/**
	 * The rolling board of the last {@code days} days, today included (days in
	 * {@code activity-rank.time-zone}): each user's points of those days, summed from the
	 * day boards. The board is exact as of the moment it was built and rebuilt at most
	 * every {@code activity-rank.rolling-refresh}; a read answers a board built at most
	 * that long ago, or twice that while another instance rebuilds it, and always one
	 * built today (after midnight the first read rebuilds it). Among equal points with
	 * {@code tie-break: earliest}, whoever made their last award of the window first
	 * ranks higher (see docs/rolling.md).
	 * @param days one of {@code activity-rank.rolling}
	 * @return the board
	 * @throws IllegalArgumentException when {@code days} is not among
	 * {@code activity-rank.rolling}, naming the configured ones
	 */
	default Leaderboard rolling(int days) {
		throw noRollingBoards(this);
	}

	/**
	 * The rolling board of one scope id: its users ranked by the points awarded in that
	 * scope in the last {@code days} days, today included, summed from the scope id's day
	 * boards. Built and refreshed like {@link #rolling(int)} (see docs/rolling.md).
	 * @param days one of {@code activity-rank.rolling}
	 * @param scopeKind a kind configured under {@code activity-rank.scopes} whose periods
	 * include {@code day}
	 * @param scopeId the scope id (same limits as a user id)
	 * @return the board
	 * @throws IllegalArgumentException when {@code days} is not among
	 * {@code activity-rank.rolling}, for a kind that is not configured (naming those that
	 * are) or keeps no day boards, or an invalid id
	 */
	default Leaderboard rolling(int days, String scopeKind, String scopeId) {
		throw noRollingBoards(this);
	}

	/**
	 * The failure of a rolling read from an implementation that has no rolling boards
	 * (the starter's own service says which windows are configured instead).
	 */
	private static IllegalArgumentException noRollingBoards(ActivityRankService service) {
		return new IllegalArgumentException(
				"No rolling boards: " + service.getClass().getName() + " does not implement rolling(days)");
	}

	/**
	 * The board of one scope id (a category, a course, a tenant) for the current period:
	 * its users ranked by the points awarded in that scope (see docs/scopes.md). The
	 * handle follows the calendar like {@link #board(Period)}.
	 * @param scopeKind a kind configured under {@code activity-rank.scopes}
	 * @param scopeId the scope id (same limits as a user id)
	 * @param period one of the kind's periods
	 * @return the board
	 * @throws IllegalArgumentException for a kind that is not configured (naming those
	 * that are), an invalid id, or a period the kind does not keep
	 */
	default Leaderboard board(String scopeKind, String scopeId, Period period) {
		throw new IllegalArgumentException("No scope kind '" + scopeKind + "': none is configured");
	}

	/**
	 * The board of one scope id for the period that contains {@code day}, while it is
	 * retained.
	 * @param scopeKind a kind configured under {@code activity-rank.scopes}
	 * @param scopeId the scope id (same limits as a user id)
	 * @param period one of the kind's periods
	 * @param day any day of the wanted period
	 * @return the board
	 * @throws IllegalArgumentException for a kind that is not configured (naming those
	 * that are), an invalid id, or a period the kind does not keep
	 */
	default Leaderboard board(String scopeKind, String scopeId, Period period, LocalDate day) {
		throw new IllegalArgumentException("No scope kind '" + scopeKind + "': none is configured");
	}

	/**
	 * The scope ids of a kind ranked by the points awarded in each during the current
	 * period ("the most active categories this week"); an entry's id is a scope id. Equal
	 * points share a rank (competition ranks), whatever {@code activity-rank.ranking} and
	 * {@code tie-break} say.
	 * @param scopeKind a kind configured under {@code activity-rank.scopes}
	 * @param period one of the kind's periods
	 * @return the board
	 * @throws IllegalArgumentException for a kind that is not configured (naming those
	 * that are), or a period the kind does not keep
	 */
	default Leaderboard scopes(String scopeKind, Period period) {
		throw new IllegalArgumentException("No scope kind '" + scopeKind + "': none is configured");
	}

	/**
	 * Distinct users with an award in the current period. While
	 * {@code activity-rank.items} configures an item type, every award that scores counts
	 * its user in a HyperLogLog (standard error 0.81%, docs/items.md); otherwise the
	 * count is exact: the users on the period's board.
	 * @param period one of {@code activity-rank.periods}
	 * @return the estimated count
	 * @throws IllegalArgumentException when {@code period} is {@code null} or not
	 * configured
	 */
	default long activeUsers(Period period) {
		return activeUsers(period, today());
	}

	/**
	 * Distinct users with an award in the period that contains {@code day}, while it is
	 * retained.
	 * @param period one of {@code activity-rank.periods}
	 * @param day any day of the wanted period
	 * @return the estimated count
	 * @throws IllegalArgumentException when {@code period} or {@code day} is
	 * {@code null}, or {@code period} is not configured
	 */
	long activeUsers(Period period, LocalDate day);

	/**
	 * Delete everything stored about a user: their idempotency records of every retained
	 * day, their week and month hashes, their challenge memberships, and their entries on
	 * every board that may still exist (day, week and month boards within their
	 * retention, the total board and every retained challenge board). Other users only
	 * move up. Key names are computed or read from the registry of challenges, never
	 * searched for. A marker of the removal, kept {@code retention.record} and a day,
	 * refuses the user's awards made before it that are still queued, retried or relayed.
	 * @param userId the user
	 * @return the number of keys changed (deleted records, boards the user left); 0 for
	 * an invalid id
	 */
	long removeUser(String userId);

	/**
	 * What a user earned each day and for what, from the retained idempotency records.
	 * @param userId the user
	 * @param from the first day, inclusive
	 * @param to the last day, inclusive: {@code from} to {@code to} cover at most
	 * {@value ActivityLimits#MAX_HISTORY_DAYS} days
	 * @return one entry per day with records, newest first
	 */
	List<DayActivity> history(String userId, LocalDate from, LocalDate to);

	/**
	 * What a user did in the current day, week or month: per rule, how many awards still
	 * stand and the points they gave. Like {@link #summary(String, Period, LocalDate)}
	 * for today.
	 * @param userId the user
	 * @param period {@link Period#DAY}, {@link Period#WEEK} or {@link Period#MONTH}
	 * @return the summary, empty for a user with no standing award in the period
	 * @throws IllegalArgumentException for {@link Period#TOTAL} or a {@code null} period
	 */
	default ActivitySummary summary(String userId, Period period) {
		return summary(userId, period, today());
	}

	/**
	 * What a user did in the day, week or month that contains {@code day}: per rule, how
	 * many awards still stand (revoked awards are not counted) and the points they gave,
	 * read in one round trip. Works whether or not the period has a board. A period's
	 * tallies are kept for {@code activity-rank.retention.record} after it ends; an older
	 * period answers an empty summary.
	 * @param userId the user
	 * @param period {@link Period#DAY}, {@link Period#WEEK} or {@link Period#MONTH}
	 * @param day any day of the wanted period
	 * @return the summary, empty for a user with no standing award in the period
	 * @throws IllegalArgumentException for {@link Period#TOTAL} (use
	 * {@code board(Period.TOTAL).rankOf(userId)} for the total score) or a {@code null}
	 * period or day
	 */
	ActivitySummary summary(String userId, Period period, LocalDate day);

}
