package io.github.activityrank.autoconfigure;

import java.util.Map;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.engine.StreakSettings;

import static io.github.activityrank.autoconfigure.ActivityRankPropertyChecks.require;

/**
 * Checks of {@code activity-rank.streaks.*}: a streak rule that is not configured would
 * never make a day active, a milestone must be a length of at least one day with positive
 * points, the bucket count must be positive.
 */
final class StreakPropertyChecks {

	private StreakPropertyChecks() {
	}

	static void check(ActivityRankProperties properties) {
		StreakProperties streaks = properties.getStreaks();
		for (String rule : streaks.getRules()) {
			require(properties.getRules().containsKey(rule), "activity-rank.streaks.rules", rule,
					"activity-rank.streaks.rules names '" + rule + "', which is not a rule under activity-rank.rules, "
							+ "so no award would ever make a day active. Configure activity-rank.rules." + rule
							+ ".points or remove it from activity-rank.streaks.rules.");
			require(!StreakSettings.BONUS_RULE.equals(rule), "activity-rank.streaks.rules", rule,
					"The rule 'streak' is the milestone bonus itself and cannot make a day active. Remove it from "
							+ "activity-rank.streaks.rules.");
		}
		int buckets = streaks.getBuckets();
		require(buckets >= 1 && buckets <= StreakSettings.MAX_BUCKETS, "activity-rank.streaks.buckets", buckets,
				"activity-rank.streaks.buckets is the number of hashes users' streak data are spread over and must be "
						+ "between 1 and " + StreakSettings.MAX_BUCKETS + ". Remove it for the default ("
						+ StreakSettings.DEFAULT_BUCKETS + ") or set at least (users * years) / 300.");
		for (Map.Entry<Integer, Long> milestone : streaks.getMilestones().entrySet()) {
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
