package io.github.activityrank.ledger;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.dispatch.LedgerCounter;
import io.github.activityrank.dispatch.LedgerCounters;
import io.github.activityrank.engine.ActivityObservations;
import io.github.activityrank.engine.ObservationsAware;
import io.github.activityrank.engine.TransientFailurePolicy;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Applies pending ledger entries to Redis on daemon threads named
 * {@code activity-rank-ledger-relay} ({@code relay-threads} of them, which share the
 * lanes as relays of several instances do), started and stopped with the application
 * context; on start it applies everything still pending, whoever wrote it.
 * <p>
 * <strong>Order and sharing.</strong> Entries are spread over {@value AwardLedger#LANES}
 * lanes by user. A relay works on a lane only while its transaction holds the lane's row
 * in the lane table ({@code SELECT ... FOR UPDATE SKIP LOCKED}): relays of several
 * instances share the lanes without waiting for each other, and a user's entries are
 * applied by one relay at a time, oldest first, so a revoke never overtakes its award.
 * <p>
 * <strong>Exactly once.</strong> One database transaction claims a group of lanes (the 16
 * lanes shared out over the threads, {@link #lanesPerTransaction()}; one
 * {@code SELECT ... FOR UPDATE SKIP LOCKED}, which keeps those another relay holds out),
 * reads up to {@code batch-size} pending entries of each lane it got (one statement),
 * applies them through the engine's {@link ActivityRankService#applyAll(List)} (one
 * {@code score.lua} call per 256 entries, as the dispatcher's batches), marks them
 * applied with their outcomes (one {@code UPDATE} per distinct outcome) and commits: a
 * relay that is behind applies several lanes' batches per commit. When the instance dies
 * before the commit, the database drops its lock and the entries stay pending: another
 * relay (or this one after a restart) applies them again. That second apply adds no
 * points when the first one reached Redis, because an award is idempotent per user, field
 * and the rule's window: Redis answers {@code ALREADY_AWARDED} and the entry is recorded
 * with that outcome. A revoke applied twice takes back once: the first removed the record
 * the second would look for ({@code NOTHING_TO_REVOKE}). Every entry is applied at its
 * own {@code event_at} (through
 * {@link io.github.activityrank.engine.TimedActivityApplier} when the engine is the
 * starter's): a row written before midnight and applied after it counts for the day it
 * was written, so a re-apply after midnight finds the first apply's record too.
 * <p>
 * <strong>Decisions Redis cannot make.</strong> Before Redis, the batch goes through
 * {@link StandingAwards}, in entry order: a once-per-ever award with a standing award is
 * {@code ALREADY_AWARDED}, and a revoke of an award whose record Redis no longer keeps is
 * taken back by the ledger; the standing awards change in the transaction that marks the
 * entries.
 * <p>
 * <strong>Where a lane's pending entries start.</strong> An applied entry leaves the
 * index of pending entries only when the database cleans the index up (vacuum, or a page
 * split), so a search from a lane's first id steps over every entry applied since; under
 * a sustained load that is most of the database's time for the relay. The relay therefore
 * remembers, per lane, the id after the last entry it applied, and looks for pending
 * entries from there. An entry below it that commits late (its id was drawn before the
 * caller's transaction committed) is found by a sweep from the first id, which the relay
 * makes when a pass from the remembered ids finds nothing (at most once per poll
 * interval), and at least every {@link RelayPass#SWEEP_EVERY} under load: it waits that
 * long at most, and is never lost. Its user's later entries wait for it: a pass from the
 * remembered ids leaves out every entry of a user with a pending entry below them and
 * makes the next pass a sweep ({@link LedgerEntry#afterLateEntry()}), so a revoke written
 * after its award committed late does not overtake it.
 * <p>
 * {@link RelayPass} makes the passes; this class runs their threads.
 * <p>
 * When Redis or the database fails, the transaction rolls back, the entries stay pending
 * and the relay tries again after the poll interval: nothing is dropped. An entry that
 * fails for good on its own (a Lua error, a key of the wrong type) is set aside after
 * {@code set-aside-after} attempts instead of stalling its lane ({@link RelayFailures}).
 * <p>
 * Its totals ({@link LedgerCounters}) are the actuator endpoint's {@code ledger} section
 * and the {@code activity.rank.ledger.*} meters.
 */
public class LedgerRelay implements SmartLifecycle, LedgerCounters, ObservationsAware {

	private static final Log logger = LogFactory.getLog(LedgerRelay.class);

	/** Stops with the dispatchers: after the web server, before the Redis connections. */
	public static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 4096;

	private static final AtomicInteger instances = new AtomicInteger();

	private static final Duration PURGE_EVERY = Duration.ofMinutes(1);

	private final AwardLedger ledger;

	private final Supplier<Instant> clock;

	private final Duration pollInterval;

	private final Duration retention;

	private final int threads;

	private final RelayPass pass;

	private final RelayFailures failures;

	private final Semaphore wakeUp = new Semaphore(0);

	private final WarnOnce failureLog = new WarnOnce(logger, "further failures are logged at debug level");

	private final AtomicLong failedPasses = new AtomicLong();

	/** Runs between the apply and the mark; a test's stand-in for a crash there. */
	volatile Runnable beforeMark = () -> {
	};

	private volatile List<Thread> relayThreads = List.of();

	private volatile boolean running;

	private volatile Instant lastPurge = Instant.MIN;

	/**
	 * Create the relay.
	 * @param ledger the ledger
	 * @param engine the service that applies entries to Redis, never one that writes the
	 * ledger itself
	 * @param clock the application's clock
	 * @param batchSize most entries of a lane applied in one transaction (which may take
	 * several lanes)
	 * @param pollInterval how long the relay sleeps when nothing is pending and nobody
	 * woke it, and how long it waits after a failure
	 * @param retention how long applied entries are kept, {@code null} for ever
	 * @param standing the standing awards, which decide what Redis no longer can
	 * @param threads relay threads of this instance; they share the lanes as relays of
	 * several instances do
	 */
	public LedgerRelay(AwardLedger ledger, ActivityRankService engine, Supplier<Instant> clock, int batchSize,
			Duration pollInterval, Duration retention, StandingAwards standing, int threads) {
		this(ledger, engine, clock, batchSize, pollInterval, retention, standing, threads, null, 1);
	}

	/**
	 * Create the relay, setting aside entries that fail for good.
	 * @param ledger the ledger
	 * @param engine the service that applies entries to Redis, never one that writes the
	 * ledger itself
	 * @param clock the application's clock
	 * @param batchSize most entries of a lane applied in one transaction
	 * @param pollInterval how long the relay sleeps when nothing is pending and nobody
	 * woke it, and how long it waits after a failure
	 * @param retention how long applied entries are kept, {@code null} for ever
	 * @param standing the standing awards, which decide what Redis no longer can
	 * @param threads relay threads of this instance
	 * @param transientFailures which failures of the engine waiting cures; any other
	 * failure of an entry on its own counts towards setting it aside. {@code null}: every
	 * entry stays pending until it is applied
	 * @param setAsideAfter how many times an entry fails for good on its own before it is
	 * set aside
	 */
	public LedgerRelay(AwardLedger ledger, ActivityRankService engine, Supplier<Instant> clock, int batchSize,
			Duration pollInterval, Duration retention, StandingAwards standing, int threads,
			TransientFailurePolicy transientFailures, int setAsideAfter) {
		this.failures = new RelayFailures(transientFailures, setAsideAfter);
		this.ledger = Objects.requireNonNull(ledger, "ledger must not be null");
		this.clock = Objects.requireNonNull(clock, "clock must not be null");
		this.pollInterval = pollInterval;
		this.retention = retention;
		this.threads = Math.max(1, threads);
		this.pass = new RelayPass(this.ledger, Objects.requireNonNull(engine, "engine must not be null"), this.clock,
				batchSize, pollInterval, Objects.requireNonNull(standing, "standing must not be null"), this.threads,
				() -> this.beforeMark.run(), this.failures);
	}

	/**
	 * Let the relay look for pending entries now rather than after the poll interval.
	 */
	public void wake() {
		if (this.wakeUp.availablePermits() < this.threads) {
			this.wakeUp.release();
		}
	}

	/**
	 * Entries this relay has applied since it was created.
	 * @return the count
	 */
	public long appliedCount() {
		return this.pass.appliedCount();
	}

	/**
	 * Entries this relay has set aside since it was created: each failed for good on its
	 * own {@code set-aside-after} times, and is kept in the ledger, marked set aside.
	 * @return the count
	 */
	public long setAsideCount() {
		return this.failures.setAsideCount();
	}

	/**
	 * Passes over the ledger that failed (Redis or the database did not answer) since the
	 * relay was created; their entries stayed pending.
	 * @return the count
	 */
	long failedPasses() {
		return this.failedPasses.get();
	}

	@Override
	public long get(LedgerCounter counter) {
		return switch (counter) {
			case APPLIED -> appliedCount();
			case SET_ASIDE -> setAsideCount();
			case FAILED_PASSES -> failedPasses();
			case REDIS_ONLY -> this.ledger.redisOnlyCount();
		};
	}

	@Override
	public int setAsideAfter() {
		return this.failures.setAsideAfter();
	}

	/**
	 * Observe each award the relay applies, as a new trace: the request that made it is
	 * not recorded in the ledger.
	 * @param observations where observations go
	 */
	@Override
	public void setObservations(ActivityObservations observations) {
		this.pass.setObservations(observations);
	}

	/**
	 * Wait until no entry is pending in the ledger, whoever applies it. Meant for tests
	 * and shutdown.
	 * @param timeout how long to wait at most
	 * @return {@code true} when nothing is pending
	 */
	public boolean awaitIdle(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			// read after the database: a pass that committed the last entries counts
			// them once it ends, and the counters are part of what a caller waits for
			if (this.ledger.pendingCount() == 0 && !this.pass.passing()) {
				return true;
			}
			if (System.nanoTime() - deadline >= 0) {
				return false;
			}
			wake();
			try {
				Thread.sleep(20);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
		}
	}

	@Override
	public void start() {
		if (this.running) {
			return;
		}
		this.running = true;
		int instance = instances.incrementAndGet();
		String name = "activity-rank-ledger-relay" + ((instance == 1) ? "" : "-" + instance);
		List<Thread> started = new ArrayList<>(this.threads);
		for (int t = 0; t < this.threads; t++) {
			Thread relay = new Thread(this::run, name + ((t == 0) ? "" : "." + t));
			relay.setDaemon(true);
			started.add(relay);
		}
		this.relayThreads = List.copyOf(started);
		started.forEach(Thread::start);
	}

	@Override
	public void stop() {
		this.running = false;
		List<Thread> relays = this.relayThreads;
		if (relays.isEmpty()) {
			return;
		}
		for (int t = 0; t < relays.size(); t++) {
			this.wakeUp.release();
		}
		try {
			// a batch in flight finishes and commits; what is left stays pending for the
			// next start
			for (Thread relay : relays) {
				relay.join(Math.max(1000, this.pollInterval.toMillis() * 2 + 10_000));
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.relayThreads = List.of();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

	private void run() {
		while (this.running) {
			int done = 0;
			try {
				done = this.pass.relayOnce();
				if (this.retention != null
						&& Duration.between(this.lastPurge, this.clock.get()).compareTo(PURGE_EVERY) >= 0) {
					purge();
				}
			}
			catch (SQLException | RuntimeException ex) {
				this.failedPasses.incrementAndGet();
				this.failureLog.log("activity-rank ledger relay could not apply pending entries, retrying in "
						+ this.pollInterval.toMillis() + " ms: " + ex, ex);
			}
			if (done == 0) {
				try {
					// at most one permit per thread waits, so a burst of wakes costs a
					// few
					// extra passes at most
					this.wakeUp.tryAcquire(this.pollInterval.toMillis(), TimeUnit.MILLISECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return;
				}
			}
		}
	}

	/**
	 * Lanes one transaction claims.
	 * @return 1 to {@value AwardLedger#LANES}
	 * @see RelayPass#lanesPerTransaction()
	 */
	int lanesPerTransaction() {
		return this.pass.lanesPerTransaction();
	}

	/**
	 * Delete applied entries older than the retention.
	 * @return the number deleted, 0 without a retention
	 */
	int purge() {
		if (this.retention == null) {
			return 0;
		}
		Instant now = this.clock.get();
		this.lastPurge = now;
		return this.ledger.deleteAppliedBefore(now.minus(this.retention));
	}

}
