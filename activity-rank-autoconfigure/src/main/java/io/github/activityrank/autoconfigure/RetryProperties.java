package io.github.activityrank.autoconfigure;

import java.time.Duration;

import static io.github.activityrank.autoconfigure.PropertyRequirements.atLeast;
import static io.github.activityrank.autoconfigure.PropertyRequirements.notNegative;
import static io.github.activityrank.autoconfigure.PropertyRequirements.positive;
import static io.github.activityrank.autoconfigure.PropertyRequirements.print;
import static io.github.activityrank.autoconfigure.PropertyRequirements.require;

/**
 * Awards that failed because Redis did not answer, kept in memory and retried.
 * <p>
 * Bound under {@code activity-rank.retry.*} (see {@link ActivityRankProperties}).
 */
public class RetryProperties {

	/**
	 * Most failed awards kept for retry (async mode only); what overflows is dropped,
	 * logged and counted. 0 keeps none: failed awards are lost and counted as failed.
	 */
	private int capacity = 100_000;

	/**
	 * Wait before the first retry.
	 */
	private Duration initialBackoff = Duration.ofMillis(200);

	/**
	 * Longest wait between retries.
	 */
	private Duration maxBackoff = Duration.ofSeconds(5);

	/**
	 * How long shutdown waits for queued and failed awards to be applied.
	 */
	private Duration shutdownGracePeriod = Duration.ofSeconds(10);

	public int getCapacity() {
		return this.capacity;
	}

	public void setCapacity(int capacity) {
		this.capacity = capacity;
	}

	public Duration getInitialBackoff() {
		return this.initialBackoff;
	}

	public void setInitialBackoff(Duration initialBackoff) {
		this.initialBackoff = initialBackoff;
	}

	public Duration getMaxBackoff() {
		return this.maxBackoff;
	}

	public void setMaxBackoff(Duration maxBackoff) {
		this.maxBackoff = maxBackoff;
	}

	public Duration getShutdownGracePeriod() {
		return this.shutdownGracePeriod;
	}

	public void setShutdownGracePeriod(Duration shutdownGracePeriod) {
		this.shutdownGracePeriod = shutdownGracePeriod;
	}

	/**
	 * Check {@code activity-rank.retry.*}; called by
	 * {@link ActivityRankPropertyChecks#check}.
	 */
	void check() {
		atLeast("activity-rank.retry.capacity", this.capacity, 0,
				"A capacity cannot be negative. Set activity-rank.retry.capacity to 0 (keep no failed awards) "
						+ "or more (default 100000).");
		positive("activity-rank.retry.initial-backoff", this.initialBackoff, "200ms");
		positive("activity-rank.retry.max-backoff", this.maxBackoff, "5s");
		String longest = print(this.maxBackoff);
		require(this.initialBackoff.compareTo(this.maxBackoff) <= 0, "activity-rank.retry.initial-backoff",
				this.initialBackoff,
				"The first wait is longer than activity-rank.retry.max-backoff (" + longest
						+ "), the longest wait. Set activity-rank.retry.initial-backoff to at most " + longest
						+ ", or raise activity-rank.retry.max-backoff.");
		notNegative("activity-rank.retry.shutdown-grace-period", this.shutdownGracePeriod, "10s");
	}

}
