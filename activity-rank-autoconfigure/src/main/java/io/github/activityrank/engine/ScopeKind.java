package io.github.activityrank.engine;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.Period;

/**
 * A kind of scope (a category, a course, a tenant) configured under
 * {@code activity-rank.scopes.<name>}: each of its ids gets boards of these periods, fed
 * by the awards that name the id (see docs/scopes.md).
 *
 * @param name the kind's name
 * @param periods the periods of each scope id's boards
 * @param rules the rules that count in this kind; empty for every rule (and explicit
 * points)
 * @param keep the members each scope board keeps, the best; 0 for all
 */
public record ScopeKind(String name, List<Period> periods, Set<String> rules, long keep) {

	private static final Pattern NAME = Pattern.compile("[a-z0-9-]{1," + ActivityLimits.MAX_SCOPE_KIND_LENGTH + "}");

	/**
	 * Copy the collections.
	 * @param name the kind's name
	 * @param periods the periods
	 * @param rules the rules that count, empty for every rule
	 * @param keep the members kept per board, 0 for all
	 */
	public ScopeKind {
		periods = List.copyOf(periods);
		rules = Set.copyOf(rules);
	}

	/**
	 * Whether an award of a rule counts in this kind.
	 * @param rule the rule's name, or {@code null} for explicit points
	 * @return {@code true} when it does
	 */
	public boolean counts(String rule) {
		return this.rules.isEmpty() || (rule != null && this.rules.contains(rule));
	}

	/**
	 * Why a name cannot name a scope kind.
	 * @param name the name
	 * @return the problem, or {@code null} when it can
	 */
	public static String nameProblem(String name) {
		return (name != null && NAME.matcher(name).matches()) ? null
				: "a scope kind is 1 to " + ActivityLimits.MAX_SCOPE_KIND_LENGTH + " lowercase letters, digits or '-'";
	}

}
