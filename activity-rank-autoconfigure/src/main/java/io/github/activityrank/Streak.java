package io.github.activityrank;

import java.time.LocalDate;

/**
 * A user's run of active days ({@link StreakService#streak(String)}).
 *
 * @param current the active days in a row ending today, or ending yesterday while today
 * is not over; 0 once a whole day has passed without activity
 * @param longest the longest run ever recorded
 * @param lastActive the last active day, or {@code null} for a user never active
 */
public record Streak(int current, int longest, LocalDate lastActive) {
}
