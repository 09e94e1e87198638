package io.github.activityrank.autoconfigure;

import java.time.Duration;

import io.github.activityrank.dispatch.QueueFullPolicy;

import static io.github.activityrank.autoconfigure.PropertyRequirements.atLeast;

/**
 * Background execution of awards made through @ActivityScore and ActivityEvent.
 * <p>
 * Bound under {@code activity-rank.async.*} (see {@link ActivityRankProperties}).
 */
public class AsyncProperties {

	/**
	 * Whether awards run on a background executor. When false they run on the caller's
	 * thread.
	 */
	private boolean enabled = true;

	/**
	 * Number of threads that apply queued awards.
	 */
	private int threads = 2;

	/**
	 * Most awards waiting to be applied.
	 */
	private int queueCapacity = 10_000;

	/**
	 * What happens to an award when the queue is full: "caller-runs" makes the caller
	 * wait until the award is applied, queued behind that user's earlier awards (nothing
	 * lost, no award overtaken), "drop" discards it (logged and counted).
	 */
	private QueueFullPolicy onQueueFull = QueueFullPolicy.CALLER_RUNS;

	/**
	 * Longest time a caller waits for its award under "caller-runs" when Redis hangs.
	 * Then the caller goes on; the award keeps its place in its user's queue and is
	 * applied (or retried) in order.
	 */
	private Duration callerRunsTimeout = Duration.ofSeconds(5);

	public Duration getCallerRunsTimeout() {
		return this.callerRunsTimeout;
	}

	public void setCallerRunsTimeout(Duration callerRunsTimeout) {
		this.callerRunsTimeout = callerRunsTimeout;
	}

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public int getThreads() {
		return this.threads;
	}

	public void setThreads(int threads) {
		this.threads = threads;
	}

	public int getQueueCapacity() {
		return this.queueCapacity;
	}

	public void setQueueCapacity(int queueCapacity) {
		this.queueCapacity = queueCapacity;
	}

	public QueueFullPolicy getOnQueueFull() {
		return this.onQueueFull;
	}

	public void setOnQueueFull(QueueFullPolicy onQueueFull) {
		this.onQueueFull = onQueueFull;
	}

	/**
	 * Check {@code activity-rank.async.*}; called by
	 * {@link ActivityRankPropertyChecks#check}.
	 */
	void check() {
		atLeast("activity-rank.async.threads", this.threads, 1,
				"At least one thread must apply queued awards. Set activity-rank.async.threads to 1 or more "
						+ "(default 2), or set activity-rank.async.enabled=false to apply awards on the "
						+ "caller's thread.");
		atLeast("activity-rank.async.queue-capacity", this.queueCapacity, 1,
				"The queue must hold at least one award. Set activity-rank.async.queue-capacity to 1 or more "
						+ "(default 10000).");
	}

}
