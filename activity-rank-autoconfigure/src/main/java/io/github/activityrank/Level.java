package io.github.activityrank;

/**
 * A user's level ({@link BadgeService#level}): where the points of the levels' board
 * ({@code activity-rank.levels.points-of}) stand in {@code activity-rank.levels.at}.
 *
 * @param number the level, 1 for a user without points
 * @param name its name from {@code activity-rank.levels.names}, or {@code null} when none
 * are configured
 * @param points the user's points on the levels' board
 * @param nextAt the points from which the next level starts, {@code null} at the top
 * level
 */
public record Level(int number, String name, long points, Long nextAt) {
}
