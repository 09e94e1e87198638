package io.github.activityrank;

import java.time.Instant;

/**
 * Published as a Spring application event once a user's points reached a higher level,
 * after the award was applied, once across all instances that share the Redis: once per
 * crossing upwards (a user who falls back below a level and climbs again is announced
 * again). When one award crosses several levels, only the highest is published.
 *
 * @param userId the user
 * @param level the level reached, 2 or more
 * @param name its name from {@code activity-rank.levels.names}, or {@code null}
 * @param at the instant of the award that reached it
 */
public record LevelReachedEvent(String userId, int level, String name, Instant at) {
}
