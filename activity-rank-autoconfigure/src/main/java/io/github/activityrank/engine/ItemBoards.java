package io.github.activityrank.engine;

import java.time.LocalDate;

import io.github.activityrank.Period;

/**
 * The read side and removal of item boards, for checked arguments, and the active-user
 * counters the items module keeps beside them.
 */
public interface ItemBoards extends ActiveUsers {

	/**
	 * A type's board of a period.
	 * @param type the item type
	 * @param period one of its periods
	 * @param day a day of the period
	 * @return the board's reads
	 */
	BoardSource board(ItemType type, Period period, LocalDate day);

	/**
	 * A type's hot board, its scores in thousandths of a point now.
	 * @param type the item type, with a hot board
	 * @return the board's reads
	 */
	BoardSource hot(ItemType type);

	/**
	 * Distinct users of an item in a period.
	 * @param type the item type
	 * @param itemId the item
	 * @param period one of its periods
	 * @param day a day of the period
	 * @return the estimate
	 */
	long uniqueUsers(ItemType type, String itemId, Period period, LocalDate day);

	/**
	 * Remove an item from every retained board of its type.
	 * @param type the item type
	 * @param itemId the item
	 * @return keys changed
	 */
	long removeItem(ItemType type, String itemId);

}
