package io.github.activityrank.redis;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.Streak;

/**
 * Reads a user's streak string as lua/streaks.lua writes it: a 12-byte header (start u24,
 * last u24 in epoch days, longest u16, firstYear u16, lastYear u16, big-endian), then 46
 * bytes per year from firstYear to lastYear, bit n of a year being its day n + 1.
 */
final class StreakValue {

	/** The header's bytes. */
	static final int HEADER = 12;

	/** A year's bytes: 366 bits, rounded up. */
	static final int YEAR = 46;

	private StreakValue() {
	}

	/**
	 * The streak a header gives on a day.
	 * @param header the string's first {@link #HEADER} bytes; {@code null} or shorter for
	 * a user never active
	 * @param today today in the configured zone
	 * @return the streak
	 */
	static Streak streak(byte[] header, LocalDate today) {
		if (header == null || header.length < HEADER) {
			return new Streak(0, 0, null);
		}
		long start = number(header, 0, 3);
		LocalDate last = LocalDate.ofEpochDay(number(header, 3, 3));
		int longest = (int) number(header, 6, 2);
		// alive until a whole day passes without activity
		boolean alive = !last.isBefore(today.minusDays(1));
		int current = alive ? (int) (last.toEpochDay() - start + 1) : 0;
		return new Streak(current, longest, last);
	}

	/**
	 * The active days from one day to another that a whole string holds.
	 * @param value the string, {@code null} for a user never active
	 * @param from the first day
	 * @param to the last day
	 * @return the active days, ascending
	 */
	static List<LocalDate> activeDays(byte[] value, LocalDate from, LocalDate to) {
		List<LocalDate> days = new ArrayList<>();
		if (value == null || value.length < HEADER) {
			return days;
		}
		int firstYear = (int) number(value, 8, 2);
		int lastYear = (int) number(value, 10, 2);
		for (int year = Math.max(from.getYear(), firstYear); year <= Math.min(to.getYear(), lastYear); year++) {
			int offset = HEADER + YEAR * (year - firstYear);
			LocalDate first = LocalDate.of(year, 1, 1);
			for (int b = 0; b < first.lengthOfYear() && offset + (b >> 3) < value.length; b++) {
				// SETBIT numbers bits from the most significant bit of the first byte
				if ((value[offset + (b >> 3)] & (0x80 >> (b & 7))) != 0) {
					LocalDate day = first.plusDays(b);
					if (!day.isBefore(from) && !day.isAfter(to)) {
						days.add(day);
					}
				}
			}
		}
		return days;
	}

	private static long number(byte[] bytes, int from, int length) {
		long value = 0;
		for (int k = from; k < from + length; k++) {
			value = (value << 8) | (bytes[k] & 0xff);
		}
		return value;
	}

}
