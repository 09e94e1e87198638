package io.github.activityrank.autoconfigure;

import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.Set;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ScopeKind;

import static io.github.activityrank.autoconfigure.PropertyRequirements.require;

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

	/**
	 * Check this scope kind against the periods and rules; called by
	 * {@link ActivityRankPropertyChecks#check}.
	 * @param kind the kind's name under {@code activity-rank.scopes}
	 * @param properties the bound properties, for the periods and rules
	 */
	void check(String kind, ActivityRankProperties properties) {
		String name = "activity-rank.scopes." + kind;
		String problem = ScopeKind.nameProblem(kind);
		require(problem == null, name, kind,
				"A scope kind names keys: " + problem + ". Rename it, for example activity-rank.scopes.category.");
		Set<Period> allowed = EnumSet.of(Period.TOTAL);
		allowed.addAll(properties.getPeriods());
		for (Period period : this.periods) {
			require(allowed.contains(period), name + ".periods", this.periods,
					"A scope keeps boards of activity-rank.periods " + properties.getPeriods() + " or total. Remove "
							+ period.name().toLowerCase() + " from " + name + ".periods, or add it to "
							+ "activity-rank.periods.");
		}
		for (String rule : this.rules) {
			require(properties.getRules().containsKey(rule), name + ".rules", this.rules,
					"There is no rule '" + rule + "'. Name rules of activity-rank.rules "
							+ properties.getRules().keySet() + ", or leave " + name + ".rules empty for every rule.");
		}
		require(this.keep == null || this.keep >= 1, name + ".keep", this.keep,
				"Set the members kept per scope board to 1 or more, or leave it unset to keep every member.");
	}

}
