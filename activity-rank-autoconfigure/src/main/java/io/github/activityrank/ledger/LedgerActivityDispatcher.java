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
 * without its awards, and the failure is logged. Outside a transaction the awards go to
 * the {@code fallback} dispatcher, straight to Redis as without the ledger. Events the
 * engine would reject anyway (see {@link AwardLedger#storable(ActivityEvent)}) go to the
 * fallback too, which counts them as rejected.
 */
public class LedgerActivityDispatcher implements ActivityDispatcher {

	private static final Log logger = LogFactory.getLog(LedgerActivityDispatcher.class);

	private final AwardLedger ledger;

	private final LedgerRelay relay;

	private final ActivityDispatcher fallback;

	private final Supplier<Instant> clock;

	private final WarnOnce failureLog = new WarnOnce(logger, "further failures are logged at debug level");

	/**
	 * Create the dispatcher.
	 * @param ledger where awards are written
	 * @param relay what applies them, woken after each write
	 * @param fallback what applies awards that cannot be written
	 * @param clock the application's clock, for the entries' event time
	 */
	public LedgerActivityDispatcher(AwardLedger ledger, LedgerRelay relay, ActivityDispatcher fallback,
			Supplier<Instant> clock) {
		this.ledger = Objects.requireNonNull(ledger, "ledger must not be null");
		this.relay = Objects.requireNonNull(relay, "relay must not be null");
		this.fallback = Objects.requireNonNull(fallback, "fallback must not be null");
		this.clock = Objects.requireNonNull(clock, "clock must not be null");
	}

	/**
	 * Write the awards now (joining a transaction that is active), then wake the relay.
	 * @param events the awards
	 */
	@Override
	public void dispatch(List<ActivityEvent> events) {
		write(events);
	}

	/**
	 * Write the awards now in the caller's transaction, so that they commit or roll back
	 * with it; the relay is woken after the commit.
	 * @param events the awards
	 */
	@Override
	public void dispatchAfterCommit(List<ActivityEvent> events) {
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
		try {
			this.ledger.appendPending(storable, this.clock.get());
		}
		catch (RuntimeException ex) {
			if (inTransaction) {
				boolean marked = markRollbackOnly();
				this.failureLog.log(
						"activity-rank ledger could not write " + storable.size() + " award(s); "
								+ (marked ? "the transaction is marked rollback-only" : "they are lost") + ": " + ex,
						ex);
			}
			else {
				this.failureLog.log("activity-rank ledger could not write " + storable.size()
						+ " award(s); applying them without the ledger: " + ex, ex);
				this.fallback.dispatch(storable);
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
		return this.fallback.retryBufferSize();
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
		return this.fallback.awaitIdle(timeout)
				&& this.relay.awaitIdle(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
	}

	@Override
	public void close() {
		this.fallback.close();
	}

}
