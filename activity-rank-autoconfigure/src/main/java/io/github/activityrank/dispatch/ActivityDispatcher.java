package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.engine.LogText;
import io.github.activityrank.engine.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.Assert;
import org.springframework.util.ClassUtils;

/**
 * Hands awards from {@code @ActivityScore}, {@code ActivityEvent}s and page views to the
 * {@link ActivityRankService} without ever failing or slowing the caller.
 * <p>
 * In async mode awards go to a bounded queue that daemon threads named
 * {@code activity-rank-N} drain in batches of up to {@link #MAX_BATCH} awards, each batch
 * one {@link ActivityRankService#applyAll(List)} call. The queue is split into one lane
 * per thread, and all awards of a user go to the same lane, so they are applied in the
 * order they were made, however many threads there are: a revoke never overtakes the
 * award it revokes. When the queue is full the {@link QueueFullPolicy} decides:
 * {@code CALLER_RUNS} makes the caller pay, it joins its user's lane beyond the capacity
 * and waits until its award has been applied, so it cannot overtake that user's queued
 * awards; {@code DROP} discards it. Both are counted, and the first occurrence is logged
 * as a warning. In sync mode awards are applied on the caller's thread. Errors of the
 * service (Redis down) are caught, counted and logged, and go to
 * {@link #onApplyFailure(List, RuntimeException)}.
 * <p>
 * In async mode with a positive retry capacity, a failed batch goes to a bounded retry
 * buffer that the daemon thread {@code activity-rank-retry} sends again in order, with
 * exponential backoff; re-sending is safe because awards and revokes are idempotent.
 * While awards wait there, workers append new batches behind them instead of calling the
 * service, so a later revoke never overtakes an earlier award. Sync mode keeps no buffer:
 * a failure is counted and the award is lost.
 */
public class ActivityDispatcher implements DisposableBean, SmartLifecycle {

	/**
	 * Lifecycle phase: stops after the web server (so in-flight requests still queue
	 * their awards) and before the Redis connection factory (phase 0), so the drain can
	 * still reach Redis.
	 */
	public static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 4096;

	private final java.util.concurrent.atomic.AtomicBoolean drained = new java.util.concurrent.atomic.AtomicBoolean();

	/**
	 * Most awards one worker sends in one {@link ActivityRankService#applyAll(List)}
	 * call.
	 */
	public static final int MAX_BATCH = 256;

	private static final Log logger = LogFactory.getLog(ActivityDispatcher.class);

	private static final boolean TX_PRESENT = ClassUtils.isPresent(
			"org.springframework.transaction.support.TransactionSynchronizationManager",
			ActivityDispatcher.class.getClassLoader());

	private static final AtomicInteger instances = new AtomicInteger();

	private final ActivityRankService service;

	private final AwardDispatchCounters counters;

	private final QueueFullPolicy queueFullPolicy;

	private final Duration shutdownGracePeriod;

	/**
	 * One lane per worker; a user's awards always take the same lane. Null in sync mode.
	 */
	private final List<BlockingQueue<Queued>> lanes;

	/**
	 * Room left in the queue, over all lanes together
	 * ({@code activity-rank.async.queue-capacity}).
	 */
	private final Semaphore room;

	private final List<Thread> workers = new ArrayList<>();

	/**
	 * Awards accepted but not yet answered or failed, for {@link #awaitIdle(Duration)}.
	 */
	private final AtomicLong pending = new AtomicLong();

	private final WarnOnce failureLog = new WarnOnce(logger,
			"further occurrences are logged at debug level and counted");

	private final WarnOnce queueFullLog = new WarnOnce(logger,
			"further occurrences are logged at debug level and counted");

	private volatile boolean running = true;

	/** Null in sync mode or with a retry capacity of 0. */
	private final RetryBuffer retry;

	/**
	 * Create a dispatcher that applies awards on the caller's thread.
	 * @param service the service that applies awards
	 * @param counters the counters to update
	 */
	public ActivityDispatcher(ActivityRankService service, AwardDispatchCounters counters) {
		this(service, counters, 0, 0, QueueFullPolicy.CALLER_RUNS, Duration.ZERO);
	}

