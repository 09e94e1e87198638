package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Supplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.engine.ActivityObservations;
import io.github.activityrank.engine.AwardObservation;
import io.github.activityrank.engine.AwardPath;
import io.github.activityrank.engine.ObservedAwards;

/**
 * One relay pass over the ledger: finds the lanes with pending entries, locks what it
 * can, applies their entries through {@link StandingAwards} and the engine, marks them
 * and commits; remembers per lane where the next pass looks (see {@link LedgerRelay}).
 * Shared by the relay's threads.
 */
class RelayPass {

	/** Longest time between two sweeps of every lane from its first id. */
	static final Duration SWEEP_EVERY = Duration.ofSeconds(5);

	private final AwardLedger ledger;

	private final ActivityRankService engine;

	private final Supplier<Instant> clock;

	private final int batchSize;

	private final Duration pollInterval;

	private final StandingAwards standing;

	private final int threads;

	/** Runs between the apply and the mark (see {@link LedgerRelay}). */
	private final Runnable beforeMark;

	private final AtomicLong applied = new AtomicLong();

	/** Passes running now, see {@link #passing()}. */
	private final AtomicInteger inFlight = new AtomicInteger();

	private final AtomicInteger nextLane = new AtomicInteger();

	/**
	 * Per lane, the id after the last entry this relay applied: passes look from there.
	 */
	private final AtomicLongArray nextIds = new AtomicLongArray(AwardLedger.LANES);

	/** Entries that fail for good on their own are found, counted and set aside here. */
	private final RelayFailures failures;

	private volatile ActivityObservations observations = ActivityObservations.NONE;

	/** {@link System#nanoTime()} of the last sweep from the first ids. */
	private final AtomicLong lastSweep = new AtomicLong(System.nanoTime() - SWEEP_EVERY.toNanos());

	RelayPass(AwardLedger ledger, ActivityRankService engine, Supplier<Instant> clock, int batchSize,
			Duration pollInterval, StandingAwards standing, int threads, Runnable beforeMark, RelayFailures failures) {
		this.ledger = ledger;
		this.engine = engine;
		this.clock = clock;
		this.batchSize = batchSize;
		this.pollInterval = pollInterval;
		this.standing = standing;
		this.threads = threads;
		this.beforeMark = beforeMark;
		this.failures = failures;
	}

	/**
	 * Entries the passes have applied.
	 * @return the count
	 */
	long appliedCount() {
		return this.applied.get();
	}

	/**
	 * One pass over the lanes with pending entries, in groups of
	 * {@link #lanesPerTransaction()}: each group's lanes this relay can lock get one
	 * transaction, which applies up to {@code batch-size} entries of each.
	 * @return the number of entries applied
	 * @throws SQLException when the database fails
	 */
	int relayOnce() throws SQLException {
		this.inFlight.incrementAndGet();
		try {
			return relayPendingLanes();
		}
		finally {
			this.inFlight.decrementAndGet();
		}
	}

	/**
	 * Whether a pass is running: its entries may be committed while its counters are not
	 * yet updated.
	 */
	boolean passing() {
		return this.inFlight.get() > 0;
	}

