package io.github.activityrank.dispatch;

import java.util.StringJoiner;
import java.util.concurrent.atomic.LongAdder;

/**
 * Running totals of what happened to awards made through {@code @ActivityScore},
 * published {@code ActivityEvent}s and page views, one per {@link DispatchCounter}, and
 * the number of awards waiting in the retry buffer. Read by metrics and actuator support;
 * the increment methods are for the starter's own components.
 */
public final class AwardDispatchCounters {

	private final LongAdder[] counts = new LongAdder[DispatchCounter.values().length];

	private final LongAdder retryPending = new LongAdder();

	/**
	 * Create counters that all start at zero.
	 */
	public AwardDispatchCounters() {
		for (int i = 0; i < this.counts.length; i++) {
			this.counts[i] = new LongAdder();
		}
	}

	/**
	 * The total of one counter.
	 * @param counter the counter
	 * @return the count
	 */
	public long get(DispatchCounter counter) {
		return this.counts[counter.ordinal()].sum();
	}

	/**
	 * Add to one counter.
	 * @param counter the counter
	 * @param n how many
	 */
	public void add(DispatchCounter counter, long n) {
		this.counts[counter.ordinal()].add(n);
	}

	/**
	 * {@link DispatchCounter#QUEUED}.
	 * @return the count
	 */
	public long getQueued() {
		return get(DispatchCounter.QUEUED);
	}

	/**
	 * {@link DispatchCounter#APPLIED}.
	 * @return the count
	 */
	public long getApplied() {
		return get(DispatchCounter.APPLIED);
	}

	/**
	 * {@link DispatchCounter#REJECTED}.
	 * @return the count
	 */
	public long getRejected() {
		return get(DispatchCounter.REJECTED);
	}

	/**
	 * {@link DispatchCounter#FAILED}.
	 * @return the count
	 */
	public long getFailed() {
		return get(DispatchCounter.FAILED);
	}

	/**
	 * {@link DispatchCounter#DROPPED}.
	 * @return the count
	 */
	public long getDropped() {
		return get(DispatchCounter.DROPPED);
	}

	/**
	 * {@link DispatchCounter#CALLER_RUNS}.
	 * @return the count
	 */
	public long getCallerRuns() {
		return get(DispatchCounter.CALLER_RUNS);
	}

	/**
	 * {@link DispatchCounter#EVALUATION_ERRORS}.
	 * @return the count
	 */
	public long getEvaluationErrors() {
		return get(DispatchCounter.EVALUATION_ERRORS);
	}

	/**
	 * {@link DispatchCounter#RETRY_BUFFERED}.
	 * @return the count
	 */
	public long getRetryBuffered() {
		return get(DispatchCounter.RETRY_BUFFERED);
	}

	/**
	 * {@link DispatchCounter#RETRIED}.
	 * @return the count
	 */
	public long getRetried() {
		return get(DispatchCounter.RETRIED);
	}

	/**
	 * {@link DispatchCounter#RETRY_DROPPED}.
	 * @return the count
	 */
	public long getRetryDropped() {
		return get(DispatchCounter.RETRY_DROPPED);
	}

	/**
	 * {@link DispatchCounter#SET_ASIDE}.
	 * @return the count
	 */
	public long getSetAside() {
		return get(DispatchCounter.SET_ASIDE);
	}

	/**
	 * Awards waiting in the retry buffer right now (a gauge).
	 * @return the count
	 */
	public long getRetryPending() {
		return this.retryPending.sum();
	}

	/**
	 * Change the number of awards waiting in the retry buffer.
	 * @param delta how many were added (positive) or removed (negative)
	 */
	public void retryPending(long delta) {
		this.retryPending.add(delta);
	}

	/**
	 * Count one annotation that could not be evaluated.
	 */
	public void evaluationError() {
		add(DispatchCounter.EVALUATION_ERRORS, 1);
	}

	@Override
	public String toString() {
		StringJoiner joiner = new StringJoiner(", ", "AwardDispatchCounters[", "]");
		for (DispatchCounter counter : DispatchCounter.values()) {
			joiner.add(counter.key() + "=" + get(counter));
		}
		return joiner.add("retryPending=" + getRetryPending()).toString();
	}

}
