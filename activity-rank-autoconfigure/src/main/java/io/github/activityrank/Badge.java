package io.github.activityrank;

import java.time.Instant;

/**
 * A badge a user holds, at the highest tier reached ({@link BadgeService#badges}).
 *
 * @param name the badge's name under {@code activity-rank.badges}
 * @param tier the highest tier reached, 1 for a badge without tiers
 * @param earnedAt when that tier was earned (for a repeatable badge, the last time)
 * @param times how often a repeatable badge ({@code top}) was earned; 1 for the others
 */
public record Badge(String name, int tier, Instant earnedAt, long times) {
}
