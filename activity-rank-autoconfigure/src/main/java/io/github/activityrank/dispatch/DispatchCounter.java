package io.github.activityrank.dispatch;

/**
 * The running totals {@link AwardDispatchCounters} keeps, each named and described once
 * for everything that shows them: the meters ({@code activity.rank.dispatch.} followed by
 * {@link #meterName()}) and the {@code activityrank} actuator endpoint (field
 * {@link #key()}).
 */
public enum DispatchCounter {

	/** Awards put on the background queue. */
	QUEUED("queued", "queued", "Awards put on the background queue"),

	/**
	 * Awards that reached the service and got an answer other than rejected (awarded,
	 * already awarded, capped, revoked, nothing to revoke).
	 */
	APPLIED("applied", "applied", "Dispatched awards the service answered (any outcome but rejected)"),

	/** Awards the service refused as invalid (blank user, unknown rule, ...). */
	REJECTED("rejected", "rejected", "Dispatched awards the service rejected as invalid"),

	/**
	 * Awards lost because the service threw, typically because Redis did not answer, and
	 * no retry buffer kept them (sync mode, {@code activity-rank.retry.capacity=0}, or an
	 * error that waiting cannot cure).
	 */
	FAILED("failed", "failed", "Dispatched awards lost to an error with no retry buffer to keep them"),

	/**
	 * Awards discarded because the queue was full (policy {@code drop}) or still queued
	 * when the shutdown grace period ended.
	 */
	DROPPED("dropped", "dropped", "Awards discarded because the queue was full or shutdown ended"),

	/**
	 * Awards whose caller waited until they were applied because the queue was full
	 * (policy {@code caller-runs}).
	 */
	CALLER_RUNS("caller.runs", "callerRuns", "Awards whose caller waited for them because the queue was full"),

	/**
	 * Annotations whose expressions could not be turned into an award at run time (an
	 * expression threw, gave a null or blank user or field, a user or field that is
	 * neither text nor a number, or a revoke or condition that is not a boolean).
	 */
	EVALUATION_ERRORS("evaluation.errors", "evaluationErrors",
			"@ActivityScore annotations whose expressions gave no valid award"),

	/**
	 * Awards put in the retry buffer, because their batch failed or because older awards
	 * were already waiting there.
	 */
	RETRY_BUFFERED("retry.buffered", "retryBuffered", "Awards put in the retry buffer"),

	/** Awards the retry thread sent successfully (answered by the service). */
	RETRIED("retried", "retried", "Awards the retry thread sent successfully"),

	/**
	 * Awards lost from the retry buffer: it was full, or they were still waiting when the
	 * shutdown grace period ended.
	 */
	RETRY_DROPPED("retry.dropped", "retryDropped", "Awards lost from the retry buffer (full, or shutdown ended)"),

	/**
	 * Awards that failed for good on their own (a Lua error, a key of the wrong type, a
	 * script the server refuses): logged at WARN with the reason and set aside, so the
	 * awards behind them go on.
	 */
	SET_ASIDE("set.aside", "setAside", "Awards set aside because they failed for good on their own");

	private final String meterName;

	private final String key;

	private final String description;

	DispatchCounter(String meterName, String key, String description) {
		this.meterName = meterName;
		this.key = key;
		this.description = description;
	}

	/**
	 * The meter's name after {@code activity.rank.dispatch.}, for example
	 * {@code caller.runs}.
	 * @return the name
	 */
	public String meterName() {
		return this.meterName;
	}

	/**
	 * The field's name in the actuator endpoint's {@code dispatch} object, for example
	 * {@code callerRuns}.
	 * @return the key
	 */
	public String key() {
		return this.key;
	}

	/**
	 * What the counter counts, in one line.
	 * @return the description
	 */
	public String description() {
		return this.description;
	}

}
