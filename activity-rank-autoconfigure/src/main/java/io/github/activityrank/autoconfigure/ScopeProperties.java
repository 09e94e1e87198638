package io.github.activityrank.autoconfigure;

import java.util.LinkedHashSet;
import java.util.Set;

import io.github.activityrank.Period;

/**
 * One kind of scope under {@code activity-rank.scopes.<kind>}: a category, a course, a
 * tenant, whose ids come with each award; each id gets boards of these periods (see
 * docs/scopes.md).
 */
public class ScopeProperties {

	/**
	 * Periods each scope id keeps boards for, of activity-rank.periods plus total. Empty:
	 * the same as activity-rank.periods.
	 */
	private Set<Period> periods = new LinkedHashSet<>();

	/**
	 * Rules, from activity-rank.rules, whose awards count in this kind. Empty: every rule
	 * (and awards of explicit points).
	 */
	private Set<String> rules = new LinkedHashSet<>();

	/**
	 * Members kept per scope board, the best; the lowest go. Absent: every member.
	 */
	private Long keep;

	public Set<Period> getPeriods() {
		return this.periods;
	}

	public void setPeriods(Set<Period> periods) {
		this.periods = periods;
	}

	public Set<String> getRules() {
		return this.rules;
	}

	public void setRules(Set<String> rules) {
		this.rules = rules;
	}

	public Long getKeep() {
		return this.keep;
	}

	public void setKeep(Long keep) {
		this.keep = keep;
	}

}
