package io.github.activityrank;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The badges and levels users reached ({@code activity-rank.badges.*},
 * {@code activity-rank.levels.*}, docs/badges.md). Auto-configured when either is
 * configured.
 */
public interface BadgeService {

	/**
	 * The badges a user holds, one entry per badge at the highest tier reached, in the
	 * order they are configured. A badge once earned stays, even when a revoke takes the
	 * count below its threshold again.
	 * @param userId the user
	 * @return the badges, empty for a user without any
	 */
	List<Badge> badges(String userId);

	/**
	 * A user's level, from the points of the levels' board.
	 * @param userId the user
	 * @return the level; a user without points is at level 1 with 0 points
	 */
	Level level(String userId);

	/**
	 * The levels of several users (a page of a board) in one round trip per shard.
	 * @param userIds the users, at most {@link ActivityLimits#MAX_PAGE_SIZE}
	 * @return each user's level, in the order given
	 */
	Map<String, Level> levels(Collection<String> userIds);

	/**
	 * How many users hold a badge, at any tier.
	 * @param badge the badge's name
	 * @return the number of holders
	 * @throws IllegalArgumentException for a badge that is not configured
	 */
	long holders(String badge);

	/**
	 * How many users hold a badge at a tier or above.
	 * @param badge the badge's name
	 * @param tier the tier, 1 or more
	 * @return the number of holders
	 * @throws IllegalArgumentException for a badge that is not configured
	 */
	long holders(String badge, int tier);

}
