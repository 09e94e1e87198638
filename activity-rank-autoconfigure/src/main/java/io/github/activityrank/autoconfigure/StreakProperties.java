package io.github.activityrank.autoconfigure;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.engine.StreakSettings;

import static io.github.activityrank.autoconfigure.PropertyRequirements.require;

/**
 * Streaks of active days (docs/streaks.md).
 * <p>
 * Bound under {@code activity-rank.streaks.*} (see {@link ActivityRankProperties}).
 */
public class StreakProperties {

	/**
	 * Whether awards mark active days, keep streaks and pay milestone bonuses; adds the
	 * StreakService bean.
	 */
	private boolean enabled;

	/**
	 * Rules whose awards make a day active; empty: any award.
	 */
	private final List<String> rules = new ArrayList<>();

	/**
	 * Bonus points by streak length, awarded under the rule 'streak' when a streak
	 * reaches that many days, once per streak.
	 */
	private final Map<Integer, Long> milestones = new LinkedHashMap<>();

	/**
	 * Number of bucket hashes per shard that users' streak data are spread over, 1 to
	 * 16777216. Redis keeps a bucket compact (listpack) while it has at most
	 * hash-max-listpack-entries fields (512 unless the server's configuration says
	 * otherwise), one per user-year; keep the user-years per bucket at about 300 on
	 * average or below. Changing it moves every user to another bucket: rebuild from the
	 * ledger or start a new key prefix.
	 */
	private int buckets = StreakSettings.DEFAULT_BUCKETS;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public List<String> getRules() {
		return this.rules;
	}

	public Map<Integer, Long> getMilestones() {
		return this.milestones;
	}

	public int getBuckets() {
		return this.buckets;
	}

	public void setBuckets(int buckets) {
		this.buckets = buckets;
	}

	/**
	 * Check {@code activity-rank.streaks.*}; called by
	 * {@link ActivityRankPropertyChecks#check}. A streak rule that is not configured
	 * would never make a day active, a milestone must be a length of at least one day
	 * with positive points, the bucket count must be positive.
	 * @param ruleNames the configured rules
	 */
	void check(Collection<String> ruleNames) {
		for (String rule : this.rules) {
			require(ruleNames.contains(rule), "activity-rank.streaks.rules", rule,
					"activity-rank.streaks.rules names '" + rule + "', which is not a rule under activity-rank.rules, "
							+ "so no award would ever make a day active. Configure activity-rank.rules." + rule
							+ ".points or remove it from activity-rank.streaks.rules.");
			require(!StreakSettings.BONUS_RULE.equals(rule), "activity-rank.streaks.rules", rule,
					"The rule 'streak' is the milestone bonus itself and cannot make a day active. Remove it from "
							+ "activity-rank.streaks.rules.");
		}
		require(this.buckets >= 1 && this.buckets <= StreakSettings.MAX_BUCKETS, "activity-rank.streaks.buckets",
				this.buckets,
				"activity-rank.streaks.buckets is the number of hashes users' streak data are spread over and must be "
						+ "between 1 and " + StreakSettings.MAX_BUCKETS + ". Remove it for the default ("
						+ StreakSettings.DEFAULT_BUCKETS + ") or set at least (users * years) / 300.");
		for (Map.Entry<Integer, Long> milestone : this.milestones.entrySet()) {
			String property = "activity-rank.streaks.milestones." + milestone.getKey();
			require(milestone.getKey() != null && milestone.getKey() >= 1, property, milestone.getKey(),
					"A milestone is a streak length of at least 1 day. Use a key such as 7 under "
							+ "activity-rank.streaks.milestones.");
			Long points = milestone.getValue();
			require(points != null && points > 0 && points <= ActivityLimits.MAX_POINTS, property, points,
					property + " must give between 1 and " + ActivityLimits.MAX_POINTS
							+ " bonus points. Set it to a positive number, for example 20.");
		}
	}

}
