package io.github.activityrank.autoconfigure;

import java.time.Duration;

import static io.github.activityrank.autoconfigure.PropertyRequirements.atLeast;
import static io.github.activityrank.autoconfigure.PropertyRequirements.positive;
import static io.github.activityrank.autoconfigure.PropertyRequirements.require;

/**
 * The thresholds of the {@code activityrank} health indicator, which is on only with
 * {@code management.health.activityrank.enabled=true}. Crossing one that says "down"
 * makes it report {@code DOWN} (awards are failing); one that says "out of service" makes
 * it report {@code OUT_OF_SERVICE} (this instance is behind and should get less work). A
 * figure the application did not configure (no queue, no ledger, no streams) is not
 * reported.
 * <p>
 * Bound under {@code activity-rank.health.*} (see {@link ActivityRankProperties}).
 */
public class HealthProperties {

	/**
	 * Share of activity-rank.async.queue-capacity that, once queued, makes the indicator
	 * report OUT_OF_SERVICE: awards arrive faster than Redis takes them. From 0
	 * (exclusive) to 1.
	 */
	private double queueOutOfServiceRatio = 0.9;

	/**
	 * Share of activity-rank.retry.capacity that, once waiting for retry, makes the
	 * indicator report DOWN: Redis has not been taking awards for a while. From 0
	 * (exclusive) to 1.
	 */
	private double retryBufferDownRatio = 0.5;

	/**
	 * Awards set aside (failed for good on their own, see ActivityRankAdmin.setAside) at
	 * which the indicator reports DOWN, from 1 to 1000; 0 never, and does not count them.
	 * Counting reads up to this many from Redis or the ledger on every health check.
	 */
	private int setAsideDown = 0;

	/**
	 * Age of the last stream message applied, with ingestion on, at which the indicator
	 * reports OUT_OF_SERVICE: this instance's partitions fall behind.
	 */
	private Duration streamLagOutOfService = Duration.ofMinutes(5);

	/**
	 * Ledger rows waiting for the relay, with the ledger on, at which the indicator
	 * reports OUT_OF_SERVICE: the relay falls behind. Counting them is a query to the
	 * ledger's database on every health check. 0 never, and does not count them.
	 */
	private long ledgerPendingOutOfService = 100_000;

	public double getQueueOutOfServiceRatio() {
		return this.queueOutOfServiceRatio;
	}

	public void setQueueOutOfServiceRatio(double queueOutOfServiceRatio) {
		this.queueOutOfServiceRatio = queueOutOfServiceRatio;
	}

	public double getRetryBufferDownRatio() {
		return this.retryBufferDownRatio;
	}

	public void setRetryBufferDownRatio(double retryBufferDownRatio) {
		this.retryBufferDownRatio = retryBufferDownRatio;
	}

	public int getSetAsideDown() {
		return this.setAsideDown;
	}

	public void setSetAsideDown(int setAsideDown) {
		this.setAsideDown = setAsideDown;
	}

	public Duration getStreamLagOutOfService() {
		return this.streamLagOutOfService;
	}

	public void setStreamLagOutOfService(Duration streamLagOutOfService) {
		this.streamLagOutOfService = streamLagOutOfService;
	}

	public long getLedgerPendingOutOfService() {
		return this.ledgerPendingOutOfService;
	}

	public void setLedgerPendingOutOfService(long ledgerPendingOutOfService) {
		this.ledgerPendingOutOfService = ledgerPendingOutOfService;
	}

	/**
	 * Check {@code activity-rank.health.*}: shares of a capacity, counts and durations
	 * the health indicator compares with; called by
	 * {@link ActivityRankPropertyChecks#check}.
	 */
	void check() {
		String ratio = "A share of a capacity is above 0 and at most 1 (default %s).";
		require(this.queueOutOfServiceRatio > 0 && this.queueOutOfServiceRatio <= 1,
				"activity-rank.health.queue-out-of-service-ratio", this.queueOutOfServiceRatio, ratio.formatted("0.9"));
		require(this.retryBufferDownRatio > 0 && this.retryBufferDownRatio <= 1,
				"activity-rank.health.retry-buffer-down-ratio", this.retryBufferDownRatio, ratio.formatted("0.5"));
		require(this.setAsideDown >= 0 && this.setAsideDown <= 1000, "activity-rank.health.set-aside-down",
				this.setAsideDown, "Set it from 1 to 1000, or 0 (the default) not to count set-aside awards.");
		positive("activity-rank.health.stream-lag-out-of-service", this.streamLagOutOfService, "5m");
		atLeast("activity-rank.health.ledger-pending-out-of-service", this.ledgerPendingOutOfService, 0,
				"Set it to 0 (never) or a number of pending rows (default 100000).");
	}

}
