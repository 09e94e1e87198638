package io.github.activityrank.redis;

import io.github.activityrank.engine.ScoreCommand;

/**
 * What a command shares with others of its kind in a batch of the score script, sent once
 * in the header as ten arguments; the full script and the lean loop read them alike.
 *
 * @param points the points of an award (0 for a revoke, which shares only the caps)
 * @param ruleCapField the rule's cap counter field, or '' for explicit points
 * @param ruleCap the rule's daily cap, or {@code null}
 * @param globalCap the daily cap over all rules, or {@code null}
 * @param olderDays days before today an award checks for an earlier record
 * (once-per-ever), else 0
 * @param ruleWeeklyCap the rule's weekly cap, or {@code null}
 * @param globalWeeklyCap the weekly cap over all rules, or {@code null}
 * @param ruleMonthlyCap the rule's monthly cap, or {@code null}
 * @param globalMonthlyCap the monthly cap over all rules, or {@code null}
 * @param rule the rule's name, which challenges count and records name, or '' for
 * explicit points
 */
record ScoreSpec(long points, String ruleCapField, Long ruleCap, Long globalCap, int olderDays, Long ruleWeeklyCap,
		Long globalWeeklyCap, Long ruleMonthlyCap, Long globalMonthlyCap, String rule) {

	static ScoreSpec of(ScoreCommand command, int retainedDays) {
		String rule = command.rule();
		String capField = (rule != null) ? RankKeys.ruleCapField(rule) : "";
		// a revoke carries the caps too: it gives back only counters a cap keeps
		return new ScoreSpec(command.revoke() ? 0 : command.points(), capField, command.ruleCap(), command.globalCap(),
				(command.oncePerEver() && !command.revoke()) ? retainedDays : 0, command.ruleWeeklyCap(),
				command.globalWeeklyCap(), command.ruleMonthlyCap(), command.globalMonthlyCap(),
				(rule != null) ? rule : "");
	}

	boolean hasCaps() {
		return this.ruleCap != null || this.globalCap != null || hasPeriodCaps();
	}

	/**
	 * Whether a weekly or monthly cap applies, whose counters live in hashes of their
	 * own.
	 */
	boolean hasPeriodCaps() {
		return this.ruleWeeklyCap != null || this.globalWeeklyCap != null || this.ruleMonthlyCap != null
				|| this.globalMonthlyCap != null;
	}

	/**
	 * Its ten header arguments: points, ruleCapField, ruleCap, globalCap, olderCount,
	 * ruleWeeklyCap, globalWeeklyCap, ruleMonthlyCap, globalMonthlyCap ('' for no cap),
	 * rule (whose number in record values the script takes from the registry of rules).
	 * @param call the call to add them to
	 */
	void write(ScriptArgs call) {
		call.arg(this.points)
			.arg(this.ruleCapField)
			.arg(blankIfNull(this.ruleCap))
			.arg(blankIfNull(this.globalCap))
			.arg(this.olderDays)
			.arg(blankIfNull(this.ruleWeeklyCap))
			.arg(blankIfNull(this.globalWeeklyCap))
			.arg(blankIfNull(this.ruleMonthlyCap))
			.arg(blankIfNull(this.globalMonthlyCap))
			.arg(this.rule);
	}

	private static String blankIfNull(Long cap) {
		return (cap != null) ? cap.toString() : "";
	}

}
