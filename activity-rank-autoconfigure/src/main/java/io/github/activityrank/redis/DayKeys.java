package io.github.activityrank.redis;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.Period;

/**
 * The key names of today and the retained days before it, built once a day: formatting
 * dates for every command would cost more than the rest of building a batch.
 */
final class DayKeys {

	final LocalDate today;

	/**
	 * Per day back from today: the start of its record keys, to which the member is
	 * appended.
	 */
	final String[] recordPrefixes;

	/**
	 * Per day back from today: its boards, in the order of the configured periods.
	 */
	final String[][] boards;

	/** Per day back from today: the dense companions of its boards. */
	final String[][] dense;

	/**
	 * Per day back from today: where its boards' tie-break time counts from (epoch ms).
	 */
	final long[][] origins;

	/**
	 * The start of the week hash keys of the weeks these days fall in, newest first.
	 */
	final String[] weekPrefixes;

	/**
	 * The start of the month hash keys of the months these days fall in, newest first.
	 */
	final String[] monthPrefixes;

	/** Per day back from today, the 1-based position of its week: "1,1,2,...". */
	final String weekOf;

	/** Per day back from today, the 1-based position of its month. */
	final String monthOf;

	DayKeys(RankKeys keys, BoardLayout layout, List<Period> periods, LocalDate today, int days) {
		this.today = today;
		this.recordPrefixes = new String[days];
		this.boards = new String[days][periods.size()];
		this.dense = new String[days][periods.size()];
		this.origins = new long[days][periods.size()];
		List<String> weeks = new ArrayList<>();
		List<String> months = new ArrayList<>();
		StringBuilder weekOf = new StringBuilder();
		StringBuilder monthOf = new StringBuilder();
		for (int d = 0; d < days; d++) {
			LocalDate day = today.minusDays(d);
			this.recordPrefixes[d] = keys.record(day, "");
			for (int p = 0; p < periods.size(); p++) {
				this.boards[d][p] = keys.board(periods.get(p), day);
				this.dense[d][p] = keys.dense(periods.get(p), day);
				this.origins[d][p] = layout.origin(periods.get(p), day);
			}
			// days run backwards, so a new week or month is never one seen before
			appendPosition(weekOf, weeks, keys.tallies(Period.WEEK, day, ""));
			appendPosition(monthOf, months, keys.tallies(Period.MONTH, day, ""));
		}
		this.weekPrefixes = weeks.toArray(String[]::new);
		this.monthPrefixes = months.toArray(String[]::new);
		this.weekOf = weekOf.toString();
		this.monthOf = monthOf.toString();
	}

	private static void appendPosition(StringBuilder positions, List<String> prefixes, String prefix) {
		if (prefixes.isEmpty() || !prefixes.get(prefixes.size() - 1).equals(prefix)) {
			prefixes.add(prefix);
		}
		if (positions.length() > 0) {
			positions.append(',');
		}
		positions.append(prefixes.size());
	}

}
