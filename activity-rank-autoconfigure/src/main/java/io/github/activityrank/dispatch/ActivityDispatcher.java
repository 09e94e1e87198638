package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.autoconfigure.ActivityRankProperties.QueueFullPolicy;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.Assert;
import org.springframework.util.ClassUtils;

/**
 * Hands awards from {@code @ActivityScore}, {@code ActivityEvent}s and page views to the
 * {@link ActivityRankService} without ever failing or slowing the caller.
 * <p>
 * In async mode awards go to a bounded queue that daemon threads named {@code activity-rank-N}
 * drain in batches of up to {@link #MAX_BATCH} awards, each batch one
 * {@link ActivityRankService#applyAll(List)} call. When the queue is full the
 * {@link QueueFullPolicy} decides: {@code CALLER_RUNS} applies the award on the caller's thread,
 * {@code DROP} discards it; both are counted, and the first occurrence is logged as a warning. In
 * sync mode awards are applied on the caller's thread. Errors of the service (Redis down) are caught,
 * counted and logged, and go to {@link #onApplyFailure(List, RuntimeException)}.
 */
public class ActivityDispatcher implements DisposableBean {

	/** Most awards one worker sends in one {@link ActivityRankService#applyAll(List)} call. */
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

	private final BlockingQueue<ActivityEvent> queue;

	private final List<Thread> workers = new ArrayList<>();

	/** Awards accepted but not yet answered or failed, for {@link #awaitIdle(Duration)}. */
	private final AtomicLong pending = new AtomicLong();

	private final WarnOnce failureLog = new WarnOnce(logger);

	private final WarnOnce queueFullLog = new WarnOnce(logger);

