package io.github.activityrank;

import java.time.LocalDate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one user did in one day, week or month: how many awards of each rule still stand
 * and what they gave. This is what a forum shows as "received 12 praises this week".
 *
 * @param userId the user
 * @param period {@link Period#DAY}, {@link Period#WEEK} or {@link Period#MONTH}
 * @param start the first day of the period
 * @param points the sum of the points of every rule
 * @param byRule per rule name, the awards that still stand; awards of explicit points (no
 * rule) are under the key {@code ""}. Rules without standing awards are absent.
 */
public record ActivitySummary(String userId, Period period, LocalDate start, long points,
		Map<String, RuleTally> byRule) {

	/**
	 * Create a summary; {@code byRule} is copied and keeps its iteration order.
	 * @param userId the user
	 * @param period the period
	 * @param start the first day of the period
	 * @param points the sum of the points of every rule
	 * @param byRule the tallies by rule name
	 */
	public ActivitySummary {
		byRule = (byRule != null) ? Collections.unmodifiableMap(new LinkedHashMap<>(byRule)) : Map.of();
	}

	/**
	 * The tally of one rule.
	 * @param rule a rule name, or {@code ""} for awards of explicit points
	 * @return its tally, {@link RuleTally#NONE} when it has no standing award
	 */
	public RuleTally tally(String rule) {
		return this.byRule.getOrDefault(rule, RuleTally.NONE);
	}

}
