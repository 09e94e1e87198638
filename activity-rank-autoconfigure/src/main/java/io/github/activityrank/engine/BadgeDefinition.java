package io.github.activityrank.engine;

import java.util.List;

import io.github.activityrank.Period;

/**
 * One badge as configured under {@code activity-rank.badges.<name>.*}.
 *
 * @param name the badge's name, as events and reads give it
 * @param kind what earns it
 * @param rule the rule whose standing awards a {@link Kind#COUNT} badge counts, else
 * {@code null}
 * @param thresholds the count, points or streak length of each tier, increasing (tier 1
 * first); empty for a {@link Kind#TOP} badge
 * @param top for a {@link Kind#TOP} badge, the best ranks that earn it, else 0
 * @param period for a {@link Kind#TOP} badge of a period's board, its period; else
 * {@code null}
 * @param challenges whether a {@link Kind#TOP} badge is earned when a challenge ends
 */
public record BadgeDefinition(String name, Kind kind, String rule, List<Long> thresholds, int top, Period period,
		boolean challenges) {

	/** The most badges {@code activity-rank.badges} may configure. */
	public static final int MAX_BADGES = 64;

	/** The most tiers a badge may have. */
	public static final int MAX_TIERS = 10;

	public BadgeDefinition {
		thresholds = List.copyOf(thresholds);
	}

	/**
	 * What earns a badge.
	 */
	public enum Kind {

		/** The rule's standing awards reach a count. */
		COUNT,

		/** The points of the levels' board reach a number. */
		POINTS,

		/** The current streak of active days reaches a length. */
		STREAK,

		/** A rank among the best when a period's board or a challenge ends. */
		TOP

	}

	/**
	 * The tier a value reaches: how many thresholds it is at or above.
	 * @param value a count, points or streak length
	 * @return 0 (none) to the number of tiers
	 */
	public int tierOf(long value) {
		int tier = 0;
		while (tier < this.thresholds.size() && value >= this.thresholds.get(tier)) {
			tier++;
		}
		return tier;
	}

}