	/**
	 * Create a dispatcher; with {@code threads > 0} its worker threads start at once.
	 * @param service the service that applies awards
	 * @param counters the counters to update
	 * @param threads worker threads; 0 applies awards on the caller's thread
	 * @param queueCapacity most awards waiting (ignored when {@code threads} is 0)
	 * @param queueFullPolicy what to do with an award that finds the queue full
	 * @param shutdownGracePeriod how long {@link #destroy()} waits for queued awards
	 */
	public ActivityDispatcher(ActivityRankService service, AwardDispatchCounters counters, int threads,
			int queueCapacity, QueueFullPolicy queueFullPolicy, Duration shutdownGracePeriod) {
		this(service, counters, threads, queueCapacity, queueFullPolicy, 0, Duration.ZERO, Duration.ZERO,
				shutdownGracePeriod);
	}

	/**
	 * Create a dispatcher with a retry buffer for batches that fail; with
	 * {@code threads > 0} its worker threads start at once.
	 * @param service the service that applies awards
	 * @param counters the counters to update
	 * @param threads worker threads; 0 applies awards on the caller's thread (and keeps
	 * no buffer)
	 * @param queueCapacity most awards waiting (ignored when {@code threads} is 0)
	 * @param queueFullPolicy what to do with an award that finds the queue full
	 * @param retryCapacity most failed awards kept for retry; 0 keeps none
	 * @param initialBackoff wait before the first retry, doubled after each failed retry
	 * @param maxBackoff longest wait between retries
	 * @param shutdownGracePeriod how long {@link #destroy()} waits for queued and
	 * buffered awards
	 */
	public ActivityDispatcher(ActivityRankService service, AwardDispatchCounters counters, int threads,
			int queueCapacity, QueueFullPolicy queueFullPolicy, int retryCapacity, Duration initialBackoff,
			Duration maxBackoff, Duration shutdownGracePeriod) {
		Assert.notNull(service, "ActivityRankService must not be null");
		Assert.notNull(counters, "AwardDispatchCounters must not be null");
		Assert.isTrue(threads >= 0, "threads must not be negative");
		Assert.isTrue(threads == 0 || queueCapacity > 0, "activity-rank.async.queue-capacity must be positive");
		this.service = service;
		this.counters = counters;
		this.queueFullPolicy = (queueFullPolicy != null) ? queueFullPolicy : QueueFullPolicy.CALLER_RUNS;
		this.shutdownGracePeriod = (shutdownGracePeriod != null) ? shutdownGracePeriod : Duration.ZERO;
		this.lanes = (threads > 0) ? new ArrayList<>(threads) : null;
		this.room = (threads > 0) ? new Semaphore(queueCapacity) : null;
		Assert.isTrue(retryCapacity >= 0, "activity-rank.retry.capacity must not be negative");
		int instance = instances.incrementAndGet();
		String suffix = (instance == 1) ? "" : "-" + instance;
		this.retry = (threads > 0 && retryCapacity > 0)
				? new RetryBuffer(retryCapacity, (initialBackoff != null) ? initialBackoff : Duration.ofMillis(200),
						(maxBackoff != null) ? maxBackoff : Duration.ofSeconds(5), this::send, counters,
						"activity-rank-retry" + suffix)
				: null;
		for (int i = 1; i <= threads; i++) {
			BlockingQueue<Queued> lane = new LinkedBlockingQueue<>();
			this.lanes.add(lane);
			// "activity-rank-N" as documented; a second context in the same JVM gets its
			// own suffix
			String name = (instance == 1) ? "activity-rank-" + i : "activity-rank-" + instance + "-" + i;
			Thread worker = new Thread(() -> drain(lane), name);
			worker.setDaemon(true);
			this.workers.add(worker);
			worker.start();
		}
	}

	/**
	 * Whether awards are queued for worker threads (rather than applied on the caller's
	 * thread).
	 * @return {@code true} in async mode
	 */
	public boolean isAsync() {
		return this.lanes != null;
	}

	/**
	 * Awards waiting in the queue right now.
	 * @return the queue's size, 0 in sync mode
	 */
	public int queueSize() {
		if (this.lanes == null) {
			return 0;
		}
		int size = 0;
		for (BlockingQueue<Queued> lane : this.lanes) {
			size += lane.size();
		}
		return size;
	}

