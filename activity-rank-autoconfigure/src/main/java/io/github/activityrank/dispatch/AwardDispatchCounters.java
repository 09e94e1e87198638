package io.github.activityrank.dispatch;

import java.util.concurrent.atomic.LongAdder;

/**
 * Running totals of what happened to awards made through {@code @ActivityScore}, published
 * {@code ActivityEvent}s and page views. Read by metrics and actuator support; the increment methods
 * are for the starter's own components.
 */
public final class AwardDispatchCounters {

	private final LongAdder queued = new LongAdder();

	private final LongAdder applied = new LongAdder();

	private final LongAdder rejected = new LongAdder();

	private final LongAdder failed = new LongAdder();

	private final LongAdder dropped = new LongAdder();

	private final LongAdder callerRuns = new LongAdder();

	private final LongAdder evaluationErrors = new LongAdder();

	/**
	 * Awards put on the background queue.
	 * @return the count
	 */
	public long getQueued() {
		return this.queued.sum();
	}

	/**
	 * Awards that reached the service and got an answer other than rejected (awarded, already
	 * awarded, capped, revoked, nothing to revoke).
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
	 * Awards lost because the service threw, typically because Redis did not answer.
	 * @return the count
	 */
	public long getFailed() {
		return this.failed.sum();
	}

	/**
	 * Awards discarded because the queue was full (policy {@code drop}) or still queued when the
	 * shutdown grace period ended.
	 * @return the count
	 */
	public long getDropped() {
		return this.dropped.sum();
	}

	/**
	 * Awards applied on the caller's thread because the queue was full (policy {@code caller-runs}).
	 * @return the count
	 */
	public long getCallerRuns() {
		return this.callerRuns.sum();
	}

	/**
	 * Annotations whose expressions could not be turned into an award at run time (an expression
	 * threw, or gave a null user or field).
	 * @return the count
	 */
	public long getEvaluationErrors() {
		return this.evaluationErrors.sum();
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
	 * Count awards run on the caller's thread because the queue was full.
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
				+ getCallerRuns() + ", evaluationErrors=" + getEvaluationErrors() + "]";
	}

}
