package io.github.activityrank.dispatch;

import java.util.concurrent.atomic.LongAdder;

/**
 * Running totals of what happened to awards made through {@code @ActivityScore},
 * published {@code ActivityEvent}s and page views. Read by metrics and actuator support;
 * the increment methods are for the starter's own components.
 */
public final class AwardDispatchCounters {

	private final LongAdder queued = new LongAdder();

	private final LongAdder applied = new LongAdder();

	private final LongAdder rejected = new LongAdder();

	private final LongAdder failed = new LongAdder();

	private final LongAdder dropped = new LongAdder();

	private final LongAdder callerRuns = new LongAdder();

	private final LongAdder evaluationErrors = new LongAdder();

	private final LongAdder retryBuffered = new LongAdder();

	private final LongAdder retried = new LongAdder();

	private final LongAdder retryDropped = new LongAdder();

	private final LongAdder retryPending = new LongAdder();

	/**
	 * Awards put on the background queue.
	 * @return the count
	 */
	public long getQueued() {
		return this.queued.sum();
	}

	/**
	 * Awards that reached the service and got an answer other than rejected (awarded,
	 * already awarded, capped, revoked, nothing to revoke).
	 * @return the count
	 */
	public long getApplied() {
		return this.applied.sum();
	}

	/**
	 * Awards the service refused as invalid (blank user, unknown rule, ...).
	 * @return the count
	 */
	public long getRejected() {
		return this.rejected.sum();
	}

	/**
	 * Awards lost because the service threw, typically because Redis did not answer, and
	 * no retry buffer kept them (sync mode, or {@code activity-rank.retry.capacity=0}).
	 * @return the count
	 */
	public long getFailed() {
		return this.failed.sum();
	}

	/**
	 * Awards discarded because the queue was full (policy {@code drop}) or still queued
	 * when the shutdown grace period ended.
	 * @return the count
	 */
	public long getDropped() {
		return this.dropped.sum();
	}

	/**
	 * Awards whose caller waited until they were applied because the queue was full
	 * (policy {@code caller-runs}).
	 * @return the count
	 */
	public long getCallerRuns() {
		return this.callerRuns.sum();
	}

	/**
	 * Annotations whose expressions could not be turned into an award at run time (an
	 * expression threw, gave a null or blank user or field, a user or field that is
	 * neither text nor a number, or a revoke or condition that is not a boolean).
	 * @return the count
	 */
	public long getEvaluationErrors() {
		return this.evaluationErrors.sum();
	}

	/**
	 * Awards put in the retry buffer, because their batch failed or because older awards
	 * were already waiting there.
	 * @return the count
	 */
	public long getRetryBuffered() {
		return this.retryBuffered.sum();
	}

	/**
	 * Awards the retry thread sent successfully (answered by the service).
	 * @return the count
	 */
	public long getRetried() {
		return this.retried.sum();
	}

	/**
	 * Awards lost from the retry buffer: it was full, or they were still waiting when the
	 * shutdown grace period ended.
	 * @return the count
	 */
	public long getRetryDropped() {
		return this.retryDropped.sum();
	}

	/**
	 * Awards waiting in the retry buffer right now (a gauge).
	 * @return the count
	 */
	public long getRetryPending() {
		return this.retryPending.sum();
	}

	/**
	 * Count awards put in the retry buffer.
	 * @param n how many
	 */
	public void retryBuffered(long n) {
		this.retryBuffered.add(n);
	}

	/**
	 * Count awards the retry thread sent successfully.
	 * @param n how many
	 */
	public void retried(long n) {
		this.retried.add(n);
	}

	/**
	 * Count awards lost from the retry buffer.
	 * @param n how many
	 */
	public void retryDropped(long n) {
		this.retryDropped.add(n);
	}

	/**
	 * Change the number of awards waiting in the retry buffer.
	 * @param delta how many were added (positive) or removed (negative)
	 */
	public void retryPending(long delta) {
		this.retryPending.add(delta);
	}

	/**
	 * Count awards put on the queue.
	 * @param n how many
	 */
	public void queued(long n) {
		this.queued.add(n);
	}

	/**
	 * Count awards the service answered.
	 * @param n how many
	 */
	public void applied(long n) {
		this.applied.add(n);
	}

	/**
	 * Count awards the service rejected.
	 * @param n how many
	 */
	public void rejected(long n) {
		this.rejected.add(n);
	}

	/**
	 * Count awards lost to an error.
	 * @param n how many
	 */
	public void failed(long n) {
		this.failed.add(n);
	}

	/**
	 * Count awards discarded.
	 * @param n how many
	 */
	public void dropped(long n) {
		this.dropped.add(n);
	}

	/**
	 * Count awards whose caller waited for them because the queue was full.
	 * @param n how many
	 */
	public void callerRuns(long n) {
		this.callerRuns.add(n);
	}

	/**
	 * Count one annotation that could not be evaluated.
	 */
	public void evaluationError() {
		this.evaluationErrors.increment();
	}

	@Override
	public String toString() {
		return "AwardDispatchCounters[queued=" + getQueued() + ", applied=" + getApplied() + ", rejected="
				+ getRejected() + ", failed=" + getFailed() + ", dropped=" + getDropped() + ", callerRuns="
				+ getCallerRuns() + ", evaluationErrors=" + getEvaluationErrors() + ", retryBuffered="
				+ getRetryBuffered() + ", retried=" + getRetried() + ", retryDropped=" + getRetryDropped()
				+ ", retryPending=" + getRetryPending() + "]";
	}

}
