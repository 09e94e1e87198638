package io.github.activityrank.actuator;

import java.util.LinkedHashMap;

import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.dispatch.DispatchCounter;

/**
 * The dispatcher's state and totals: {@code async} (whether awards run on background
 * threads), {@code queueSize} and {@code retryBufferSize} (awards waiting there now),
 * then one field per {@link DispatchCounter}, named by its {@link DispatchCounter#key()
 * key}. A map, so that its JSON follows the counters without naming each one here.
 */
public final class DispatchDescriptor extends LinkedHashMap<String, Object> {

	private static final long serialVersionUID = 1L;

	DispatchDescriptor(boolean async, int queueSize, int retryBufferSize, AwardDispatchCounters counters) {
		put("async", async);
		put("queueSize", queueSize);
		put("retryBufferSize", retryBufferSize);
		for (DispatchCounter counter : DispatchCounter.values()) {
			put(counter.key(), counters.get(counter));
		}
	}

	/**
	 * Whether awards run on background threads.
	 * @return {@code true} in async mode
	 */
	public boolean async() {
		return (Boolean) get("async");
	}

	/**
	 * Awards waiting in the queue when the endpoint was read.
	 * @return the count
	 */
	public int queueSize() {
		return (Integer) get("queueSize");
	}

	/**
	 * Awards waiting in the retry buffer when the endpoint was read.
	 * @return the count
	 */
	public int retryBufferSize() {
		return (Integer) get("retryBufferSize");
	}

	/**
	 * One counter's total when the endpoint was read.
	 * @param counter the counter
	 * @return the count
	 */
	public long count(DispatchCounter counter) {
		return (Long) get(counter.key());
	}

	/**
	 * {@link DispatchCounter#QUEUED}.
	 * @return the count
	 */
	public long queued() {
		return count(DispatchCounter.QUEUED);
	}

	/**
	 * {@link DispatchCounter#APPLIED}.
	 * @return the count
	 */
	public long applied() {
		return count(DispatchCounter.APPLIED);
	}

	/**
	 * {@link DispatchCounter#REJECTED}.
	 * @return the count
	 */
	public long rejected() {
		return count(DispatchCounter.REJECTED);
	}

	/**
	 * {@link DispatchCounter#FAILED}.
	 * @return the count
	 */
	public long failed() {
		return count(DispatchCounter.FAILED);
	}

	/**
	 * {@link DispatchCounter#DROPPED}.
	 * @return the count
	 */
	public long dropped() {
		return count(DispatchCounter.DROPPED);
	}

	/**
	 * {@link DispatchCounter#CALLER_RUNS}.
	 * @return the count
	 */
	public long callerRuns() {
		return count(DispatchCounter.CALLER_RUNS);
	}

	/**
	 * {@link DispatchCounter#EVALUATION_ERRORS}.
	 * @return the count
	 */
	public long evaluationErrors() {
		return count(DispatchCounter.EVALUATION_ERRORS);
	}

	/**
	 * {@link DispatchCounter#RETRY_BUFFERED}.
	 * @return the count
	 */
	public long retryBuffered() {
		return count(DispatchCounter.RETRY_BUFFERED);
	}

	/**
	 * {@link DispatchCounter#RETRIED}.
	 * @return the count
	 */
	public long retried() {
		return count(DispatchCounter.RETRIED);
	}

	/**
	 * {@link DispatchCounter#RETRY_DROPPED}.
	 * @return the count
	 */
	public long retryDropped() {
		return count(DispatchCounter.RETRY_DROPPED);
	}

	/**
	 * {@link DispatchCounter#SET_ASIDE}.
	 * @return the count
	 */
	public long setAside() {
		return count(DispatchCounter.SET_ASIDE);
	}

}