	private int relayPendingLanes() throws SQLException {
		try (Connection connection = this.ledger.dataSource().getConnection()) {
			boolean autoCommit = connection.getAutoCommit();
			int isolation = connection.getTransactionIsolation();
			try {
				connection.setAutoCommit(true);
				boolean sweep = sweepDue(SWEEP_EVERY);
				long[] from = sweep ? new long[AwardLedger.LANES] : rememberedIds();
				List<Integer> lanes = this.ledger.pendingLanes(connection, from);
				if (lanes.isEmpty() && !sweep && sweepDue(this.pollInterval)) {
					// nothing from the remembered ids: an entry that committed late may
					// wait below them
					from = new long[AwardLedger.LANES];
					lanes = this.ledger.pendingLanes(connection, from);
				}
				if (lanes.isEmpty()) {
					return 0;
				}
				// read committed: a lane's entries are read after its lock is held, so
				// they include what the previous holder marked
				connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
				connection.setAutoCommit(false);
				int group = lanesPerTransaction();
				// threads start their passes at different groups, so they rarely meet
				int start = Math.floorMod(this.nextLane.getAndIncrement() * group, lanes.size());
				List<Integer> ordered = new ArrayList<>(lanes.size());
				for (int i = 0; i < lanes.size(); i++) {
					ordered.add(lanes.get((start + i) % lanes.size()));
				}
				int total = 0;
				for (int i = 0; i < ordered.size(); i += group) {
					total += relayGroup(connection, ordered.subList(i, Math.min(ordered.size(), i + group)), from);
				}
				return total;
			}
			finally {
				connection.setAutoCommit(autoCommit);
				connection.setTransactionIsolation(isolation);
			}
		}
	}

	/**
	 * Whether the last sweep is older than some time; the thread that finds it so makes
	 * the next one.
	 */
	private boolean sweepDue(Duration after) {
		long last = this.lastSweep.get();
		long now = System.nanoTime();
		return now - last >= Math.min(after.toNanos(), SWEEP_EVERY.toNanos())
				&& this.lastSweep.compareAndSet(last, now);
	}

	private long[] rememberedIds() {
		long[] from = new long[AwardLedger.LANES];
		for (int lane = 0; lane < from.length; lane++) {
			from[lane] = this.nextIds.get(lane);
		}
		return from;
	}

	/**
	 * Lanes one transaction claims: the lanes shared out over this instance's threads.
	 * More lanes per transaction means fewer statements and commits per entry; a relay
	 * that is behind applies up to this many times {@code batch-size} entries at once.
	 * @return 1 to {@value AwardLedger#LANES}
	 */
	int lanesPerTransaction() {
		return Math.max(1, (AwardLedger.LANES + this.threads - 1) / this.threads);
	}

	/**
	 * Relay a group of lanes in one transaction. A lane suspected of holding an entry
	 * that fails for good goes alone, one entry at a time, until that entry is applied or
	 * set aside; when the group's batch fails for good, its lanes become suspects.
	 */
	private int relayGroup(Connection connection, List<Integer> lanes, long[] from) throws SQLException {
		int total = 0;
		List<Integer> healthy = new ArrayList<>(lanes.size());
		for (Integer lane : lanes) {
			if (this.failures.isSuspect(lane)) {
				total += relaySuspect(connection, lane, from);
			}
			else {
				healthy.add(lane);
			}
		}
		if (healthy.isEmpty()) {
			return total;
		}
		try {
			return total + relayLanes(connection, healthy, from, this.batchSize, null);
		}
		catch (RuntimeException ex) {
			if (!this.failures.failsForGood(ex)) {
				throw ex;
			}
			// one of these lanes holds it: the next passes find which, one entry at a
			// time
			this.failures.suspect(healthy, ex);
			return total;
		}
	}

	private int relaySuspect(Connection connection, int lane, long[] from) throws SQLException {
		LedgerEntry[] tried = new LedgerEntry[1];
		try {
			int applied = relayLanes(connection, List.of(lane), from, 1, tried);
			if (applied > 0) {
				this.failures.cleared(lane, tried[0]);
			}
			return applied;
		}
		catch (RuntimeException ex) {
			if (!this.failures.failsForGood(ex) || tried[0] == null) {
				throw ex;
			}
			if (this.failures.failedAgain(tried[0], ex)) {
				setAside(connection, lane, tried[0], ex);
			}
			return 0;
		}
	}

