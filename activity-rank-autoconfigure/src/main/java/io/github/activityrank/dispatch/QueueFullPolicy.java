package io.github.activityrank.dispatch;

/**
 * What to do with an award that finds the queue full.
 */
public enum QueueFullPolicy {

	/**
	 * The caller waits until the award, queued behind its user's earlier ones, is
	 * applied.
	 */
	CALLER_RUNS,

	/** Discard the award, log it and count it. */
	DROP

}
