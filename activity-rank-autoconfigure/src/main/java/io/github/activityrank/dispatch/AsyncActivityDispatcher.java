package io.github.activityrank.dispatch;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.engine.ActivityObservations;
import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.engine.AwardPath;
import io.github.activityrank.engine.ObservationsAware;
import io.github.activityrank.engine.TransientFailurePolicy;
import io.github.activityrank.support.LogText;
import io.github.activityrank.support.NonBlockingThreads;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Queues awards for daemon threads named {@code activity-rank-N}, which apply them in
 * batches of up to {@link ActivityStore#MAX_BATCH} awards, each batch one
 * {@link ActivityRankService#applyAll(List)} call.
 * <p>
 * The queue is split into one {@link DispatchLane} per thread, and all awards of a user
 * go to the same lane, so they are applied in the order they were made, however many
 * threads there are: a revoke never overtakes the award it revokes. When the queue is
 * full the {@link QueueFullPolicy} decides: {@code CALLER_RUNS} makes the caller pay, it
 * joins its user's lane beyond the capacity and waits until its award has been handled,
 * so it cannot overtake that user's queued awards (a worker, which must never wait on the
 * lanes it drains, applies the award on its own thread instead); {@code DROP} discards
 * it. Both are counted, and the first occurrence is logged as a warning.
 * <p>
 * With a positive retry capacity, a batch that fails with a transient failure goes to a
 * bounded retry buffer that the daemon thread {@code activity-rank-retry} sends again in
 * order, with exponential backoff; re-sending is safe because awards and revokes are
 * idempotent. While awards wait there, workers append new batches behind them instead of
 * calling the service, so a later revoke never overtakes an earlier award. Other failures
 * are counted as failed and go to {@link #onApplyFailure(List, RuntimeException)}.
 * <p>
 * Worker threads start with the constructor; {@link #close()} drains them.
 */
public class AsyncActivityDispatcher implements ActivityDispatcher, ObservationsAware {

	/** One log category for the whole dispatch path. */
	private static final Log logger = LogFactory.getLog(ActivityDispatcher.class);

	private static final AtomicInteger instances = new AtomicInteger();

	private final AwardDispatchCounters counters;

	private final AwardApplier applier;

	private final QueueFullPolicy queueFullPolicy;

	private final TransientFailurePolicy transientFailures;

	private final Duration shutdownGracePeriod;

	/** A caller under CALLER_RUNS waits this long at most, even when Redis hangs. */
	private final Duration callerRunsTimeout;

	/** Stamps each award when it is made. */
	private final Clock clock;

	/** A user's awards always take the same lane; each lane holds its share at most. */
	private final DispatchLanes lanes;

	/** Null with a retry capacity of 0. */
	private final RetryBuffer retry;

	private final PendingAwards pending = new PendingAwards();

	private final WarnOnce queueFullLog = new WarnOnce(logger,
			"further occurrences are logged at debug level and counted");

	private final AtomicBoolean closed = new AtomicBoolean();

	private volatile ActivityObservations observations = ActivityObservations.NONE;

	/**
	 * Create a dispatcher without a retry buffer and start its worker threads.
	 * @param service the service that applies awards
	 * @param counters the counters to update
	 * @param threads worker threads, one lane each; at least 1
	 * @param queueCapacity most awards waiting over all lanes; at least 1
	 * @param queueFullPolicy what to do with an award that finds the queue full
	 * @param shutdownGracePeriod how long {@link #close()} waits for queued awards
	 */
	public AsyncActivityDispatcher(ActivityRankService service, AwardDispatchCounters counters, int threads,
			int queueCapacity, QueueFullPolicy queueFullPolicy, Duration shutdownGracePeriod) {
		this(service, counters, threads, queueCapacity, queueFullPolicy, null, shutdownGracePeriod);
	}

	/**
	 * Create a dispatcher as the full constructor does, whose callers wait at most 5
	 * seconds under {@code CALLER_RUNS}, with the system clock.
	 * @param service the service that applies awards
	 * @param counters the counters to update
	 * @param threads worker threads, one lane each; at least 1
	 * @param queueCapacity most awards waiting over all lanes; at least 1
	 * @param queueFullPolicy what to do with an award that finds the queue full
	 * @param retry how failed batches are kept and sent again, or {@code null}
	 * @param shutdownGracePeriod how long {@link #close()} waits for awards
	 */
	public AsyncActivityDispatcher(ActivityRankService service, AwardDispatchCounters counters, int threads,
			int queueCapacity, QueueFullPolicy queueFullPolicy, RetrySettings retry, Duration shutdownGracePeriod) {
		this(service, counters, threads, queueCapacity, queueFullPolicy, retry, shutdownGracePeriod,
				Duration.ofSeconds(5), Clock.systemUTC());
	}

	/**
	 * Create a dispatcher and start its worker threads, and its retry thread when
	 * {@code retry} has a positive capacity.
	 * @param service the service that applies awards
	 * @param counters the counters to update
	 * @param threads worker threads, one lane each; at least 1
	 * @param queueCapacity most awards waiting over all lanes; at least 1
	 * @param queueFullPolicy what to do with an award that finds the queue full
	 * @param retry how failed batches are kept and sent again, {@code null} for not at
	 * all
	 * @param shutdownGracePeriod how long {@link #close()} waits for queued and buffered
	 * awards
	 * @param callerRunsTimeout longest time a caller waits for its award under
	 * {@code CALLER_RUNS}; then it goes on and the award keeps its place in the queue
	 * @param clock the application's clock, which stamps each award when it is
	 * dispatched: it is applied on the day and in the challenges of that instant, however
	 * long it waits
	 */
	public AsyncActivityDispatcher(ActivityRankService service, AwardDispatchCounters counters, int threads,
			int queueCapacity, QueueFullPolicy queueFullPolicy, RetrySettings retry, Duration shutdownGracePeriod,
			Duration callerRunsTimeout, Clock clock) {
		Objects.requireNonNull(service, "service must not be null");
		this.clock = Objects.requireNonNull(clock, "clock must not be null");
		this.callerRunsTimeout = Objects.requireNonNull(callerRunsTimeout, "callerRunsTimeout must not be null");
		this.counters = Objects.requireNonNull(counters, "counters must not be null");
		this.applier = new AwardApplier(service, counters, (retry != null) ? retry.transientFailures() : null);
		this.queueFullPolicy = queueFullPolicy;
		this.shutdownGracePeriod = shutdownGracePeriod;
		int instance = instances.incrementAndGet();
		// "activity-rank-N" as documented; another dispatcher in the JVM gets an infix
		String prefix = (instance == 1) ? "activity-rank-" : "activity-rank-" + instance + "-";
		boolean retrying = retry != null && retry.capacity() > 0;
		// null: no policy to tell a failure that waiting cures from one that never ends
		this.transientFailures = (retry != null)
				? Objects.requireNonNull(retry.transientFailures(), "transientFailures must not be null") : null;
		this.retry = retrying ? new RetryBuffer(retry.capacity(), retry.initialBackoff(), retry.maxBackoff(),
				(batch) -> this.applier.resend(batch, this.transientFailures, this.closed::get), counters,
				"activity-rank-retry" + ((instance == 1) ? "" : "-" + instance)) : null;
		this.lanes = new DispatchLanes(prefix, threads, queueCapacity, this::handle);
		this.lanes.start();
	}

	// each award is observed from its dispatch until the worker that applies it answers
	@Override
	public void setObservations(ActivityObservations observations) {
		this.observations = (observations != null) ? observations : ActivityObservations.NONE;
	}

	@Override
	public boolean isAsync() {
		return true;
	}

	@Override
	public int queueSize() {
		return this.lanes.size();
	}

	@Override
	public int retryBufferSize() {
		return (this.retry != null) ? this.retry.size() : 0;
	}

	@Override
	public AwardDispatchCounters getCounters() {
		return this.counters;
	}

	/**
	 * Queue the awards, each in its user's lane. An award whose id or field
	 * {@link AwardRefusals} refuses is never queued: the service answers it on this
	 * thread ({@code REJECTED}, logged and counted, nothing stored). Once a lane's worker
	 * ended after {@link #close()}, its users' awards are applied on this thread. Never
	 * throws.
	 * @param events the awards
	 * @param path how they were made
	 */
	@Override
	public void dispatch(List<ActivityEvent> events, AwardPath path) {
		if (events.isEmpty()) {
			return;
		}
		Instant at = this.clock.instant();
		ActivityObservations observations = this.observations;
		List<TimedAward> here = null;
		for (ActivityEvent made : events) {
			// started here, on the caller's thread, so its parent is the caller's
			// observation; the worker that answers it ends it
			TimedAward event = new TimedAward(made, at, observations.award(made, path));
			DispatchLanes.Offer offer = AwardRefusals.refuses(made) ? DispatchLanes.Offer.CLOSED : queue(event);
			if (offer == DispatchLanes.Offer.FULL) {
				offer = queueFull(event);
			}
			if (offer == DispatchLanes.Offer.CLOSED) {
				// in order: a lane closes for good, so its user's later awards land here
				// too
				here = (here != null) ? here : new ArrayList<>();
				here.add(event);
			}
		}
		if (here != null) {
			applyHere(here);
		}
	}

	private DispatchLanes.Offer queue(TimedAward event) {
		// counted before a worker can see it, so awaitIdle never reads 0 while it waits
		this.pending.add(1);
		DispatchLanes.Offer offer = this.lanes.offer(event);
		if (offer == DispatchLanes.Offer.QUEUED) {
			this.counters.add(DispatchCounter.QUEUED, 1);
		}
		else {
			this.pending.remove(1);
		}
		return offer;
	}

	/**
	 * The queue-full policy: QUEUED when the award was handled or queued, else CLOSED.
	 */
	private DispatchLanes.Offer queueFull(TimedAward event) {
		if (this.queueFullPolicy == QueueFullPolicy.DROP) {
			this.counters.add(DispatchCounter.DROPPED, 1);
			event.observation().dropped();
			this.queueFullLog.log("activity-rank queue is full (activity-rank.async.queue-capacity); dropped "
					+ LogText.of(event.event()) + " as activity-rank.async.on-queue-full=drop says", null);
			return DispatchLanes.Offer.QUEUED;
		}
		this.counters.add(DispatchCounter.CALLER_RUNS, 1);
		if (this.lanes.isWorker(Thread.currentThread())) {
			// a worker never waits on the lanes it drains
			applyHere(List.of(event));
			return DispatchLanes.Offer.QUEUED;
		}
		// an event loop that waited would stall every request it serves
		boolean mayWait = !NonBlockingThreads.isCurrent();
		String what = mayWait ? "the caller waits until " + LogText.of(event.event()) + " is applied"
				: LogText.of(event.event()) + " is queued beyond the capacity (a non-blocking thread never waits)";
		this.queueFullLog.log("activity-rank queue is full (activity-rank.async.queue-capacity); " + what
				+ " as activity-rank.async.on-queue-full=caller-runs says", null);
		return waitBehind(event, mayWait);
	}

	// queued beyond the capacity behind the user's awards, then (if it may) the caller
	// waits for a worker: applying it here could overtake them (a revoke before its
	// award)
	private DispatchLanes.Offer waitBehind(TimedAward event, boolean mayWait) {
		QueuedAward queued = QueuedAward.awaited(event);
		this.pending.add(1);
		if (!this.lanes.laneOf(event.event().userId()).offer(queued)) {
			this.pending.remove(1);
			return DispatchLanes.Offer.CLOSED;
		}
		this.counters.add(DispatchCounter.QUEUED, 1);
		if (!mayWait) {
			return DispatchLanes.Offer.QUEUED;
		}
		try {
			if (!queued.awaitHandled(this.callerRunsTimeout)) {
				// Redis hangs: the caller goes on, the award keeps its place in order
				this.queueFullLog.log("activity-rank: a caller waited activity-rank.async.caller-runs-timeout ("
						+ this.callerRunsTimeout.toMillis() + " ms) for its award and went on; the award stays queued",
						null);
			}
		}
		catch (InterruptedException ex) {
			// stop waiting; the award stays queued and is still applied
			Thread.currentThread().interrupt();
		}
		return DispatchLanes.Offer.QUEUED;
	}

	private void applyHere(List<TimedAward> events) {
		this.pending.add(events.size());
		try {
			deliver(events);
		}
		finally {
			this.pending.remove(events.size());
		}
	}

	/** What a worker does with the awards it took from its lane. */
	private void handle(List<QueuedAward> taken) {
		List<TimedAward> batch = QueuedAward.events(taken);
		this.lanes.taken(taken);
		for (TimedAward award : batch) {
			award.observation().taken();
		}
		try {
			deliver(batch);
		}
		finally {
			this.pending.remove(batch.size());
			QueuedAward.release(taken);
		}
	}

	/** Apply, unless older awards wait in the retry buffer: then queue up behind them. */
	private void deliver(List<TimedAward> events) {
		if (this.retry != null && this.retry.addIfWaiting(events)) {
			return;
		}
		List<TimedAward> copy = List.copyOf(events);
		try {
			this.applier.apply(copy);
		}
		catch (RuntimeException ex) {
			// the store set aside what fails for good on its own: what reaches here is
			// transient, or not the awards' fault
			boolean waitingCures = this.transientFailures == null || this.transientFailures.isTransient(ex);
			if (waitingCures && this.retry != null && this.retry.add(copy)) {
				this.applier.keptForRetry(copy, ex);
				return;
			}
			TimedAward.failed(copy, ex);
			onApplyFailure(TimedAward.events(copy), ex);
		}
	}

	/**
	 * Called when the service threw while applying a batch that was not kept for retry (a
	 * failure that is not transient, no retry buffer, or a closed one). Counts the awards
	 * as failed and logs (warn once, then debug).
	 * @param events the awards of the batch, none of which is known to have been applied
	 * @param ex what the service threw
	 */
	protected void onApplyFailure(List<ActivityEvent> events, RuntimeException ex) {
		this.applier.failed(events, ex);
	}

	@Override
	public Runnable hold() {
		return this.pending.hold();
	}

	@Override
	public boolean awaitIdle(Duration timeout) {
		return this.pending.awaitNone(timeout, () -> retryBufferSize() == 0);
	}

	/**
	 * Drain: every lane keeps taking awards (so they stay in order behind those queued)
	 * until its worker found it empty, and the retry thread sends the retry buffer, for
	 * up to the shutdown grace period. Then what is left is counted as dropped and
	 * logged, and later awards are applied on the caller's thread.
	 */
	@Override
	public void close() {
		if (!this.closed.compareAndSet(false, true)) {
			return;
		}
		long deadline = System.nanoTime() + this.shutdownGracePeriod.toNanos();
		this.lanes.drain(deadline);
		if (this.retry != null) {
			this.retry.awaitEmpty(deadline);
		}
		List<QueuedAward> queued = this.lanes.close();
		int left = (this.retry != null) ? this.retry.close() : 0;
		QueuedAward.release(queued);
		TimedAward.dropped(QueuedAward.events(queued));
		if (!queued.isEmpty()) {
			this.pending.remove(queued.size());
			this.counters.add(DispatchCounter.DROPPED, queued.size());
			logger.warn("activity-rank shut down with " + queued.size()
					+ " award(s) still queued after activity-rank.retry.shutdown-grace-period; they were dropped");
		}
		// what is still pending is with a worker blocked on Redis: its batch fails later
		// and counts as failed
		long inFlight = Math.max(0, this.pending.count());
		if (left > 0 || (this.retry != null && inFlight > 0)) {
			logger.warn("activity-rank shut down with " + left + " award(s) still waiting for retry and " + inFlight
					+ " still in flight to Redis after activity-rank.retry.shutdown-grace-period ("
					+ this.shutdownGracePeriod.toMillis() + " ms); those waiting were dropped, those in flight"
					+ " count as failed unless Redis answers");
		}
	}

}
