package io.github.activityrank.redis;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.TieBreak;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * What a board's Redis score means.
 * <p>
 * With {@link TieBreak#NONE} the score is the member's points, up to
 * {@link ActivityLimits#MAX_BOARD_SCORE} (2^53 - 1, the largest integer a double holds
 * exactly).
 * <p>
 * With {@link TieBreak#EARLIEST} the score is {@code points * 2^32 + time}, where
 * {@code time = 2^32 - 1 - t} and {@code t} counts from the board's origin to the award,
 * taken from the application's clock: the earlier, the higher. On day, week and month
 * boards {@code t} is in milliseconds from the start of the period in the configured zone
 * (a month of 31 days and an hour is 2.7 * 10^9 ms, below 2^32), so awards made in the
 * same second still rank in the order they were made. On TOTAL it is in whole seconds
 * from the tie-break epoch (2^32 s is 136 years; milliseconds would saturate after 49
 * days). Points take the 21 bits left of the double's 53 exact ones, up to
 * {@link ActivityLimits#MAX_BOARD_SCORE_EARLIEST} (2^21 - 1), so no bit of either part is
 * ever rounded away. An award made before the origin counts as made at it; one after the
 * range ties with the awards at its end (ordered by member, as Redis orders equal scores)
 * without ever passing anyone who got there earlier.
 */
final class BoardLayout {

	/** The range of the time part: 2^32 milliseconds, or seconds on TOTAL. */
	static final long TIME_SPAN = 1L << 32;

	private static final Log logger = LogFactory.getLog(BoardLayout.class);

	private final boolean timed;

	private final long epochMillis;

	private final ZoneId zone;

	private final WarnOnce outOfRange = new WarnOnce(logger, "further occurrences are logged at debug level");

	BoardLayout(BoardOrder order, ZoneId zone) {
		this.timed = order.tieBreak() == TieBreak.EARLIEST;
		this.epochMillis = order.tieBreakEpoch().toEpochMilli();
		this.zone = zone;
	}

	/** Whether scores carry the time part. */
	boolean timed() {
		return this.timed;
	}

	/** The most points a member may hold on a board. */
	long largestPoints() {
		return this.timed ? ActivityLimits.MAX_BOARD_SCORE_EARLIEST : ActivityLimits.MAX_BOARD_SCORE;
	}

	/**
	 * Where a board's time counts from, in epoch milliseconds; 0 when scores carry no
	 * time.
	 */
	long origin(Period period, LocalDate day) {
		if (!this.timed) {
			return 0;
		}
		if (period == Period.TOTAL) {
			return this.epochMillis;
		}
		return ActivityCalendar.start(period, day).atStartOfDay(this.zone).toInstant().toEpochMilli();
	}

	/**
	 * The time part of an award made at {@code now} on a board of that period and origin,
	 * or -1 when scores carry no time.
	 */
	long timePart(Period period, long origin, Instant now) {
		return timePart(period, origin, now, true);
	}

	/**
	 * The time part of an award made at {@code now} on a board of that period and origin,
	 * clamped to the range; {@code warn}: log when it falls outside, as for an award (the
	 * boards of older days a revoke may take back from are given the time part of now
	 * too, which may well lie past their range, and is never an award's).
	 */
	long timePart(Period period, long origin, Instant now, boolean warn) {
		if (!this.timed) {
			return -1;
		}
		long unit = unit(period);
		long t = Math.floorDiv(now.toEpochMilli(), unit) - Math.floorDiv(origin, unit);
		if ((t < 0 || t >= TIME_SPAN) && !warn) {
			t = Math.max(0, Math.min(TIME_SPAN - 1, t));
		}
		if (t < 0 || t >= TIME_SPAN) {
			this.outOfRange.log("An award at " + now + " is " + t + ((unit == 1) ? " ms" : " s")
					+ " from its board's origin, outside 0.." + (TIME_SPAN - 1)
					+ ": it ties with the awards at the nearest end of that range"
					+ " (check activity-rank.tie-break-epoch)", null);
			t = Math.max(0, Math.min(TIME_SPAN - 1, t));
		}
		return TIME_SPAN - 1 - t;
	}

	/**
	 * What the score script computes the time part of an award made at {@code at} (epoch
	 * ms) from, the same value as {@link #timePart}: on a board counting milliseconds the
	 * base {@code TIME_SPAN - 1 + origin}, and the time part is
	 * {@code clamp(base - at, 0, TIME_SPAN - 1)}; on one counting seconds (TOTAL) the
	 * negative base {@code -(TIME_SPAN - 1 + origin second)}, and the time part is
	 * {@code clamp(-base - floor(at / 1000), 0, TIME_SPAN - 1)} (boards-layout.lua's
	 * {@code time_at}). -1 when scores carry no time.
	 */
	long timeBase(Period period, long origin) {
		if (!this.timed) {
			return -1;
		}
		long unit = unit(period);
		long base = TIME_SPAN - 1 + Math.floorDiv(origin, unit);
		return (unit == 1) ? base : -base;
	}

	/** Milliseconds per unit of a board's time part: 1, or 1000 on TOTAL. */
	private static long unit(Period period) {
		return (period == Period.TOTAL) ? 1000 : 1;
	}

	/** The points a score stands for. */
	long points(double score) {
		long value = Math.round(score);
		return this.timed ? value / TIME_SPAN : value;
	}

}
