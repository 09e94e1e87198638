package io.github.activityrank.engine;

/**
 * One validated scoring rule.
 *
 * @param name the rule's name as configured
 * @param points points per award, never zero; negative points are penalties
 * @param oncePerEver whether the field scores once while its record is retained, instead
 * of once a day
 * @param dailyCap most points one user can earn from this rule per day, or {@code null}
 * for no cap
 * @param weeklyCap most points one user can earn from this rule per ISO week, or
 * {@code null} for no cap
 * @param monthlyCap most points one user can earn from this rule per calendar month, or
 * {@code null} for no cap
 */
public record ScoringRule(String name, long points, boolean oncePerEver, Long dailyCap, Long weeklyCap,
		Long monthlyCap) {

	/**
	 * A rule with at most a daily cap.
	 * @param name the rule's name as configured
	 * @param points points per award, never zero
	 * @param oncePerEver whether the field scores once while its record is retained
	 * @param dailyCap most points per user per day from this rule, or {@code null}
	 */
	public ScoringRule(String name, long points, boolean oncePerEver, Long dailyCap) {
		this(name, points, oncePerEver, dailyCap, null, null);
	}

}
