package io.github.activityrank.ledger;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.dispatch.RetryBuffer;
import io.github.activityrank.dispatch.TimedAward;
import io.github.activityrank.engine.AwardPath;
import io.github.activityrank.support.FailureLog;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.transaction.NoTransactionException;
import org.springframework.transaction.interceptor.TransactionAspectSupport;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The dispatcher with the ledger on (the transactional outbox): awards of
 * {@code @ActivityScore}, {@code ActivityEvent}s and page views are written to the ledger
 * before the call returns, in the caller's transaction when one is active, in their own
 * otherwise; the {@link LedgerRelay} applies them to Redis. One insert statement per
 * dispatch, however many awards it carries. A rollback leaves no entry; a commit leaves
 * one that is applied even if the JVM dies right after.
 * <p>
 * Never throws. When the insert fails inside a transaction, the transaction is marked
 * rollback-only when it was started by {@code @Transactional}, so that it cannot commit
 * without its awards, and the failure is logged. Outside a transaction a failed insert is
 * transient: the awards wait in a retry buffer ({@code activity-rank.retry.*}) and are
 * inserted again with backoff, in order and at the instant they were made, counted as
 * retries and logged once per kind of failure a minute; they reach Redis only through
 * their rows. With {@code redis-only-on-failure} they go to the {@code fallback}
 * dispatcher instead, straight to Redis, counted as Redis-only with one WARN a minute.
 * Events the engine would reject anyway (see {@link AwardLedger#storable(ActivityEvent)})
 * go to the fallback too, which counts them as rejected.
 */
public class LedgerActivityDispatcher implements ActivityDispatcher {

	private static final Log logger = LogFactory.getLog(LedgerActivityDispatcher.class);

	private final AwardLedger ledger;

	private final LedgerRelay relay;

	private final ActivityDispatcher fallback;

	private final Supplier<Instant> clock;

	private final WarnOnce failureLog = new WarnOnce(logger, "further failures are logged at debug level");

	/** Failed inserts outside a transaction, one WARN per kind a minute. */
	private final FailureLog insertFailures = new FailureLog(logger);

	/** Awards whose insert failed outside a transaction, inserted again with backoff. */
	private final RetryBuffer retry;

	private final boolean redisOnlyOnFailure;

	/**
	 * Create the dispatcher.
	 * @param ledger where awards are written
	 * @param relay what applies them, woken after each write
	 * @param fallback what applies awards that the ledger would not store, and those it
	 * could not write when {@code redisOnlyOnFailure}
	 * @param clock the application's clock, for the entries' event time
	 * @param retryCapacity most awards kept for another insert
	 * @param initialBackoff wait before the first retry, doubled after each failed one
	 * @param maxBackoff longest wait between retries
	 * @param redisOnlyOnFailure whether awards whose insert failed go to Redis alone
	 * ({@code activity-rank.ledger.redis-only-on-failure}) instead of waiting for the
	 * ledger
	 */
	public LedgerActivityDispatcher(AwardLedger ledger, LedgerRelay relay, ActivityDispatcher fallback,
			Supplier<Instant> clock, int retryCapacity, Duration initialBackoff, Duration maxBackoff,
			boolean redisOnlyOnFailure) {
		this.ledger = Objects.requireNonNull(ledger, "ledger must not be null");
		this.relay = Objects.requireNonNull(relay, "relay must not be null");
		this.fallback = Objects.requireNonNull(fallback, "fallback must not be null");
		this.clock = Objects.requireNonNull(clock, "clock must not be null");
		this.redisOnlyOnFailure = redisOnlyOnFailure;
		this.retry = new RetryBuffer(retryCapacity, initialBackoff, maxBackoff, this::insertAgain,
				fallback.getCounters(), "activity-rank-ledger-retry");
	}

	/**
	 * Write the awards now (joining a transaction that is active), then wake the relay,
	 * whatever path made them (the relay observes what it applies).
	 * @param events the awards
	 * @param path how they were made
	 */
	@Override
	public void dispatch(List<ActivityEvent> events, AwardPath path) {
		write(events);
	}

	/**
	 * Write the awards now in the caller's transaction, so that they commit or roll back
	 * with it; the relay is woken after the commit.
	 * @param events the awards
	 * @param path how they were made
	 */
	@Override
	public void dispatchAfterCommit(List<ActivityEvent> events, AwardPath path) {
		write(events);
	}

	private void write(List<ActivityEvent> events) {
		if (events.isEmpty()) {
			return;
		}
		List<ActivityEvent> storable = new ArrayList<>(events.size());
		List<ActivityEvent> others = new ArrayList<>();
		for (ActivityEvent event : events) {
			(AwardLedger.storable(event) ? storable : others).add(event);
		}
		if (!others.isEmpty()) {
			this.fallback.dispatch(others);
		}
		if (storable.isEmpty()) {
			return;
		}
		boolean inTransaction = TransactionSynchronizationManager.isActualTransactionActive();
		Instant at = this.clock.get();
		// behind awards that wait for another insert: rows are relayed in the order
		// written
		if (!inTransaction && !this.redisOnlyOnFailure && this.retry.addIfWaiting(timed(storable, at))) {
			return;
		}
		try {
			this.ledger.appendPending(storable, at);
		}
		catch (RuntimeException ex) {
			if (inTransaction) {
				boolean marked = markRollbackOnly();
				this.failureLog.log(
						"activity-rank ledger could not write " + storable.size() + " award(s); "
								+ (marked ? "the transaction is marked rollback-only" : "they are lost") + ": " + ex,
						ex);
			}
			else if (this.redisOnlyOnFailure) {
				this.fallback.dispatch(storable);
				this.ledger.countRedisOnly(storable.size());
				this.insertFailures.log(RedisOnlyFallback.REDIS_ONLY_PROPERTY,
						"activity-rank ledger could not write " + storable.size() + " award(s); applied them to Redis "
								+ "alone (" + RedisOnlyFallback.REDIS_ONLY_PROPERTY
								+ "=true), so a rebuild does not restore them (see the ledger's redisOnly count): "
								+ ex,
						ex);
			}
			else {
				this.retry.add(timed(storable, at));
				logInsertFailure(storable.size(), ex);
			}
			return;
		}
		if (TransactionSynchronizationManager.isSynchronizationActive()) {
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
				@Override
				public void afterCommit() {
					LedgerActivityDispatcher.this.relay.wake();
				}
			});
		}
		else {
			this.relay.wake();
		}
	}

	/**
	 * Insert again the awards at the front of the retry buffer made at one instant (one
	 * statement): how many were written, 0 to wait and try again.
	 */
	private int insertAgain(List<TimedAward> waiting) {
		Instant at = waiting.get(0).at();
		int run = 1;
		while (run < waiting.size() && waiting.get(run).at().equals(at)) {
			run++;
		}
		try {
			this.ledger.appendPending(TimedAward.events(waiting.subList(0, run)), at);
		}
		catch (RuntimeException ex) {
			logInsertFailure(waiting.size(), ex);
			return 0;
		}
		this.relay.wake();
		return run;
	}

	private void logInsertFailure(int count, RuntimeException ex) {
		this.insertFailures.log(ex.getClass().getSimpleName(),
				"activity-rank ledger could not write " + count
						+ " award(s) made outside a transaction; they wait in the retry buffer (" + this.retry.size()
						+ " waiting) and are written again with backoff, then applied: " + ex,
				ex);
	}

	private static List<TimedAward> timed(List<ActivityEvent> events, Instant at) {
		List<TimedAward> awards = new ArrayList<>(events.size());
		for (ActivityEvent event : events) {
			awards.add(new TimedAward(event, at));
		}
		return awards;
	}

	private static boolean markRollbackOnly() {
		try {
			TransactionAspectSupport.currentTransactionStatus().setRollbackOnly();
			return true;
		}
		catch (NoTransactionException ex) {
			return false;
		}
	}

	@Override
	public AwardDispatchCounters getCounters() {
		return this.fallback.getCounters();
	}

	@Override
	public int queueSize() {
		return this.fallback.queueSize();
	}

	@Override
	public int retryBufferSize() {
		return this.fallback.retryBufferSize() + this.retry.size();
	}

	@Override
	public boolean isAsync() {
		return true;
	}

	/**
	 * Held by the fallback: its {@link #awaitIdle(Duration)} is waited for first, and the
	 * award is in the ledger before the hold is released.
	 * @return the release
	 */
	@Override
	public Runnable hold() {
		return this.fallback.hold();
	}

	/**
	 * Writes to the database on the caller's thread.
	 * @return {@code true}
	 */
	@Override
	public boolean mayBlockCaller() {
		return true;
	}

	/**
	 * Wait until the fallback is idle and no ledger entry is pending.
	 * @param timeout how long to wait at most
	 * @return {@code true} when nothing is pending
	 */
	@Override
	public boolean awaitIdle(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		return this.fallback.awaitIdle(timeout) && this.retry.awaitEmpty(deadline)
				&& this.relay.awaitIdle(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
	}

	/**
	 * Stop the retry thread (what still waits is counted as dropped) and the fallback.
	 */
	@Override
	public void close() {
		int left = this.retry.close();
		if (left > 0) {
			logger.warn("activity-rank ledger dispatcher closed with " + left + " award(s) it could not write; "
					+ "they are lost (counted as retry-dropped)");
		}
		this.fallback.close();
	}

}
