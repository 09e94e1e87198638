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
 * With {@link TieBreak#EARLIEST} the score is {@code points * 2^29 + time}, where
 * {@code time = 2^29 - 1 - s} and {@code s} is the whole seconds from the board's origin
 * to the award, taken from the application's clock: the earlier, the higher. The origin
 * is the start of the board's period in the configured zone, or the tie-break epoch for
 * TOTAL. Points take the 24 bits left of the double's 53 exact ones, up to
 * {@link ActivityLimits#MAX_BOARD_SCORE_EARLIEST} (2^24 - 1), so no bit of either part is
 * ever rounded away. 2^29 seconds is about 17 years: a period is far shorter, and TOTAL
 * saturates that long after the epoch, when {@code time} stays 0 and later arrivals with
 * equal points tie with each other (ordered by member, as Redis orders equal scores)
 * without ever passing anyone who got there earlier. An award made before the epoch
 * counts as made at it.
 */
final class BoardLayout {

	/** The range of the time part: 2^29 seconds. */
	static final long TIME_SPAN = 1L << 29;

	private static final Log logger = LogFactory.getLog(BoardLayout.class);

	private final boolean timed;

	private final long epochSecond;

	private final ZoneId zone;

	private final WarnOnce outOfRange = new WarnOnce(logger, "further occurrences are logged at debug level");

	BoardLayout(BoardOrder order, ZoneId zone) {
		this.timed = order.tieBreak() == TieBreak.EARLIEST;
		this.epochSecond = order.tieBreakEpoch().getEpochSecond();
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
	 * Where a board's seconds count from, in epoch seconds; 0 when scores carry no time.
	 */
	long originSecond(Period period, LocalDate day) {
		if (!this.timed) {
			return 0;
		}
		if (period == Period.TOTAL) {
			return this.epochSecond;
		}
		return ActivityCalendar.start(period, day).atStartOfDay(this.zone).toEpochSecond();
	}

	/**
	 * The time part of an award made at {@code now} on a board with that origin, or -1
	 * when scores carry no time.
	 */
	long timePart(long originSecond, Instant now) {
		if (!this.timed) {
			return -1;
		}
		long s = now.getEpochSecond() - originSecond;
		if (s < 0 || s >= TIME_SPAN) {
			this.outOfRange.log("An award at " + now + " is " + s + " s from its board's origin, outside 0.."
					+ (TIME_SPAN - 1) + " s: it ties with the awards at the nearest end of that range"
					+ " (check activity-rank.tie-break-epoch)", null);
			s = Math.max(0, Math.min(TIME_SPAN - 1, s));
		}
		return TIME_SPAN - 1 - s;
	}

	/**
	 * What score.lua computes the time part of an award made at second {@code s} from, as
	 * {@code clamp(base - s, 0, TIME_SPAN - 1)}: the same value as
	 * {@link #timePart(long, Instant)}. -1 when scores carry no time.
	 */
	long timeBase(long originSecond) {
		return this.timed ? TIME_SPAN - 1 + originSecond : -1;
	}

	/** The points a score stands for. */
	long points(double score) {
		long value = Math.round(score);
		return this.timed ? value / TIME_SPAN : value;
	}

}
