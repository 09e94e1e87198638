package io.github.activityrank.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.Period;

/**
 * One badge (docs/badges.md), configured by exactly one of count (with rule), points,
 * streak, or top (with period or challenges).
 * <p>
 * Bound under {@code activity-rank.badges.<name>.*} (see {@link ActivityRankProperties}).
 */
public class BadgeProperties {

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

}
