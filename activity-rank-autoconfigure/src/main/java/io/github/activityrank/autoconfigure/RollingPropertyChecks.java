package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.github.activityrank.Period;
import io.github.activityrank.engine.RollingWindow;

import static io.github.activityrank.autoconfigure.PropertyRequirements.positive;
import static io.github.activityrank.autoconfigure.PropertyRequirements.print;
import static io.github.activityrank.autoconfigure.PropertyRequirements.require;

/**
 * The checks of {@code activity-rank.rolling} and {@code activity-rank.rolling-refresh},
 * called by {@link ActivityRankPropertyChecks#check}: rolling boards are summed from the
 * day boards, so those must be kept for every day of the longest window.
 */
final class RollingPropertyChecks {

	private static final String ROLLING = "activity-rank.rolling";

	private RollingPropertyChecks() {
	}

	static void check(ActivityRankProperties properties) {
		positive("activity-rank.rolling-refresh", properties.getRollingRefresh(), "1m");
		List<Integer> rolling = properties.getRolling();
		if (rolling == null || rolling.isEmpty()) {
			return;
		}
		Set<Integer> seen = new HashSet<>();
		for (Integer days : rolling) {
			require(days != null && days >= 1 && days <= RollingWindow.MAX_DAYS, ROLLING, rolling,
					"A rolling board covers 1 to " + RollingWindow.MAX_DAYS + " days, not " + days + ". Set " + ROLLING
							+ " to such numbers of days, for example [7, 30].");
			require(seen.add(days), ROLLING, rolling,
					days + " is listed twice. List each number of days once in " + ROLLING + ".");
		}
		require(properties.getPeriods() != null && properties.getPeriods().contains(Period.DAY), ROLLING, rolling,
				"Rolling boards are summed from the day boards, which activity-rank.periods does not keep. Add day "
						+ "to activity-rank.periods, or remove " + ROLLING + ".");
		int longest = rolling.stream().mapToInt(Integer::intValue).max().getAsInt();
		Duration kept = properties.getRetention().getDay();
		Duration needed = Duration.ofDays(longest - 1L);
		require(kept != null && kept.compareTo(needed) >= 0, ROLLING, rolling,
				"A rolling board of " + longest + " days reads the day boards of the last " + longest
						+ " days, but activity-rank.retention.day keeps a day board only "
						+ ((kept != null) ? print(kept) : "unset") + " after its day ends. Set "
						+ "activity-rank.retention.day to at least " + print(needed) + " or shorten " + ROLLING + ".");
	}

}
