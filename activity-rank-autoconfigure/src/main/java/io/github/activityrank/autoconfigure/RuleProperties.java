package io.github.activityrank.autoconfigure;

import java.util.regex.Pattern;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.engine.ActivityRules;
import io.github.activityrank.engine.OncePer;

import static io.github.activityrank.autoconfigure.PropertyRequirements.require;

/**
 * How one kind of activity scores, and its caps ({@link CapProperties}).
 * <p>
 * Bound under {@code activity-rank.rules.<name>.*} (see {@link ActivityRankProperties}).
 */
public class RuleProperties extends CapProperties {

	private static final Pattern PLAIN_MAP_KEY = Pattern.compile("[a-z0-9-]+");

	/**
	 * Points per award; must not be zero. Negative points are penalties, clamped at zero.
	 */
	private long points;

	/**
	 * How often the same field scores for one user: "day" (once per day) or "ever" (once
	 * while the record is retained, see retention.record).
	 */
	private OncePer oncePer = OncePer.DAY;

	public long getPoints() {
		return this.points;
	}

	public void setPoints(long points) {
		this.points = points;
	}

	public OncePer getOncePer() {
		return this.oncePer;
	}

	public void setOncePer(OncePer oncePer) {
		this.oncePer = oncePer;
	}

	/**
	 * Check this rule and its caps; called by {@link ActivityRankPropertyChecks#check}.
	 * @param name the rule's name under {@code activity-rank.rules}
	 * @param capsOnly whether the rule may leave out its points: the rule {@code streak}
	 * while streaks are on, which only caps the milestone bonus
	 */
	void check(String name, boolean capsOnly) {
		// a name with anything but lower-case letters, digits and '-' is written in
		// Boot's bracket notation to stay one map key
		String property = PLAIN_MAP_KEY.matcher(name).matches() ? "activity-rank.rules." + name
				: "activity-rank.rules[" + name + "]";
		require(ActivityRules.isValidName(name), property, name, "Rule name '" + name
				+ "' is not allowed: a rule name must be 1 to " + ActivityLimits.MAX_RULE_NAME_LENGTH
				+ " letters, digits, '.', '_' or '-'. Rename the rule under activity-rank.rules, for example to page-view.");
		require(this.points != 0 || capsOnly, property + ".points", this.points,
				property + ".points is 0 (or missing); a rule must give or take points. Set " + property
						+ ".points to a non-zero number, for example 2 (negative for a penalty).");
		// not Math.abs: it overflows for Long.MIN_VALUE, which would pass as negative
		require(this.points >= -ActivityLimits.MAX_POINTS && this.points <= ActivityLimits.MAX_POINTS,
				property + ".points", this.points,
				property + ".points is " + this.points + ", beyond the limit of " + ActivityLimits.MAX_POINTS + ". Set "
						+ property + ".points between -" + ActivityLimits.MAX_POINTS + " and "
						+ ActivityLimits.MAX_POINTS + ".");
		checkCaps(property);
	}

}
