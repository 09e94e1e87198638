package io.github.activityrank.engine;

import java.time.LocalDate;

import io.github.activityrank.Period;

/**
 * The application-wide count of distinct users with an award per period.
 */
@FunctionalInterface
public interface ActiveUsers {

	/**
	 * The estimated distinct users of a period.
	 * @param period the period
	 * @param day a day of it
	 * @return the estimate, 0 when nothing was counted
	 */
	long count(Period period, LocalDate day);

}
