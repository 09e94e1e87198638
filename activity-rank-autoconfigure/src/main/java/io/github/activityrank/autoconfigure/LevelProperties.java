package io.github.activityrank.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.Period;

/**
 * Levels that follow a user's points (docs/badges.md).
 * <p>
 * Bound under {@code activity-rank.levels.*} (see {@link ActivityRankProperties}).
 */
public class LevelProperties {

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

}
