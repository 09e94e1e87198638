package io.github.activityrank.benchmarks;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.temporal.IsoFields;
import java.util.Locale;

/**
 * The engine's key layout, needed to bulk-load big boards and to measure memory: boards
 * {@code {prefix}:day:20261121} and {@code {prefix}:month:2026-11} (with the score layout
 * of {@code tie-break: earliest} when asked), one idempotency hash per user per day
 * {@code {prefix}:rec:20261121:<userId>}, one week and one month hash per user
 * {@code {prefix}:wsum:2026-W47:<userId>} and {@code {prefix}:msum:2026-11:<userId>}. The
 * harness checks it against the engine (a loaded member must be found by {@code rankOf}
 * with the points it was loaded with, the hashes must exist after an award) before it
 * measures anything.
 */
final class EngineKeys {

	private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyyMMdd");

	private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("yyyy-MM");

	/**
	 * The span of the time part of an earliest-mode score: 2^32 (milliseconds on day,
	 * week and month boards).
	 */
	private static final long EARLIEST_TIME_SPAN = 1L << 32;

	private EngineKeys() {
	}

	static String dayBoard(String prefix, LocalDate day) {
		return "{" + prefix + "}:day:" + DAY.format(day);
	}

	static String monthBoard(String prefix, LocalDate day) {
		return "{" + prefix + "}:month:" + MONTH.format(day);
	}

	static String record(String prefix, LocalDate day, String userId) {
		return "{" + prefix + "}:rec:" + DAY.format(day) + ":" + userId;
	}

	static String recordPattern(String prefix, LocalDate day) {
		return "{" + prefix + "}:rec:" + DAY.format(day) + ":*";
	}

	/**
	 * The dense companion of a day board: its distinct points, kept while
	 * {@code ranking: dense}.
	 */
	static String denseDayBoard(String prefix, LocalDate day) {
		return "{" + prefix + "}:dense:day:" + DAY.format(day);
	}

	/** Every user's week hash (weekly caps) of the ISO week of a day. */
	static String weekSummaryPattern(String prefix, LocalDate day) {
		return "{" + prefix + "}:wsum:" + String.format(Locale.ROOT, "%d-W%02d", day.get(IsoFields.WEEK_BASED_YEAR),
				day.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR)) + ":*";
	}

	/** Every user's month hash (monthly caps) of the month of a day. */
	static String monthSummaryPattern(String prefix, LocalDate day) {
		return "{" + prefix + "}:msum:" + MONTH.format(day) + ":*";
	}

	/**
	 * A day, week or month board score with {@code tie-break: earliest}: the points above
	 * 32 bits of time, {@code points * 2^32 + (2^32 - 1 - ms)} for an award {@code ms}
	 * milliseconds after the board's period began (docs/redis-layout.md, "Scores").
	 */
	static double earliestScore(long points, long millisIntoPeriod) {
		return (double) (points * EARLIEST_TIME_SPAN + (EARLIEST_TIME_SPAN - 1 - millisIntoPeriod));
	}

}
