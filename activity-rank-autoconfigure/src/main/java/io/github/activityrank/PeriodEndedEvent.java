package io.github.activityrank;

import java.time.LocalDate;
import java.util.List;

/**
 * Published as a Spring application event once a day, week or month board has closed, for
 * badges and prizes. Each one is published once across all instances of the application
 * that share the Redis, within {@code activity-rank.events.check-interval} of the end, or
 * by the next instance to start while the board is retained. A period whose board never
 * existed publishes nothing.
 *
 * @param period the board's period: {@link Period#DAY}, {@link Period#WEEK} or
 * {@link Period#MONTH}
 * @param start the first day of the period that ended
 * @param top the best users, up to {@code activity-rank.events.top} entries, best first
 */
public record PeriodEndedEvent(Period period, LocalDate start, List<RankEntry> top) {
}
