package io.github.activityrank.autoconfigure;

import java.time.Duration;

import static io.github.activityrank.autoconfigure.PropertyRequirements.positive;

/**
 * How long boards and records are kept after their period ends. TOTAL never expires.
 * <p>
 * Bound under {@code activity-rank.retention.*} (see {@link ActivityRankProperties}).
 */
public class RetentionProperties {

	/**
	 * How long a day board is kept after its day ends.
	 */
	private Duration day = Duration.ofDays(31);

	/**
	 * How long a week board is kept after its week ends.
	 */
	private Duration week = Duration.ofDays(70);

	/**
	 * How long a month board is kept after its month ends.
	 */
	private Duration month = Duration.ofDays(365);

	/**
	 * How long the per-user, per-day idempotency records are kept after their day ends.
	 * They answer "already awarded", find what a revoke takes back and feed the history
	 * and summary queries (at least 31 days keeps the current week's and month's
	 * summaries complete).
	 */
	private Duration record = Duration.ofDays(31);

	/**
	 * How long a challenge's board and definition are kept after the challenge ends.
	 */
	private Duration challenge = Duration.ofDays(90);

	public Duration getDay() {
		return this.day;
	}

	public void setDay(Duration day) {
		this.day = day;
	}

	public Duration getWeek() {
		return this.week;
	}

	public void setWeek(Duration week) {
		this.week = week;
	}

	public Duration getMonth() {
		return this.month;
	}

	public void setMonth(Duration month) {
		this.month = month;
	}

	public Duration getRecord() {
		return this.record;
	}

	public void setRecord(Duration record) {
		this.record = record;
	}

	public Duration getChallenge() {
		return this.challenge;
	}

	public void setChallenge(Duration challenge) {
		this.challenge = challenge;
	}

	/**
	 * Check {@code activity-rank.retention.*}; called by
	 * {@link ActivityRankPropertyChecks#check}.
	 */
	void check() {
		positive("activity-rank.retention.day", this.day, "31d");
		positive("activity-rank.retention.week", this.week, "70d");
		positive("activity-rank.retention.month", this.month, "365d");
		positive("activity-rank.retention.record", this.record, "31d");
		positive("activity-rank.retention.challenge", this.challenge, "90d");
	}

}
