package io.github.activityrank.engine;

import java.time.LocalDate;

import io.github.activityrank.Period;

/**
 * The read side of the period boards; the write side is the {@link ActivityStore}. A
 * decorator that changes only reads (the ledger's archive of ended periods) wraps this
 * interface alone.
 */
@FunctionalInterface
public interface PeriodBoards {

	/**
	 * The board of a period.
	 * @param period the board's period, one that awards go to
	 * @param day a day of the period
	 * @return its reads
	 */
	BoardSource board(Period period, LocalDate day);

}