	private void setAside(Connection connection, int lane, LedgerEntry entry, RuntimeException ex) throws SQLException {
		try {
			if (this.ledger.tryLockLanes(connection, List.of(lane)).isEmpty()) {
				connection.rollback();
				return; // another relay holds the lane now; it is tried again later
			}
			boolean marked = this.ledger.markSetAside(connection, entry.id(), this.clock.get(),
					RelayFailures.reason(ex));
			connection.commit();
			if (marked) {
				this.failures.setAside(entry, lane, ex);
			}
		}
		catch (SQLException | RuntimeException failure) {
			connection.rollback();
			throw failure;
		}
	}

	/**
	 * Mark the entries with their outcomes: those the store set aside (Redis failed on
	 * them for good, {@code SET_ASIDE}) leave the pending entries as set aside at once,
	 * the others are applied.
	 * @return the entries set aside
	 */
	private List<LedgerEntry> mark(Connection connection, List<LedgerEntry> entries, StandingAwards.Decided decided)
			throws SQLException {
		List<AwardResult> results = decided.results();
		List<LedgerEntry> setAside = new ArrayList<>();
		for (int i = 0; i < entries.size(); i++) {
			if (results.get(i).outcome() == AwardResult.Outcome.SET_ASIDE) {
				setAside.add(entries.get(i));
			}
		}
		// markApplied sets aside those answered SET_ASIDE
		this.ledger.markApplied(connection, entries, results, decided.revokedIds, this.clock.get());
		return setAside;
	}

	private int relayLanes(Connection connection, List<Integer> wanted, long[] from, int perLane, LedgerEntry[] tried)
			throws SQLException {
		AwardObservation[] observed = null;
		try {
			List<Integer> lanes = this.ledger.tryLockLanes(connection, wanted);
			if (lanes.isEmpty()) {
				connection.rollback();
				return 0;
			}
			List<LedgerEntry> read = this.ledger.pending(connection, lanes, perLane, from);
			List<LedgerEntry> entries = new ArrayList<>(read.size());
			for (LedgerEntry entry : read) {
				if (!entry.afterLateEntry()) {
					entries.add(entry);
				}
			}
			if (entries.size() < read.size()) {
				// an earlier entry of these users committed late: the next pass sweeps
				// from the first ids and applies it and them, in order
				this.lastSweep.set(System.nanoTime() - SWEEP_EVERY.toNanos());
			}
			if (entries.isEmpty()) {
				connection.commit();
				return 0;
			}
			if (tried != null) {
				tried[0] = entries.get(0);
			}
			LedgerEntry.Batch batch = LedgerEntry.Batch.of(entries);
			List<ActivityEvent> events = batch.events();
			long[] ids = batch.ids();
			observed = ObservedAwards.start(this.observations, events, AwardPath.RELAY);
			StandingAwards.Decided decided;
			try (AwardObservation.Scope scope = ObservedAwards.open(observed)) {
				decided = this.standing.apply(connection, events, batch.times(), this.engine);
			}
			this.beforeMark.run();
			List<LedgerEntry> setAside = mark(connection, entries, decided);
			this.standing.write(connection, decided, ids);
			connection.commit();
			ObservedAwards.answered(observed, decided.results());
			this.applied.addAndGet(entries.size() - setAside.size());
			if (!setAside.isEmpty()) {
				this.failures.setAsideByStore(entries, decided.results());
			}
			// each lane's entries were its first pending ones from its id: the next pass
			// looks after the last
			for (LedgerEntry entry : entries) {
				this.nextIds.accumulateAndGet(AwardLedger.laneOf(entry.event().userId()), entry.id() + 1, Math::max);
			}
			return entries.size();
		}
		catch (SQLException | RuntimeException ex) {
			// the entries stay pending: the next pass observes them again
			ObservedAwards.failed(observed, ex);
			try {
				connection.rollback();
			}
			catch (SQLException rollbackFailure) {
				ex.addSuppressed(rollbackFailure);
			}
			throw ex;
		}
	}

	/** Observe each award the relay applies, from now on. */
	void setObservations(ActivityObservations observations) {
		this.observations = (observations != null) ? observations : ActivityObservations.NONE;
	}

}
