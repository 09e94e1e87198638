package io.github.activityrank.dispatch;

import io.github.activityrank.support.CounterName;

/**
 * The running totals {@link AwardDispatchCounters} keeps, each named and described once
 * for everything that shows them: the meters ({@code activity.rank.dispatch.} followed by
 * {@link #meterName()}) and the {@code activityrank} actuator endpoint (field
 * {@link #key()}).
 */
public enum DispatchCounter implements CounterName {

	/** Awards put on the background queue. */
	QUEUED("Awards put on the background queue"),

	/**
	 * Awards that reached the service and got an answer other than rejected (awarded,
	 * already awarded, capped, revoked, nothing to revoke).
	 */
	APPLIED("Dispatched awards the service answered (any outcome but rejected)"),

	/** Awards the service refused as invalid (blank user, unknown rule, ...). */
	REJECTED("Dispatched awards the service rejected as invalid"),

	/**
	 * Awards lost because the service threw, typically because Redis did not answer, and
	 * no retry buffer kept them (sync mode, {@code activity-rank.retry.capacity=0}, or an
	 * error that waiting cannot cure).
	 */
	FAILED("Dispatched awards lost to an error with no retry buffer to keep them"),

	/**
	 * Awards discarded because the queue was full (policy {@code drop}) or still queued
	 * when the shutdown grace period ended.
	 */
	DROPPED("Awards discarded because the queue was full or shutdown ended"),

	/**
	 * Awards whose caller waited until they were applied because the queue was full
	 * (policy {@code caller-runs}).
	 */
	CALLER_RUNS("Awards whose caller waited for them because the queue was full"),

	/**
	 * Annotations whose expressions could not be turned into an award at run time (an
	 * expression threw, gave a null or blank user or field, a user or field that is
	 * neither text nor a number, or a revoke or condition that is not a boolean).
	 */
	EVALUATION_ERRORS("@ActivityScore annotations whose expressions gave no valid award"),

	/**
	 * Awards put in the retry buffer, because their batch failed or because older awards
	 * were already waiting there.
	 */
	RETRY_BUFFERED("Awards put in the retry buffer"),

	/** Awards the retry thread sent successfully (answered by the service). */
	RETRIED("Awards the retry thread sent successfully"),

	/**
	 * Awards lost from the retry buffer: it was full, or they were still waiting when the
	 * shutdown grace period ended.
	 */
	RETRY_DROPPED("Awards lost from the retry buffer (full, or shutdown ended)"),

	/**
	 * Awards that failed for good on their own (a Lua error, a key of the wrong type, a
	 * script the server refuses): logged at WARN with the reason and set aside, so the
	 * awards behind them go on.
	 */
	SET_ASIDE("Awards set aside because they failed for good on their own");

	private final String description;

	DispatchCounter(String description) {
		this.description = description;
	}

	@Override
	public String description() {
		return this.description;
	}

}
