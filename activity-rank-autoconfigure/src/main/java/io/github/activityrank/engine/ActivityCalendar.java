package io.github.activityrank.engine;

import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.activityrank.Period;

/**
 * Where periods begin and end in the configured time zone, and how long their keys live.
 * Time comes from the application's {@link Clock} so hosts and tests can move it.
 */
public final class ActivityCalendar {

	private final Clock clock;

	private final ZoneId zone;

	private final Map<Period, Duration> retention;

	private final Duration recordRetention;

	/**
	 * Create a calendar.
	 * @param clock source of the current instant
	 * @param zone the zone whose calendar decides period boundaries
	 * @param retention how long each period's board is kept after the period ends (TOTAL
	 * is ignored)
	 * @param recordRetention how long idempotency records are kept after their day ends
	 */
	public ActivityCalendar(Clock clock, ZoneId zone, Map<Period, Duration> retention, Duration recordRetention) {
		this.clock = clock;
		this.zone = zone;
		this.retention = Map.copyOf(retention);
		this.recordRetention = recordRetention;
	}

	/**
	 * This calendar on another clock.
	 * @param other the clock
	 * @return a calendar with the same zone and retentions
	 */
	public ActivityCalendar withClock(Clock other) {
		return new ActivityCalendar(other, this.zone, this.retention, this.recordRetention);
	}

	/**
	 * The application's clock.
	 * @return the clock
	 */
	public Clock clock() {
		return this.clock;
	}

	/**
	 * Today in the configured zone.
	 * @return the current day
	 */
	public LocalDate today() {
		return LocalDate.ofInstant(this.clock.instant(), this.zone);
	}

	/**
	 * The current instant of the application's clock.
	 * @return now
	 */
	public Instant now() {
		return this.clock.instant();
	}

	/**
	 * The configured zone.
	 * @return the zone
	 */
	public ZoneId zone() {
		return this.zone;
	}

	/**
	 * The first day of the period that contains {@code day}.
	 * @param period the period
	 * @param day any day of it
	 * @return its first day ({@code day} itself for TOTAL)
	 */
	public static LocalDate start(Period period, LocalDate day) {
		return switch (period) {
			case DAY, TOTAL -> day;
			case WEEK -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
			case MONTH -> day.withDayOfMonth(1);
		};
	}

	/**
	 * The first day after the period that contains {@code day}.
	 * @param period DAY, WEEK or MONTH
	 * @param day any day of it
	 * @return the day the next period starts
	 */
	public static LocalDate end(Period period, LocalDate day) {
		return switch (period) {
			case DAY -> day.plusDays(1);
			case WEEK -> start(Period.WEEK, day).plusWeeks(1);
			case MONTH -> day.withDayOfMonth(1).plusMonths(1);
			case TOTAL -> throw new IllegalArgumentException("TOTAL has no end");
		};
	}

	/**
	 * A stable, readable id of the period that contains {@code day}, used in key names.
	 * @param period the period
	 * @param day any day of it
	 * @return for example {@code 20261121}, {@code 2026-W47}, {@code 2026-11}; empty for
	 * TOTAL
	 */
	public static String periodId(Period period, LocalDate day) {
		return switch (period) {
			case DAY -> dayId(day);
			case WEEK -> String.format("%d-W%02d", day.get(IsoFields.WEEK_BASED_YEAR),
					day.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
			case MONTH -> String.format("%d-%02d", day.getYear(), day.getMonthValue());
			case TOTAL -> "";
		};
	}

	/**
	 * The compact id of a day, {@code yyyyMMdd}.
	 * @param day the day
	 * @return the id
	 */
	public static String dayId(LocalDate day) {
		int y = day.getYear();
		int m = day.getMonthValue();
		int d = day.getDayOfMonth();
		return y + (m < 10 ? "0" : "") + m + (d < 10 ? "0" : "") + d;
	}

	/**
	 * Milliseconds from now until the board of the period containing {@code day} may
	 * expire.
	 * @param period the period
	 * @param day any day of it
	 * @return the time to live, at least 1, or -1 for a board that never expires
	 */
	public long boardTtlMillis(Period period, LocalDate day) {
		if (period == Period.TOTAL) {
			return -1;
		}
		return ttlAfter(end(period, day), this.retention.get(period));
	}

	/**
	 * Milliseconds from now until the records of {@code day} may expire.
	 * @param day the day of the records
	 * @return the time to live, at least 1
	 */
	public long recordTtlMillis(LocalDate day) {
		return ttlAfter(day.plusDays(1), this.recordRetention);
	}

	/**
	 * Milliseconds from now until a user's tallies and cap counters of the week or month
	 * containing {@code day} may expire: as long after the period's end as the records,
	 * so a revoke that finds an award of that period still finds its counters.
	 * @param period WEEK or MONTH
	 * @param day any day of it
	 * @return the time to live, at least 1
	 */
	public long tallyTtlMillis(Period period, LocalDate day) {
		return ttlAfter(end(period, day), this.recordRetention);
	}

	/**
	 * How many days before today still have records: today minus this many days is the
	 * oldest.
	 * @return the number of earlier days whose records are retained
	 */
	public int retainedRecordDays() {
		long days = (this.recordRetention.toMillis() + 86_399_999L) / 86_400_000L;
		return (int) Math.min(days, 366);
	}

	/**
	 * The periods whose boards may still exist: the current one and every earlier one
	 * still within its retention.
	 * @param period the kind of board
	 * @return the first day of each such period, newest first; only today for TOTAL
	 */
	public List<LocalDate> retainedPeriods(Period period) {
		LocalDate today = today();
		if (period == Period.TOTAL) {
			return List.of(today);
		}
		long keep = this.retention.get(period).toMillis();
		long now = this.clock.millis();
		List<LocalDate> starts = new ArrayList<>();
		LocalDate start = start(period, today);
		while (starts.isEmpty() || end(period, start).atStartOfDay(this.zone).toInstant().toEpochMilli() + keep > now) {
			starts.add(start);
			start = start(period, start.minusDays(1));
		}
		return starts;
	}

	private long ttlAfter(LocalDate endDay, Duration keep) {
		long expiresAt = endDay.atStartOfDay(this.zone).toInstant().toEpochMilli() + keep.toMillis();
		return Math.max(1, expiresAt - this.clock.millis());
	}

}
