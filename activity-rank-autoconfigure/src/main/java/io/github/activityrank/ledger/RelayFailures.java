package io.github.activityrank.ledger;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.github.activityrank.AwardResult;
import io.github.activityrank.engine.TransientFailurePolicy;
import io.github.activityrank.support.FailureLog;
import io.github.activityrank.support.LogText;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * What the relay knows of entries that fail for good (a Lua error, a key of the wrong
 * type, a script the server refuses). The starter's store narrows a failing batch down
 * itself and answers those entries {@code SET_ASIDE}: the relay marks them set aside in
 * the pass that applied the rest, counts them and logs one warning per kind of failure a
 * minute ({@link #setAsideByStore}). An engine that throws instead: a batch that fails so
 * makes its lanes suspects, which the relay then takes one entry at a time; an entry that
 * fails alone {@code set-aside-after} times in a row is set aside
 * ({@link AwardLedger#SET_ASIDE}), logged at WARN with the reason and counted, and its
 * lane goes on. Failures that waiting cures (Redis down, a timeout, {@code OOM}) and
 * database failures never count: their entries stay pending. Attempts are counted in
 * memory, per instance.
 */
final class RelayFailures {

	private static final Log logger = LogFactory.getLog(LedgerRelay.class);

	/** Null: no failure is judged permanent, every entry stays pending. */
	private final TransientFailurePolicy transientFailures;

	private final int setAsideAfter;

	private final Set<Integer> suspects = ConcurrentHashMap.newKeySet();

	private final Map<Long, Integer> attempts = new ConcurrentHashMap<>();

	private final AtomicLong setAside = new AtomicLong();

	/** Entries the store set aside: one warning per kind of failure a minute. */
	private final FailureLog failureLog = new FailureLog(logger);

	private final WarnOnce suspectLog = new WarnOnce(logger, "further occurrences are logged at debug level");

	/**
	 * Create the record.
	 * @param transientFailures which failures waiting cures, {@code null} to set nothing
	 * aside
	 * @param setAsideAfter attempts of an entry on its own before it is set aside, at
	 * least 1
	 */
	RelayFailures(TransientFailurePolicy transientFailures, int setAsideAfter) {
		this.transientFailures = transientFailures;
		this.setAsideAfter = Math.max(1, setAsideAfter);
	}

	/** Whether a failure of the engine would come back on every attempt. */
	boolean failsForGood(RuntimeException ex) {
		if (this.transientFailures == null || this.transientFailures.isTransient(ex)) {
			return false;
		}
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof SQLException) {
				return false; // the database's, not the entry's
			}
		}
		return true;
	}

	boolean isSuspect(int lane) {
		return this.suspects.contains(lane);
	}

	void suspect(List<Integer> lanes, RuntimeException ex) {
		this.suspects.addAll(lanes);
		this.suspectLog.log(
				"activity-rank ledger relay: a batch of lanes " + lanes
						+ " failed for good; applying their entries one at a time to find the one that fails: " + ex,
				null);
	}

	/** A suspect lane applied an entry: the one that failed is gone. */
	void cleared(int lane, LedgerEntry applied) {
		this.suspects.remove(lane);
		if (applied != null) {
			this.attempts.remove(applied.id());
		}
	}

	/**
	 * Count one more failure of an entry on its own.
	 * @return whether it is to be set aside now
	 */
	boolean failedAgain(LedgerEntry entry, RuntimeException ex) {
		int failed = this.attempts.merge(entry.id(), 1, Integer::sum);
		if (logger.isDebugEnabled()) {
			logger.debug("activity-rank ledger entry " + entry.id() + " failed on its own (" + failed + " of "
					+ this.setAsideAfter + "): " + ex);
		}
		return failed >= this.setAsideAfter;
	}

	/**
	 * The entry was marked set aside: count it and log one warning per kind of failure a
	 * minute, as for those the store sets aside.
	 */
	void setAside(LedgerEntry entry, int lane, RuntimeException ex) {
		this.attempts.remove(entry.id());
		this.setAside.incrementAndGet();
		String reason = reason(ex);
		this.failureLog.log(kindOf(reason),
				"activity-rank ledger relay set aside entry " + entry.id() + " (" + LogText.of(entry.event())
						+ ", lane " + lane + "), which failed for good " + this.setAsideAfter
						+ " times (activity-rank.ledger.set-aside-after); its lane goes on. Reason: " + reason,
				null);
	}

	/**
	 * Entries the store answered {@code SET_ASIDE} (Redis failed on them for good, on
	 * their own) and the relay marked set aside in the same pass: count them and log one
	 * warning per kind of failure a minute.
	 * @param entries the entries of the pass
	 * @param results their results, in the same order
	 */
	void setAsideByStore(List<LedgerEntry> entries, List<AwardResult> results) {
		for (int i = 0; i < entries.size(); i++) {
			if (results.get(i).outcome() != AwardResult.Outcome.SET_ASIDE) {
				continue;
			}
			LedgerEntry entry = entries.get(i);
			this.attempts.remove(entry.id());
			this.setAside.incrementAndGet();
			String reason = results.get(i).reason();
			this.failureLog.log(kindOf(reason),
					"activity-rank ledger relay set aside entry " + entry.id() + " (" + LogText.of(entry.event())
							+ ", lane " + AwardLedger.laneOf(entry.event().userId())
							+ "), which Redis failed on for good: " + reason + "; its lane goes on. "
							+ "ActivityRankAdmin.reapplySetAside() makes it pending again once the cause is fixed",
					null);
		}
	}

	/**
	 * The kind of failure a reason kept as text names: the policy reads Redis' error code
	 * from a failure's message.
	 */
	private String kindOf(String reason) {
		return (this.transientFailures != null && reason != null)
				? this.transientFailures.kindOf(new IllegalStateException(reason)) : AwardLedger.SET_ASIDE_OUTCOME;
	}

	/** The failure and its causes in one line: the cause carries Redis' own reply. */
	static String reason(Throwable ex) {
		StringBuilder reason = new StringBuilder(String.valueOf(ex));
		for (Throwable cause = ex.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
			reason.append("; caused by ").append(cause);
		}
		return reason.toString();
	}

	long setAsideCount() {
		return this.setAside.get();
	}

	int setAsideAfter() {
		return this.setAsideAfter;
	}

}
