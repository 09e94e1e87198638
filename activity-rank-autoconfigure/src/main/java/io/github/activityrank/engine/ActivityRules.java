package io.github.activityrank.engine;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import io.github.activityrank.ActivityLimits;

/**
 * The scoring rules and the global daily, weekly and monthly caps. The auto-configuration
 * checks the properties they come from before it builds them; the guards here only catch
 * programmatic misuse.
 */
public final class ActivityRules {

	private static final Pattern RULE_NAME = Pattern
		.compile("[A-Za-z0-9._-]{1," + ActivityLimits.MAX_RULE_NAME_LENGTH + "}");

	private final Map<String, ScoringRule> rules;

	private final Long dailyCap;

	private final Long weeklyCap;

	private final Long monthlyCap;

	/**
	 * Hold the rules, with no weekly or monthly cap over all rules.
	 * @param rules rules by name
	 * @param dailyCap most points per user per day over all rules, or {@code null}
	 * @throws IllegalArgumentException when a rule or the cap is invalid
	 */
	public ActivityRules(Map<String, ScoringRule> rules, Long dailyCap) {
		this(rules, dailyCap, null, null);
	}

	/**
	 * Hold the rules.
	 * @param rules rules by name
	 * @param dailyCap most points per user per day over all rules, or {@code null}
	 * @param weeklyCap most points per user per ISO week over all rules, or {@code null}
	 * @param monthlyCap most points per user per calendar month over all rules, or
	 * {@code null}
	 * @throws IllegalArgumentException when a rule or a cap is invalid
	 */
	public ActivityRules(Map<String, ScoringRule> rules, Long dailyCap, Long weeklyCap, Long monthlyCap) {
		rules.forEach(ActivityRules::check);
		checkCap("dailyCap", dailyCap);
		checkCap("weeklyCap", weeklyCap);
		checkCap("monthlyCap", monthlyCap);
		this.rules = Collections.unmodifiableMap(new LinkedHashMap<>(rules));
		this.dailyCap = dailyCap;
		this.weeklyCap = weeklyCap;
		this.monthlyCap = monthlyCap;
	}

	/**
	 * Whether a text may name a rule: 1 to 64 letters, digits, {@code .}, {@code _} or
	 * {@code -}.
	 * @param name the candidate name
	 * @return {@code true} if it is allowed
	 */
	public static boolean isValidName(String name) {
		return name != null && RULE_NAME.matcher(name).matches();
	}

	private static void check(String name, ScoringRule rule) {
		if (!isValidName(name)) {
			throw new IllegalArgumentException("Rule name '" + name + "' is not allowed");
		}
		// not Math.abs: it overflows for Long.MIN_VALUE, which would pass as a negative
		// number
		if (rule.points() == 0 || rule.points() < -ActivityLimits.MAX_POINTS
				|| rule.points() > ActivityLimits.MAX_POINTS) {
			throw new IllegalArgumentException("Rule '" + name + "' must have non-zero points between -"
					+ ActivityLimits.MAX_POINTS + " and " + ActivityLimits.MAX_POINTS + ", was " + rule.points());
		}
		checkRuleCap(name, "daily", rule.dailyCap());
		checkRuleCap(name, "weekly", rule.weeklyCap());
		checkRuleCap(name, "monthly", rule.monthlyCap());
	}

	private static void checkRuleCap(String name, String period, Long cap) {
		if (cap != null && cap <= 0) {
			throw new IllegalArgumentException(
					"Rule '" + name + "' must have a positive " + period + " cap or none, was " + cap);
		}
	}

	private static void checkCap(String what, Long cap) {
		if (cap != null && cap <= 0) {
			throw new IllegalArgumentException(what + " must be positive or null, was " + cap);
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
