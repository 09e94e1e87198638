package io.github.activityrank.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.Period;
import io.github.activityrank.engine.BadgeSettings;

import static io.github.activityrank.autoconfigure.PropertyRequirements.increasing;
import static io.github.activityrank.autoconfigure.PropertyRequirements.require;

/**
 * Levels that follow a user's points (docs/badges.md).
 * <p>
 * Bound under {@code activity-rank.levels.*} (see {@link ActivityRankProperties}).
 */
public class LevelProperties {

	private static final String LEVELS = "activity-rank.levels.";

	/**
	 * Board whose points make the level and the points badges: total, or a period the
	 * boards keep (activity-rank.periods).
	 */
	private Period pointsOf = Period.TOTAL;

	/**
	 * Points from which each level starts, increasing, the first 0: [0, 50, 200] makes
	 * level 1 from 0 points, level 2 from 50, level 3 from 200. At most 100 levels;
	 * empty: no levels.
	 */
	private final List<Long> at = new ArrayList<>();

	/**
	 * Name of each level, one per entry of activity-rank.levels.at; empty: levels have no
	 * names.
	 */
	private final List<String> names = new ArrayList<>();

	public Period getPointsOf() {
		return this.pointsOf;
	}

	public void setPointsOf(Period pointsOf) {
		this.pointsOf = pointsOf;
	}

	public List<Long> getAt() {
		return this.at;
	}

	public List<String> getNames() {
		return this.names;
	}

	/**
	 * Check {@code activity-rank.levels.*}; called by
	 * {@link ActivityRankPropertyChecks#check}, which checks the board they follow.
	 */
	void check() {
		require(this.pointsOf != null, LEVELS + "points-of", null,
				"Set " + LEVELS + "points-of to total (the default) or one of day, week, month.");
		require(this.at.size() <= BadgeSettings.MAX_LEVELS, LEVELS + "at", this.at,
				"At most " + BadgeSettings.MAX_LEVELS + " levels can be configured. Shorten " + LEVELS + "at.");
		require(this.at.isEmpty() || Long.valueOf(0).equals(this.at.get(0)), LEVELS + "at", this.at,
				"Level 1 starts from 0 points, so the first entry must be 0. Set " + LEVELS
						+ "at to [0, ...], for example [0, 50, 200].");
		increasing(LEVELS + "at", this.at, "[0, 50, 200]");
		require(this.names.isEmpty() || this.names.size() == this.at.size(), LEVELS + "names", this.names,
				LEVELS + "names has " + this.names.size() + " names for " + this.at.size() + " levels in " + LEVELS
						+ "at. Give one name per level, or remove " + LEVELS + "names.");
		for (String name : this.names) {
			require(name != null && !name.isBlank() && name.length() <= 64, LEVELS + "names", name,
					"A level's name must be 1 to 64 characters. Fix the entry in " + LEVELS + "names.");
		}
	}

}
