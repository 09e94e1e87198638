package io.github.activityrank.autoconfigure;

import java.time.Duration;

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

}
