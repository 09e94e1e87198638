package io.github.activityrank.redis;

import java.time.LocalDate;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;

/**
 * The key names of item boards, hot boards and user counters, all after the hash tag of
 * {@link RankKeys}, so they share the slot of the award's other keys
 * (docs/redis-layout.md).
 */
public final class ItemKeys {

	private final String tag;

	/**
	 * Name keys in a key space.
	 * @param keys its key naming
	 */
	public ItemKeys(RankKeys keys) {
		this.tag = keys.tag();
	}

	/**
	 * An item type's board of the period that contains {@code day}.
	 * @param type the item type
	 * @param period the period
	 * @param day a day of it
	 * @return {@code {prefix}:item:<type>:<periodId>}, {@code ...:total} for the total
	 */
	public String board(String type, Period period, LocalDate day) {
		return this.tag + ":item:" + type + ":" + periodId(period, day);
	}

	/**
	 * An item type's hot board.
	 * @param type the item type
	 * @return {@code {prefix}:hot:<type>}
	 */
	public String hot(String type) {
		return this.tag + ":hot:" + type;
	}

	/**
	 * The start of the distinct-user counters of a type's items in a period; the encoded
	 * item id follows.
	 * @param type the item type
	 * @param period the period
	 * @param day a day of it
	 * @return {@code {prefix}:users:<type>:<periodId>:}
	 */
	public String uniquePrefix(String type, Period period, LocalDate day) {
		return this.tag + ":users:" + type + ":" + periodId(period, day) + ":";
	}

	/**
	 * The application-wide active-user counter of a period.
	 * @param period the period
	 * @param day a day of it
	 * @return {@code {prefix}:active:<periodId>}
	 */
	public String active(Period period, LocalDate day) {
		return this.tag + ":active:" + periodId(period, day);
	}

	private static String periodId(Period period, LocalDate day) {
		return (period == Period.TOTAL) ? "total" : ActivityCalendar.periodId(period, day);
	}

}
