package io.github.activityrank.redis;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

import io.github.activityrank.Streak;

/**
 * Reads a user's streak fields as lua/streaks.lua writes them in the user's bucket hash:
 * the user's own field, a 12-byte header (start u24, last u24 in epoch days, longest u16,
 * firstYear u16, lastYear u16, big-endian) then the 46 bytes of lastYear; and a field of
 * 46 bytes for each earlier year with an active day. Bit n of a year is its day n + 1.
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
	 * @param header the user's own field, or at least its first {@link #HEADER} bytes;
	 * {@code null} for a user never active
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
	 * The active days from one day to another that a user's fields hold.
	 * @param record the user's own field (header and the bits of its last year),
	 * {@code null} for a user never active
	 * @param earlierYear the bits of an earlier year's field ({@code <member>:<yyyy>}) by
	 * year, {@code null} for a year without one; asked only for years from the first to
	 * the one before the last that the header names
	 * @param from the first day
	 * @param to the last day
	 * @return the active days, ascending
	 */
	static List<LocalDate> activeDays(byte[] record, IntFunction<byte[]> earlierYear, LocalDate from, LocalDate to) {
		List<LocalDate> days = new ArrayList<>();
		if (record == null || record.length < HEADER) {
			return days;
		}
		int firstYear = (int) number(record, 8, 2);
		int lastYear = (int) number(record, 10, 2);
		for (int year = Math.max(from.getYear(), firstYear); year <= Math.min(to.getYear(), lastYear); year++) {
			byte[] bits = (year == lastYear) ? record : earlierYear.apply(year);
			if (bits != null) {
				addDays(days, bits, (year == lastYear) ? HEADER : 0, year, from, to);
			}
		}
		return days;
	}

	private static void addDays(List<LocalDate> days, byte[] bits, int offset, int year, LocalDate from, LocalDate to) {
		LocalDate first = LocalDate.of(year, 1, 1);
		for (int b = 0; b < first.lengthOfYear() && offset + (b >> 3) < bits.length; b++) {
			// SETBIT numbering: from the most significant bit of the first byte
			if ((bits[offset + (b >> 3)] & (0x80 >> (b & 7))) != 0) {
				LocalDate day = first.plusDays(b);
				if (!day.isBefore(from) && !day.isAfter(to)) {
					days.add(day);
				}
			}
		}
	}

	private static long number(byte[] bytes, int from, int length) {
		long value = 0;
		for (int k = from; k < from + length; k++) {
			value = (value << 8) | (bytes[k] & 0xff);
		}
		return value;
	}

}
