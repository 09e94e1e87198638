package io.github.activityrank;

import java.time.Instant;

/**
 * Published as a Spring application event once a user earned a badge's tier, after the
 * award that earned it was applied, once across all instances that share the Redis. A
 * repeatable badge ({@code top}) is published each time it is earned. When one award
 * reaches several tiers at once, only the highest is published.
 *
 * @param userId the user
 * @param badge the badge's name under {@code activity-rank.badges}
 * @param tier the tier earned, 1 for a badge without tiers
 * @param at the instant of the award (or the board's end) that earned it
 */
public record BadgeEarnedEvent(String userId, String badge, int tier, Instant at) {
}
