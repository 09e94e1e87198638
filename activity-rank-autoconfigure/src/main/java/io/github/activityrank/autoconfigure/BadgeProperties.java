package io.github.activityrank.autoconfigure;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;

import io.github.activityrank.Period;
import io.github.activityrank.engine.BadgeDefinition;

import static io.github.activityrank.autoconfigure.PropertyRequirements.between;
import static io.github.activityrank.autoconfigure.PropertyRequirements.increasing;
import static io.github.activityrank.autoconfigure.PropertyRequirements.print;
import static io.github.activityrank.autoconfigure.PropertyRequirements.require;

/**
 * One badge (docs/badges.md), configured by exactly one of count (with rule), points,
 * streak, or top (with period or challenges).
 * <p>
 * Bound under {@code activity-rank.badges.<name>.*} (see {@link ActivityRankProperties}).
 */
public class BadgeProperties {

	private static final Pattern NAME = Pattern.compile("[a-z0-9-]{1,40}");

	private static final String BADGES = "activity-rank.badges";

	/**
	 * Rule whose standing awards a count badge counts (a revoke lowers the count; a badge
	 * once earned stays).
	 */
	private String rule;

	/**
	 * Standing awards of the rule for each tier, increasing: [10, 100, 1000] makes tiers
	 * 1, 2 and 3. At most 10 tiers.
	 */
	private final List<Long> count = new ArrayList<>();

	/**
	 * Points of the levels' board (activity-rank.levels.points-of) for each tier,
	 * increasing. At most 10 tiers.
	 */
	private final List<Long> points = new ArrayList<>();

	/**
	 * Days in a row (activity-rank.streaks.enabled) for each tier, increasing. At most 10
	 * tiers.
	 */
	private final List<Long> streak = new ArrayList<>();

	/**
	 * Best ranks that earn the badge when a board ends (with period or challenges): 3 for
	 * the top 3, at most activity-rank.events.top. Earned again each time.
	 */
	private Integer top;

	/**
	 * Period whose board's end earns a top badge: day, week or month.
	 */
	private Period period;

	/**
	 * Whether the end of each challenge earns a top badge.
	 */
	private boolean challenges;

	public String getRule() {
		return this.rule;
	}

	public void setRule(String rule) {
		this.rule = rule;
	}

	public List<Long> getCount() {
		return this.count;
	}

	public List<Long> getPoints() {
		return this.points;
	}

	public List<Long> getStreak() {
		return this.streak;
	}

	public Integer getTop() {
		return this.top;
	}

	public void setTop(Integer top) {
		this.top = top;
	}

	public Period getPeriod() {
		return this.period;
	}

	public void setPeriod(Period period) {
		this.period = period;
	}

	public boolean isChallenges() {
		return this.challenges;
	}

	public void setChallenges(boolean challenges) {
		this.challenges = challenges;
	}

	/**
	 * Check this badge against the rest of the configuration; called by
	 * {@link ActivityRankPropertyChecks#check}.
	 * @param name the badge's name under {@code activity-rank.badges}
	 * @param properties the bound properties, for the rules, periods, streaks and events
	 * the badge needs
	 */
	void check(String name, ActivityRankProperties properties) {
		String property = NAME.matcher(name).matches() ? BADGES + "." + name : BADGES + "[" + name + "]";
		require(NAME.matcher(name).matches(), property, name, "Badge name '" + name
				+ "' is not allowed: it must be 1 to 40 of a-z, 0-9 and '-'. Rename it, for example to first-post.");
		int kinds = (this.count.isEmpty() ? 0 : 1) + (this.points.isEmpty() ? 0 : 1) + (this.streak.isEmpty() ? 0 : 1)
				+ ((this.top != null) ? 1 : 0);
		require(kinds == 1, property, name,
				"A badge is earned by exactly one of count (with rule), points, streak or top (with period or "
						+ "challenges). Set one of " + property + ".count, .points, .streak or .top.");
		require(this.rule == null || !this.count.isEmpty(), property + ".rule", this.rule,
				"Only a count badge names a rule. Remove " + property + ".rule, or set " + property + ".count.");
		require(this.top != null || (this.period == null && !this.challenges), property + ".period", this.period,
				"Only a top badge names a period or challenges. Remove " + property + ".period and .challenges, or set "
						+ property + ".top.");
		if (!this.count.isEmpty()) {
			require(this.rule != null && properties.getRules().containsKey(this.rule), property + ".rule", this.rule,
					"A count badge counts the awards of a rule configured under activity-rank.rules; '" + this.rule
							+ "' is not one. Set " + property + ".rule to one of " + properties.getRules().keySet()
							+ ".");
			checkTiers(property + ".count", this.count);
		}
		if (!this.points.isEmpty()) {
			checkTiers(property + ".points", this.points);
		}
		if (!this.streak.isEmpty()) {
			checkTiers(property + ".streak", this.streak);
			require(properties.getStreaks().isEnabled(), property + ".streak", this.streak,
					"A streak badge needs streaks. Set activity-rank.streaks.enabled=true, or remove " + property
							+ ".");
		}
		if (this.top != null) {
			checkTop(property, properties);
		}
	}

	private void checkTop(String property, ActivityRankProperties properties) {
		between(property + ".top", this.top, 1, properties.getEvents().getTop(), "3");
		require((this.period != null) != this.challenges, property + ".period", this.period,
				"A top badge is earned when a period's board ends or when a challenge ends. Set exactly one of "
						+ property + ".period (day, week or month) and " + property + ".challenges=true.");
		require(this.period != Period.TOTAL, property + ".period", this.period,
				"The total board never ends. Set " + property + ".period to day, week or month.");
		require(this.period == null || properties.getPeriods().contains(this.period), property + ".period", this.period,
				"activity-rank.periods does not keep the " + print(this.period)
						+ " board. Add it to activity-rank.periods" + endingPeriods(properties.getPeriods()) + ".");
		require(properties.getEvents().isEnabled(), property + ".top", this.top,
				"A top badge is granted when the board's end is published. Set activity-rank.events.enabled=true "
						+ "or remove " + property + ".");
	}

	/** The configured periods a top badge may name (those that end), as a choice. */
	private static String endingPeriods(Collection<Period> periods) {
		List<String> ending = periods.stream()
			.filter((period) -> period != Period.TOTAL)
			.map(PropertyRequirements::print)
			.toList();
		return ending.isEmpty() ? "" : " or choose one of " + ending;
	}

	private static void checkTiers(String property, List<Long> thresholds) {
		require(thresholds.size() <= BadgeDefinition.MAX_TIERS, property, thresholds,
				"A badge has at most " + BadgeDefinition.MAX_TIERS + " tiers. Shorten " + property + ".");
		require(thresholds.get(0) != null && thresholds.get(0) >= 1, property, thresholds,
				"A tier's threshold is at least 1. Set " + property + " to increasing numbers such as [10, 100].");
		increasing(property, thresholds, "[10, 100, 1000]");
	}

}
