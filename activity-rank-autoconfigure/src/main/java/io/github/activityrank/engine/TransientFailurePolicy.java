package io.github.activityrank.engine;

/**
 * Decides which failures of the service are worth a retry: only those that waiting can
 * cure, such as a store that could not be reached in time. Any other failure would fail
 * again on every retry and hold back every award queued behind it, so it is counted as
 * failed at once. The auto-configuration supplies one that knows the Redis client's
 * exceptions; define a bean of this type to replace it.
 */
@FunctionalInterface
public interface TransientFailurePolicy {

	/**
	 * Whether a failure, or one of its causes, is transient.
	 * @param failure what the service threw
	 * @return {@code true} when a later retry may succeed
	 */
	boolean isTransient(Throwable failure);

}
