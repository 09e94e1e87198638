package io.github.activityrank.engine;

/**
 * The one place that decides what a failure of the store means, for every path an award
 * takes (direct calls, the background lanes, the ledger's relay, stream ingestion):
 * transient failures are those waiting can cure (a store that could not be reached in
 * time, a server that refuses writes for a while), and are retried; any other failure
 * would fail again on every retry and hold back every award behind it, so the award that
 * caused it is set aside. The auto-configuration supplies one that knows the Redis
 * client's exceptions and Redis' error replies; define a bean of this type to replace it.
 */
@FunctionalInterface
public interface TransientFailurePolicy {

	/**
	 * Whether a failure, or one of its causes, is transient.
	 * @param failure what the service threw
	 * @return {@code true} when a later retry may succeed
	 */
	boolean isTransient(Throwable failure);

	/**
	 * A short name of the kind of failure, for logs that warn once per kind and minute
	 * and for the reason kept with an award set aside: Redis' error code such as
	 * {@code NOREPLICAS} or {@code WRONGTYPE}, or the failure's class name.
	 * @param failure what the service threw
	 * @return the kind, never {@code null}
	 */
	default String kindOf(Throwable failure) {
		return failure.getClass().getSimpleName();
	}

}