	/**
	 * Awards waiting in the retry buffer right now.
	 * @return the buffer's size, 0 without a buffer
	 */
	public int retryBufferSize() {
		return (this.retry != null) ? this.retry.size() : 0;
	}

	/**
	 * The counters this dispatcher updates.
	 * @return the counters
	 */
	public AwardDispatchCounters getCounters() {
		return this.counters;
	}

	/**
	 * Dispatch awards after the current transaction commits, or now when no transaction
	 * synchronization is active. On rollback the awards are forgotten.
	 * @param events the awards
	 */
	public void dispatchAfterCommit(List<ActivityEvent> events) {
		if (events.isEmpty()) {
			return;
		}
		if (TX_PRESENT && AfterCommit.register(this, events)) {
			return;
		}
		dispatch(events);
	}

	/**
	 * Dispatch awards now: queue them, or apply them on this thread in sync mode. Never
	 * throws.
	 * @param events the awards
	 */
	public void dispatch(List<ActivityEvent> events) {
		if (events.isEmpty()) {
			return;
		}
		if (this.lanes == null || !this.running) {
			applyOnCallerThread(events);
			return;
		}
		for (ActivityEvent event : events) {
			BlockingQueue<Queued> lane = this.lanes.get(lane(event.userId(), this.lanes.size()));
			this.pending.incrementAndGet();
			if (this.room.tryAcquire()) {
				lane.add(new Queued(event, null));
				this.counters.queued(1);
			}
			else {
				this.pending.decrementAndGet();
				queueFull(event, lane);
			}
		}
	}

	private void queueFull(ActivityEvent event, BlockingQueue<Queued> lane) {
		if (this.queueFullPolicy == QueueFullPolicy.DROP) {
			this.counters.dropped(1);
			this.queueFullLog.log("activity-rank queue is full (activity-rank.async.queue-capacity); dropped "
					+ LogText.of(event) + " as activity-rank.async.on-queue-full=drop says", null);
		}
		else if (this.workers.contains(Thread.currentThread())) {
			// a worker never waits for its own lane
			this.counters.callerRuns(1);
			applyOnCallerThread(List.of(event));
		}
		else {
			this.counters.callerRuns(1);
			this.queueFullLog.log(
					"activity-rank queue is full (activity-rank.async.queue-capacity); the caller waits" + " until "
							+ LogText.of(event) + " is applied as activity-rank.async.on-queue-full=caller-runs says",
					null);
			waitBehind(event, lane);
		}
	}

	/**
	 * Queue the award beyond the capacity, behind the user's queued awards, and wait
	 * until a worker has applied it: applying it here at once could overtake them (a
	 * revoke before its award).
	 */
	private void waitBehind(ActivityEvent event, BlockingQueue<Queued> lane) {
		Queued queued = new Queued(event, new CountDownLatch(1));
		this.pending.incrementAndGet();
		lane.add(queued);
		this.counters.queued(1);
		try {
			queued.applied.await();
		}
		catch (InterruptedException ex) {
			// stop waiting; the award stays queued and is still applied
			Thread.currentThread().interrupt();
		}
	}

	private void applyOnCallerThread(List<ActivityEvent> events) {
		this.pending.addAndGet(events.size());
		try {
			deliver(events);
		}
		finally {
			this.pending.addAndGet(-events.size());
		}
	}

	/**
	 * The lane of a user's awards: always the same one, so that one worker applies them
	 * in order.
	 * @param userId the user, {@code null} for an invalid award
	 * @param lanes how many lanes there are
	 * @return the lane's index
	 */
	static int lane(String userId, int lanes) {
		if (userId == null) {
			return 0;
		}
		int hash = userId.hashCode();
		return Math.floorMod(hash ^ (hash >>> 16), lanes);
	}

	private void drain(BlockingQueue<Queued> lane) {
		List<Queued> taken = new ArrayList<>(MAX_BATCH);
		List<ActivityEvent> batch = new ArrayList<>(MAX_BATCH);
		while (this.running || !lane.isEmpty()) {
			try {
				Queued first = lane.poll(100, TimeUnit.MILLISECONDS);
				if (first == null) {
					continue;
				}
				taken.add(first);
				lane.drainTo(taken, MAX_BATCH - 1);
				for (Queued queued : taken) {
					batch.add(queued.event);
				}
				this.room.release(Queued.withinCapacity(taken));
				try {
					deliver(batch);
				}
				finally {
					this.pending.addAndGet(-batch.size());
					Queued.release(taken);
					taken.clear();
					batch.clear();
				}
			}
			catch (InterruptedException ex) {
				// destroy() interrupts only after the grace period: stop without draining
				// further
				return;
			}
			catch (Throwable ex) {
				// never let a worker die; apply() already handles the service's own
				// errors
				logger.error("Unexpected error in activity-rank worker", ex);
			}
		}
	}

