package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;

/**
 * Hands awards from {@code @ActivityScore}, {@code ActivityEvent}s and page views to the
 * {@link ActivityRankService} without ever failing the caller: errors of the service
 * (Redis down) are caught, counted in {@link #getCounters()} and logged.
 * <p>
 * {@link SyncActivityDispatcher} applies awards on the caller's thread;
 * {@link AsyncActivityDispatcher} queues them for background threads, keeping each user's
 * awards in order, and can keep failed ones for retry.
 * {@link ActivityDispatcherLifecycle} drains a dispatcher when the application stops.
 */
public interface ActivityDispatcher extends AutoCloseable {

	/**
	 * Dispatch awards now: queue them, or apply them on this thread. Never throws.
	 * @param events the awards
	 */
	void dispatch(List<ActivityEvent> events);

	/**
	 * Dispatch awards after the current transaction commits, or now when no transaction
	 * synchronization is active (or spring-tx is absent). On rollback the awards are
	 * forgotten.
	 * @param events the awards
	 */
	default void dispatchAfterCommit(List<ActivityEvent> events) {
		AfterCommit.dispatch(events, this);
	}

	/**
	 * The counters this dispatcher updates.
	 * @return the counters
	 */
	AwardDispatchCounters getCounters();

	/**
	 * Awards waiting in the queue right now.
	 * @return the queue's size; by default 0, for a dispatcher without a queue
	 */
	default int queueSize() {
		return 0;
	}

	/**
	 * Awards waiting in the retry buffer right now.
	 * @return the buffer's size; by default 0, for a dispatcher without a buffer
	 */
	default int retryBufferSize() {
		return 0;
	}

	/**
	 * Whether awards are queued for background threads (rather than applied on the
	 * caller's thread).
	 * @return {@code true} when they are queued; by default {@code false}
	 */
	default boolean isAsync() {
		return false;
	}

	/**
	 * Wait until every award dispatched so far has been answered or given up on,
	 * including those waiting in a retry buffer. Meant for tests and shutdown.
	 * @param timeout how long to wait at most
	 * @return {@code true} when nothing is pending
	 */
	boolean awaitIdle(Duration timeout);

	/**
	 * Stop: drain what is queued or buffered as far as the dispatcher's grace period
	 * allows, then count and log what is left; later awards are applied on the caller's
	 * thread. Calling it again does nothing. The default does nothing, for a dispatcher
	 * that holds no awards.
	 */
	@Override
	default void close() {
	}

}
