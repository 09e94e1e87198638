package io.github.activityrank;

import java.time.LocalDate;
import java.util.List;

/**
 * Streaks of active days ({@code activity-rank.streaks.enabled=true}): a day is active
 * once the user has an award of one of {@code activity-rank.streaks.rules} that day, in
 * {@code activity-rank.time-zone}. A revoke does not make a day inactive again. See
 * docs/streaks.md.
 */
public interface StreakService {

	/**
	 * The user's streak as of today.
	 * @param userId the user
	 * @return the current and longest run and the last active day
	 */
	Streak streak(String userId);

	/**
	 * The user's active days between two days, both included.
	 * @param userId the user
	 * @param from the first day
	 * @param to the last day, at most {@value ActivityLimits#MAX_HISTORY_DAYS} days after
	 * {@code from}
	 * @return the active days, ascending
	 * @throws IllegalArgumentException if {@code to} is before {@code from} or the range
	 * spans more than {@value ActivityLimits#MAX_HISTORY_DAYS} days
	 */
	List<LocalDate> activeDays(String userId, LocalDate from, LocalDate to);

	/**
	 * Users ranked by their current streak, the one that started earlier first on a tie;
	 * a {@link RankEntry}'s score is the streak's length and its details the day it
	 * started; every rank is distinct. The board has the limits of every
	 * {@link Leaderboard}. A streak that broke leaves it at the start of the day that
	 * breaks it.
	 * @return the board
	 */
	Leaderboard board();

}