	private volatile boolean running = true;

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
		Assert.notNull(service, "ActivityRankService must not be null");
		Assert.notNull(counters, "AwardDispatchCounters must not be null");
		Assert.isTrue(threads >= 0, "threads must not be negative");
		Assert.isTrue(threads == 0 || queueCapacity > 0, "activity-rank.async.queue-capacity must be positive");
		this.service = service;
		this.counters = counters;
		this.queueFullPolicy = (queueFullPolicy != null) ? queueFullPolicy : QueueFullPolicy.CALLER_RUNS;
		this.shutdownGracePeriod = (shutdownGracePeriod != null) ? shutdownGracePeriod : Duration.ZERO;
		this.queue = (threads > 0) ? new ArrayBlockingQueue<>(queueCapacity) : null;
		int instance = instances.incrementAndGet();
		for (int i = 1; i <= threads; i++) {
			// "activity-rank-N" as documented; a second context in the same JVM gets its own suffix
			String name = (instance == 1) ? "activity-rank-" + i : "activity-rank-" + instance + "-" + i;
			Thread worker = new Thread(this::drain, name);
			worker.setDaemon(true);
			this.workers.add(worker);
			worker.start();
		}
	}

	/**
	 * Whether awards are queued for worker threads (rather than applied on the caller's thread).
	 * @return {@code true} in async mode
	 */
	public boolean isAsync() {
		return this.queue != null;
	}

	/**
	 * Awards waiting in the queue right now.
	 * @return the queue's size, 0 in sync mode
	 */
	public int queueSize() {
		return (this.queue != null) ? this.queue.size() : 0;
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
	 * Dispatch awards now: queue them, or apply them on this thread in sync mode. Never throws.
	 * @param events the awards
	 */
	public void dispatch(List<ActivityEvent> events) {
		if (events.isEmpty()) {
			return;
		}
		if (this.queue == null || !this.running) {
			applyOnCallerThread(events);
			return;
		}
		for (ActivityEvent event : events) {
			this.pending.incrementAndGet();
			if (this.queue.offer(event)) {
				this.counters.queued(1);
			}
			else {
				this.pending.decrementAndGet();
				queueFull(event);
			}
		}
	}

	private void queueFull(ActivityEvent event) {
		if (this.queueFullPolicy == QueueFullPolicy.DROP) {
			this.counters.dropped(1);
			this.queueFullLog.log("activity-rank queue is full (activity-rank.async.queue-capacity); dropped " + event
					+ " as activity-rank.async.on-queue-full=drop says", null);
		}
		else {
			this.counters.callerRuns(1);
			this.queueFullLog.log("activity-rank queue is full (activity-rank.async.queue-capacity); applying " + event
					+ " on the caller's thread as activity-rank.async.on-queue-full=caller-runs says", null);
			applyOnCallerThread(List.of(event));
		}
	}

	private void applyOnCallerThread(List<ActivityEvent> events) {
		this.pending.addAndGet(events.size());
		try {
			apply(events);
		}
		finally {
			this.pending.addAndGet(-events.size());
		}
	}

	private void drain() {
		List<ActivityEvent> batch = new ArrayList<>(MAX_BATCH);
		while (this.running || !this.queue.isEmpty()) {
			try {
				ActivityEvent first = this.queue.poll(100, TimeUnit.MILLISECONDS);
				if (first == null) {
					continue;
				}
				batch.add(first);
				this.queue.drainTo(batch, MAX_BATCH - 1);
				try {
					apply(batch);
				}
				finally {
					this.pending.addAndGet(-batch.size());
					batch.clear();
				}
			}
			catch (InterruptedException ex) {
				// destroy() interrupts only after the grace period: stop without draining further
				return;
			}
			catch (Throwable ex) {
				// never let a worker die; apply() already handles the service's own errors
				logger.error("Unexpected error in activity-rank worker", ex);
			}
		}
	}

	private void apply(List<ActivityEvent> events) {
		List<AwardResult> results;
		try {
			results = this.service.applyAll(List.copyOf(events));
		}
		catch (RuntimeException ex) {
			onApplyFailure(List.copyOf(events), ex);
			return;
		}
		long rejected = 0;
		for (int i = 0; i < results.size(); i++) {
			AwardResult result = results.get(i);
			if (result != null && result.outcome() == AwardResult.Outcome.REJECTED) {
				rejected++;
				if (logger.isDebugEnabled()) {
					logger.debug("activity-rank rejected " + events.get(i) + ": " + result.reason());
				}
			}
		}
		this.counters.rejected(rejected);
		this.counters.applied(results.size() - rejected);
	}

	/**
	 * Called when the service threw while applying a batch, typically because Redis did not answer.
	 * Counts the awards as failed and logs (warn once, then debug). A retry buffer overrides this to
	 * keep the awards and apply them again later.
	 * @param events the awards of the batch, none of which is known to have been applied
	 * @param ex what the service threw
	 */
	protected void onApplyFailure(List<ActivityEvent> events, RuntimeException ex) {
		this.counters.failed(events.size());
		this.failureLog.log("activity-rank could not apply " + events.size() + " award(s): " + ex, ex);
	}

	/**
	 * Wait until every award dispatched so far has been answered or has failed. Meant for tests and
	 * shutdown.
	 * @param timeout how long to wait at most
	 * @return {@code true} when nothing is pending
	 */
	public boolean awaitIdle(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (this.pending.get() > 0) {
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
	 * Stop accepting queued awards (later ones run on the caller's thread), let the workers drain the
	 * queue for up to the shutdown grace period, then count what is left as dropped.
	 */
	@Override
	public void destroy() {
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
			worker.interrupt();
		}
		if (this.queue != null && !this.queue.isEmpty()) {
			List<ActivityEvent> left = new ArrayList<>();
			this.queue.drainTo(left);
			this.pending.addAndGet(-left.size());
			this.counters.dropped(left.size());
			logger.warn("activity-rank shut down with " + left.size()
					+ " award(s) still queued after activity-rank.retry.shutdown-grace-period; they were dropped");
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
