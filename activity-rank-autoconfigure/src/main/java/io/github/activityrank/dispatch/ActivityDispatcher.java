package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.engine.AwardPath;
import io.github.activityrank.support.NonBlockingThreads;

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
	 * Dispatch awards of {@code @ActivityScore} methods now:
	 * {@link #dispatch(List, AwardPath)} on {@link AwardPath#ANNOTATED}. Implementations
	 * override the form with the path.
	 * @param events the awards
	 */
	default void dispatch(List<ActivityEvent> events) {
		dispatch(events, AwardPath.ANNOTATED);
	}

	/**
	 * Dispatch awards made on the given path, which their observations report, now: queue
	 * them, or apply them on this thread. Never throws.
	 * @param events the awards
	 * @param path how they were made
	 */
	void dispatch(List<ActivityEvent> events, AwardPath path);

	/**
	 * Dispatch awards of {@code @ActivityScore} methods after the current transaction
	 * commits: {@link #dispatchAfterCommit(List, AwardPath)} on
	 * {@link AwardPath#ANNOTATED}. Implementations override the form with the path.
	 * @param events the awards
	 */
	default void dispatchAfterCommit(List<ActivityEvent> events) {
		dispatchAfterCommit(events, AwardPath.ANNOTATED);
	}

	/**
	 * Dispatch awards made on the given path after the current transaction commits, or
	 * now when no transaction synchronization is active (or spring-tx is absent). On
	 * rollback the awards are forgotten.
	 * @param events the awards
	 * @param path how they were made
	 */
	default void dispatchAfterCommit(List<ActivityEvent> events, AwardPath path) {
		AfterCommit.dispatch(events, path, this);
	}

	/**
	 * Dispatch after commit, as {@link #dispatchAfterCommit(List)}, without ever blocking
	 * a thread that must not block: when this dispatcher {@linkplain #mayBlockCaller()
	 * may block} and the current thread is a Netty event loop or another non-blocking
	 * thread of Reactor's, the awards are dispatched from a thread that may block
	 * (Reactor's bounded elastic scheduler) and are {@linkplain #hold() pending}
	 * meanwhile.
	 * @param events the awards
	 */
	default void dispatchWithoutBlocking(List<ActivityEvent> events) {
		dispatchWithoutBlocking(events, AwardPath.ANNOTATED);
	}

	/**
	 * Dispatch awards made on the given path without ever blocking a thread that must not
	 * block, as {@link #dispatchWithoutBlocking(List)} does.
	 * @param events the awards
	 * @param path how they were made
	 */
	default void dispatchWithoutBlocking(List<ActivityEvent> events, AwardPath path) {
		if (events.isEmpty()) {
			return;
		}
		if (!mayBlockCaller() || !NonBlockingThreads.isCurrent()) {
			dispatchAfterCommit(events, path);
			return;
		}
		List<ActivityEvent> copy = List.copyOf(events);
		Runnable release = hold();
		NonBlockingThreads.runElsewhere(() -> {
			try {
				dispatch(copy, path);
			}
			finally {
				release.run();
			}
		});
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
	 * Count an award that waits for its method's work (a {@code CompletionStage}
	 * returned, a {@code Mono} or {@code Flux} subscribed) as pending from now, so that
	 * {@link #awaitIdle(Duration)} waits for it, until the returned release runs. The
	 * caller dispatches the award (or decides not to) before it runs the release, so the
	 * award is never out of sight in between.
	 * @return the release; running it again does nothing. By default nothing is counted,
	 * for a dispatcher without {@link #awaitIdle(Duration)} of its own
	 */
	default Runnable hold() {
		return () -> {
		};
	}

	/**
	 * Whether {@link #dispatch(List)} may block the calling thread (it applies awards on
	 * that thread or writes them to a database there). Awards made on a thread that must
	 * not block, such as a Netty event loop, are then handed to another thread.
	 * @return by default {@code true} unless {@link #isAsync()}
	 */
	default boolean mayBlockCaller() {
		return !isAsync();
	}

	/**
	 * Wait until every award dispatched so far has been answered or given up on,
	 * including those waiting in a retry buffer and those {@linkplain #hold() held} for
	 * their method's completion. Meant for tests and shutdown.
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