	/** Apply, unless older awards wait in the retry buffer: then queue up behind them. */
	private void deliver(List<ActivityEvent> events) {
		if (this.retry != null && this.retry.addIfWaiting(events)) {
			return;
		}
		apply(events);
	}

	private void apply(List<ActivityEvent> events) {
		List<ActivityEvent> copy = List.copyOf(events);
		RuntimeException failure = trySend(copy);
		if (failure != null) {
			onApplyFailure(copy, failure);
		}
	}

	/** For the retry thread: {@code false} when the service threw. */
	private boolean send(List<ActivityEvent> events) {
		RuntimeException failure = trySend(events);
		if (failure != null && logger.isDebugEnabled()) {
			logger.debug("activity-rank retry failed: " + failure);
		}
		return failure == null;
	}

	private RuntimeException trySend(List<ActivityEvent> events) {
		List<AwardResult> results;
		try {
			results = this.service.applyAll(events);
		}
		catch (RuntimeException ex) {
			return ex;
		}
		long rejected = 0;
		for (int i = 0; i < results.size(); i++) {
			AwardResult result = results.get(i);
			if (result != null && result.outcome() == AwardResult.Outcome.REJECTED) {
				rejected++;
				if (logger.isDebugEnabled()) {
					logger.debug("activity-rank rejected " + LogText.of(events.get(i)) + ": " + result.reason());
				}
			}
		}
		this.counters.rejected(rejected);
		this.counters.applied(results.size() - rejected);
		return null;
	}

	/**
	 * Called when the service threw while applying a batch, typically because Redis did
	 * not answer. Logs (warn once, then debug), then keeps the awards in the retry buffer
	 * when there is one, or counts them as failed.
	 * @param events the awards of the batch, none of which is known to have been applied
	 * @param ex what the service threw
	 */
	protected void onApplyFailure(List<ActivityEvent> events, RuntimeException ex) {
		// only an unreachable or slow Redis is worth waiting for; any other error would
		// fail again
		// on every retry and hold back every award queued behind it
		if (this.retry != null && isTransient(ex) && this.retry.add(events)) {
			this.failureLog
				.log("activity-rank could not apply " + events.size() + " award(s), keeping them for retry: " + ex, ex);
			return;
		}
		this.counters.failed(events.size());
		this.failureLog.log("activity-rank could not apply " + events.size() + " award(s): " + ex, ex);
	}

	private static final java.util.Set<String> TRANSIENT_FAILURES = java.util.Set.of(
			"org.springframework.dao.TransientDataAccessException",
			"org.springframework.dao.DataAccessResourceFailureException", "io.lettuce.core.RedisConnectionException",
			"io.lettuce.core.RedisCommandTimeoutException",
			// a server still loading its data, busy with a long script, or a replica
			// during failover
			"io.lettuce.core.RedisLoadingException", "io.lettuce.core.RedisBusyException",
			"io.lettuce.core.RedisReadOnlyException", "java.io.IOException", "java.util.concurrent.TimeoutException");

