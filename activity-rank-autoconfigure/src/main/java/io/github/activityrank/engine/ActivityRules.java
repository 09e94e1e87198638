package io.github.activityrank.engine;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import io.github.activityrank.ActivityLimits;

/**
 * The configured scoring rules and the global daily, weekly and monthly caps, validated
 * once at startup.
 */
public final class ActivityRules {

	private static final Pattern RULE_NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

	private final Map<String, ScoringRule> rules;

	private final Long dailyCap;

	private final Long weeklyCap;

	private final Long monthlyCap;

	/**
	 * Validate and hold the rules, with no weekly or monthly cap over all rules.
	 * @param rules rules by name
	 * @param dailyCap most points per user per day over all rules, or {@code null}
	 * @throws ActivityRankConfigurationException when a rule or the cap is invalid
	 */
	public ActivityRules(Map<String, ScoringRule> rules, Long dailyCap) {
		this(rules, dailyCap, null, null);
	}

	/**
	 * Validate and hold the rules.
	 * @param rules rules by name
	 * @param dailyCap most points per user per day over all rules, or {@code null}
	 * @param weeklyCap most points per user per ISO week over all rules, or {@code null}
	 * @param monthlyCap most points per user per calendar month over all rules, or
	 * {@code null}
	 * @throws ActivityRankConfigurationException when a rule or a cap is invalid
	 */
	public ActivityRules(Map<String, ScoringRule> rules, Long dailyCap, Long weeklyCap, Long monthlyCap) {
		rules.forEach(ActivityRules::check);
		checkCap("activity-rank.daily-cap", dailyCap);
		checkCap("activity-rank.weekly-cap", weeklyCap);
		checkCap("activity-rank.monthly-cap", monthlyCap);
		this.rules = Collections.unmodifiableMap(new LinkedHashMap<>(rules));
		this.dailyCap = dailyCap;
		this.weeklyCap = weeklyCap;
		this.monthlyCap = monthlyCap;
	}

	private static void check(String name, ScoringRule rule) {
		String property = "activity-rank.rules." + name;
		if (!RULE_NAME.matcher(name).matches()) {
			throw new ActivityRankConfigurationException("Rule name '" + name + "' is not allowed.",
					"Name rules with 1 to 64 letters, digits, '.', '_' or '-'.");
		}
		if (rule.points() == 0) {
			throw new ActivityRankConfigurationException(
					property + ".points is 0 (or missing); a rule must give or take points.",
					"Set " + property + ".points to a non-zero number, for example 2.");
		}
		// not Math.abs: it overflows for Long.MIN_VALUE, which would pass as a negative
		// number
		if (rule.points() < -ActivityLimits.MAX_POINTS || rule.points() > ActivityLimits.MAX_POINTS) {
			throw new ActivityRankConfigurationException(
					property + ".points is " + rule.points() + ", beyond the limit of " + ActivityLimits.MAX_POINTS
							+ ".",
					"Set " + property + ".points between -" + ActivityLimits.MAX_POINTS + " and "
							+ ActivityLimits.MAX_POINTS + ".");
		}
		checkCap(property + ".daily-cap", rule.dailyCap());
		checkCap(property + ".weekly-cap", rule.weeklyCap());
		checkCap(property + ".monthly-cap", rule.monthlyCap());
	}

	private static void checkCap(String property, Long cap) {
		if (cap != null && cap <= 0) {
			String kind = property.substring(property.lastIndexOf('.') + 1).replace("-cap", "");
			throw new ActivityRankConfigurationException(
					property + " is " + cap + "; a " + kind + " cap must be positive.",
					"Set " + property + " to a positive number of points, or remove it for no cap.");
		}
	}

	/**
	 * The rule of that name.
	 * @param name the rule name
	 * @return the rule, or {@code null} when there is none
	 */
	public ScoringRule get(String name) {
		return (name != null) ? this.rules.get(name) : null;
	}

	/**
	 * Whether a rule of that name is configured.
	 * @param name the rule name
	 * @return {@code true} if it exists
	 */
	public boolean contains(String name) {
		return get(name) != null;
	}

	/**
	 * The names of all rules.
	 * @return the names, in configuration order
	 */
	public Set<String> names() {
		return this.rules.keySet();
	}

	/**
	 * Most points per user per day over all rules.
	 * @return the cap, or {@code null} for none
	 */
	public Long dailyCap() {
		return this.dailyCap;
	}

	/**
	 * Most points per user per ISO week over all rules.
	 * @return the cap, or {@code null} for none
	 */
	public Long weeklyCap() {
		return this.weeklyCap;
	}

	/**
	 * Most points per user per calendar month over all rules.
	 * @return the cap, or {@code null} for none
	 */
	public Long monthlyCap() {
		return this.monthlyCap;
	}

}
