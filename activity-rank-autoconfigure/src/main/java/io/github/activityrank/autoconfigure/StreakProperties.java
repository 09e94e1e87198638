package io.github.activityrank.autoconfigure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.engine.StreakSettings;

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

}
