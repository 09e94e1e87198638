package io.github.activityrank.engine;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.Period;
import io.github.activityrank.support.InputCheck;

/**
 * One configured item type: what awards of each rule give its items, and its boards.
 *
 * @param name the type's name, 1-32 of a-z, 0-9, '-'
 * @param points the points an award of each rule gives the item, by rule name
 * @param periods the periods it keeps boards for
 * @param halfLife the hot board's half-life, or {@code null} for no hot board
 * @param keep the members kept per board
 * @param uniqueUsers whether distinct users are counted per item and period
 */
public record ItemType(String name, Map<String, Long> points, List<Period> periods, Duration halfLife, int keep,
		boolean uniqueUsers) {

	private static final Pattern NAME = Pattern.compile("[a-z0-9-]{1," + ActivityLimits.MAX_ITEM_TYPE_LENGTH + "}");

	/**
	 * Copy the collections.
	 * @param name the type's name
	 * @param points the points by rule
	 * @param periods the periods
	 * @param halfLife the half-life or {@code null}
	 * @param keep members kept per board
	 * @param uniqueUsers whether users are counted
	 */
	public ItemType {
		points = Map.copyOf(points);
		periods = List.copyOf(periods);
	}

	/**
	 * Whether a text can name an item type.
	 * @param name the text
	 * @return whether it is 1-32 of a-z, 0-9, '-'
	 */
	public static boolean isValidName(String name) {
		return name != null && NAME.matcher(name).matches();
	}

	/**
	 * Why an event's item is refused.
	 * @param type the item type
	 * @param id the item id
	 * @return the reason, or {@code null} when both are fine
	 */
	public static String itemProblem(String type, String id) {
		if (!isValidName(type)) {
			return "item type must be 1-" + ActivityLimits.MAX_ITEM_TYPE_LENGTH + " of a-z, 0-9, '-'";
		}
		String problem = InputCheck.userIdProblem(id);
		return (problem != null) ? problem.replace("user id", "item id") : null;
	}

	/**
	 * Whether the type has a hot board.
	 * @return whether a half-life is set
	 */
	public boolean hot() {
		return this.halfLife != null;
	}

}
