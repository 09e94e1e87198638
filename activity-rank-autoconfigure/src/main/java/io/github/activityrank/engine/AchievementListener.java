package io.github.activityrank.engine;

import java.util.List;

/**
 * Told of the badges and levels awards reached, once each, after they were applied; the
 * auto-configuration publishes them as application events.
 */
@FunctionalInterface
public interface AchievementListener {

	/** Tells nobody: a rebuild replays awards without announcing them again. */
	AchievementListener NONE = (achievements) -> {
	};

	/**
	 * Badges and levels reached, in the order the awards reached them.
	 * @param achievements what was reached
	 */
	void reached(List<Achievement> achievements);

}
