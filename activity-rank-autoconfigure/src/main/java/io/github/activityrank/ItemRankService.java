package io.github.activityrank;

import java.time.LocalDate;

/**
 * The boards of items, such as articles, that awards with an item feed (configured under
 * {@code activity-rank.items}, see docs/items.md). Every method throws
 * {@link IllegalArgumentException} for a type that is not configured.
 */
public interface ItemRankService {

	/**
	 * Today in {@code activity-rank.time-zone}, by the application's clock: the day the
	 * short forms without a day ask for.
	 * @return today
	 */
	LocalDate today();

	/**
	 * The type's board of the current period: items by the points awards gave them.
	 * @param type the item type
	 * @param period one of the type's periods
	 * @return the board
	 */
	Leaderboard board(String type, Period period);

	/**
	 * The type's board of the period that contains {@code day}, while it is retained.
	 * @param type the item type
	 * @param period one of the type's periods
	 * @param day any day of the period
	 * @return the board
	 */
	Leaderboard board(String type, Period period, LocalDate day);

	/**
	 * The type's hot board: items by the sum of their awards' points, each halved per
	 * half-life since it was made. An entry's score is that sum now in thousandths of a
	 * point.
	 * @param type the item type, with {@code hot.half-life} configured
	 * @return the board
	 */
	Leaderboard hot(String type);

	/**
	 * Distinct users with an award for the item in the current period (HyperLogLog,
	 * standard error 0.81%).
	 * @param type the item type, with {@code unique-users: true}
	 * @param itemId the item
	 * @param period one of the type's periods
	 * @return the estimated count
	 */
	default long uniqueUsers(String type, String itemId, Period period) {
		return uniqueUsers(type, itemId, period, today());
	}

	/**
	 * Distinct users with an award for the item in the period that contains {@code day}.
	 * @param type the item type, with {@code unique-users: true}
	 * @param itemId the item
	 * @param period one of the type's periods
	 * @param day any day of the period
	 * @return the estimated count
	 */
	long uniqueUsers(String type, String itemId, Period period, LocalDate day);

	/**
	 * Remove an item, such as a deleted article, from every retained board of its type
	 * and drop its user counters. Awards already made keep their records; revoking one
	 * later takes nothing from the boards below zero.
	 * @param type the item type
	 * @param itemId the item
	 * @return the number of keys changed
	 */
	long removeItem(String type, String itemId);

}
