package io.github.activityrank.engine;

import java.time.Instant;

/**
 * A badge tier or a level a user reached.
 *
 * @param userId the user
 * @param badge the badge's name, or {@code null} for a level
 * @param tier the badge's tier, or the level's number
 * @param at the instant of the award that reached it
 */
public record Achievement(String userId, String badge, int tier, Instant at) {

	/**
	 * Whether this is a level rather than a badge.
	 * @return {@code true} for a level
	 */
	public boolean level() {
		return this.badge == null;
	}

}