	/**
	 * Whether the failure, or one of its causes, says Redis could not be reached in time.
	 */
	static boolean isTransient(Throwable ex) {
		for (Throwable t = ex; t != null; t = (t.getCause() != t) ? t.getCause() : null) {
			for (Class<?> type = t.getClass(); type != null; type = type.getSuperclass()) {
				if (TRANSIENT_FAILURES.contains(type.getName())) {
					return true;
				}
			}
			if (isClosedConnection(t)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Lettuce fails the commands in flight on a connection the server closed with a plain
	 * {@code RedisException("Connection closed")}, which Spring translates to a
	 * non-transient exception; the server going away is exactly what the retry buffer is
	 * for.
	 */
	private static boolean isClosedConnection(Throwable t) {
		String message = t.getMessage();
		return t.getClass().getName().equals("io.lettuce.core.RedisException") && message != null
				&& (message.startsWith("Connection closed") || message.startsWith("Connection reset"));
	}

	/**
	 * Wait until every award dispatched so far has been answered or given up on,
	 * including those waiting in the retry buffer. Meant for tests and shutdown.
	 * @param timeout how long to wait at most
	 * @return {@code true} when nothing is pending
	 */
	public boolean awaitIdle(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (this.pending.get() > 0 || retryBufferSize() > 0) {
			if (System.nanoTime() - deadline > 0) {
				return false;
			}
			try {
				Thread.sleep(5);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
		}
		return true;
	}

	/**
	 * Stop accepting queued awards (later ones run on the caller's thread), let the
	 * workers drain the queue and the retry thread the retry buffer for up to the
	 * shutdown grace period, then count what is left as dropped and log its count.
	 */
	@Override
	public void start() {
		// workers start with the bean; the lifecycle only matters for an ordered stop
	}

	@Override
	public boolean isRunning() {
		return !this.drained.get();
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

	@Override
	public void stop() {
		shutDown();
	}

	@Override
	public void destroy() {
		shutDown();
	}

	private void shutDown() {
		if (!this.drained.compareAndSet(false, true)) {
			return;
		}
		this.running = false;
		long deadline = System.nanoTime() + this.shutdownGracePeriod.toNanos();
		for (Thread worker : this.workers) {
			long remaining = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
			try {
				if (remaining > 0) {
					worker.join(remaining);
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		if (this.retry != null) {
			this.retry.awaitEmpty(deadline);
		}
		for (Thread worker : this.workers) {
			worker.interrupt();
		}
		int left = (this.retry != null) ? this.retry.close() : 0;
		List<Queued> queued = new ArrayList<>();
		if (this.lanes != null) {
			for (BlockingQueue<Queued> lane : this.lanes) {
				lane.drainTo(queued);
			}
			this.room.release(Queued.withinCapacity(queued));
			Queued.release(queued);
		}
		if (!queued.isEmpty()) {
			this.pending.addAndGet(-queued.size());
			this.counters.dropped(queued.size());
			logger.warn("activity-rank shut down with " + queued.size()
					+ " award(s) still queued after activity-rank.retry.shutdown-grace-period; they were dropped");
		}
		// what is still pending is with a worker blocked on Redis: its batch fails later
		// and counts as failed
		long inFlight = Math.max(0, this.pending.get());
		if (left > 0 || (this.retry != null && inFlight > 0)) {
			logger.warn("activity-rank shut down with " + left + " award(s) still waiting for retry and " + inFlight
					+ " still in flight to Redis after activity-rank.retry.shutdown-grace-period ("
					+ this.shutdownGracePeriod.toMillis() + " ms); those waiting were dropped, those in flight"
					+ " count as failed unless Redis answers");
		}
	}

	/**
	 * An award in a lane; one queued beyond the capacity by a waiting caller carries the
	 * latch it waits on.
	 */
	private static final class Queued {

		final ActivityEvent event;

		/**
		 * Null for an award within the capacity, which holds a permit of {@code room}.
		 */
		final CountDownLatch applied;

		Queued(ActivityEvent event, CountDownLatch applied) {
			this.event = event;
			this.applied = applied;
		}

		static int withinCapacity(List<Queued> queued) {
			int n = 0;
			for (Queued q : queued) {
				if (q.applied == null) {
					n++;
				}
			}
			return n;
		}

		/**
		 * Let the waiting callers of these awards go: applied, kept for retry, or
		 * dropped.
		 */
		static void release(List<Queued> queued) {
			for (Queued q : queued) {
				if (q.applied != null) {
					q.applied.countDown();
				}
			}
		}

	}

	/** Kept apart so that spring-tx stays optional. */
	private static final class AfterCommit {

		static boolean register(ActivityDispatcher dispatcher, List<ActivityEvent> events) {
			if (!TransactionSynchronizationManager.isSynchronizationActive()) {
				return false;
			}
			List<ActivityEvent> copy = List.copyOf(events);
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
				@Override
				public void afterCommit() {
					dispatcher.dispatch(copy);
				}
			});
			return true;
		}

	}

}
