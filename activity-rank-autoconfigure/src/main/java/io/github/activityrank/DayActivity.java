package io.github.activityrank;

import java.time.LocalDate;
import java.util.Map;

/**
 * What one user earned on one day, read from the records the idempotency check keeps.
 *
 * @param day the day the points went to
 * @param points the sum of the day's awards
 * @param awards points per idempotency field, in no particular order
 */
public record DayActivity(LocalDate day, long points, Map<String, Long> awards) {
}
