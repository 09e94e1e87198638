package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.engine.ActivityObservations;
import io.github.activityrank.engine.ActivityWrites;
import io.github.activityrank.engine.AwardPath;
import io.github.activityrank.engine.ComposedActivityRankService;
import io.github.activityrank.engine.ObservationsAware;
import io.github.activityrank.engine.ObservedAwards;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The write side of the {@link ActivityRankService} with the ledger on (the reads stay
 * the engine's, {@link ComposedActivityRankService}). Direct awards and revokes keep
 * their contract, the real {@link AwardResult} at once, outside any transaction of the
 * caller: their entries are written first (pending, committed at once, on a connection of
 * their own), then applied to Redis while their users' lanes are held, and marked with
 * their outcomes. So Redis never holds a direct award the ledger does not: a call whose
 * entries cannot be written throws and applies nothing, unless
 * {@code activity-rank.ledger.redis-only-on-failure} lets it go to Redis alone. Before
 * Redis, the ledger decides what Redis no longer can ({@link StandingAwards}), holding
 * the users' lanes as the relay does. {@link #removeUser} also erases the user from the
 * database.
 */
public class LedgerActivityWrites implements ActivityWrites, ObservationsAware {

	private static final Log logger = LogFactory.getLog(LedgerActivityWrites.class);

	private final ActivityRankService engine;

	private final AwardLedger ledger;

	private final Supplier<Instant> clock;

	private final StandingAwards standing;

	private final WarnOnce failureLog = new WarnOnce(logger, "further failures are logged at debug level");

	private final RedisOnlyFallback fallback;

	private ActivityObservations observations = ActivityObservations.NONE;

	/**
	 * Create the writes.
	 * @param engine the service that applies to Redis
	 * @param ledger where applied awards are recorded
	 * @param clock the application's clock
	 * @param standing the standing awards, which decide what Redis no longer can
	 */
	public LedgerActivityWrites(ActivityRankService engine, AwardLedger ledger, Supplier<Instant> clock,
			StandingAwards standing) {
		this(engine, ledger, clock, standing, false);
	}

	/**
	 * Create the writes, choosing what a direct call does when its entries cannot be
	 * written.
	 * @param engine the service that applies to Redis
	 * @param ledger where awards are recorded
	 * @param clock the application's clock
	 * @param standing the standing awards, which decide what Redis no longer can
	 * @param redisOnlyOnFailure whether a direct call whose entries cannot be written is
	 * applied to Redis alone (counted, and logged at most once a minute) rather than
	 * failing
	 */
	public LedgerActivityWrites(ActivityRankService engine, AwardLedger ledger, Supplier<Instant> clock,
			StandingAwards standing, boolean redisOnlyOnFailure) {
		this.engine = Objects.requireNonNull(engine, "engine must not be null");
		this.ledger = Objects.requireNonNull(ledger, "ledger must not be null");
		this.clock = Objects.requireNonNull(clock, "clock must not be null");
		this.standing = Objects.requireNonNull(standing, "standing must not be null");
		this.fallback = new RedisOnlyFallback(this.engine, this.ledger, redisOnlyOnFailure);
	}

	/**
	 * Observe direct awards.
	 * @param observations where observations go
	 */
	@Override
	public void setObservations(ActivityObservations observations) {
		this.observations = (observations != null) ? observations : ActivityObservations.NONE;
	}

	@Override
	public List<AwardResult> applyAll(List<ActivityEvent> events) {
		if (this.observations.isActive()) {
			return ObservedAwards.apply(this.observations, events, AwardPath.DIRECT, () -> record(events));
		}
		return record(events);
	}

	private List<AwardResult> record(List<ActivityEvent> events) {
		List<ActivityEvent> storable = new ArrayList<>(events.size());
		for (ActivityEvent event : events) {
			if (AwardLedger.storable(event)) {
				storable.add(event);
			}
		}
		if (storable.isEmpty()) {
			return this.engine.applyAll(events);
		}
		Instant at = this.clock.get();
		Connection connection;
		try {
			connection = this.ledger.dataSource().getConnection();
		}
		catch (SQLException ex) {
			return this.fallback.notRecorded(events, storable.size(), ex);
		}
		try {
			boolean autoCommit;
			int isolation;
			long[] ids;
			try {
				autoCommit = connection.getAutoCommit();
				isolation = connection.getTransactionIsolation();
			}
			catch (SQLException ex) {
				return this.fallback.notRecorded(events, storable.size(), ex);
			}
			try {
				// all the rows or none: a call that throws leaves none to the relay
				connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
				connection.setAutoCommit(false);
				ids = this.ledger.insertPending(connection, storable, at);
				connection.commit();
			}
			catch (SQLException | RuntimeException ex) {
				rollback(connection, ex);
				restore(connection, autoCommit, isolation);
				return this.fallback.notRecorded(events, storable.size(), ex);
			}
			try {
				// read committed (set above): rows are read after their lanes' locks
				return applyAndMark(connection, events, ids, at);
			}
			catch (SQLException ex) {
				throw new IllegalStateException("activity-rank ledger wrote " + ids.length
						+ " entries that it could not apply now; the relay applies them: " + ex, ex);
			}
			finally {
				restore(connection, autoCommit, isolation);
			}
		}
		finally {
			close(connection);
		}
	}

	/**
	 * Holding the users' lanes, apply the entries no relay applied since they were
	 * written, mark them and commit.
	 */
	private List<AwardResult> applyAndMark(Connection connection, List<ActivityEvent> events, long[] ids, Instant at)
			throws SQLException {
		List<String> users = new ArrayList<>(ids.length);
		long[] idOf = new long[events.size()];
		for (int i = 0, r = 0; i < events.size(); i++) {
			boolean stored = AwardLedger.storable(events.get(i));
			idOf[i] = stored ? ids[r++] : -1;
			if (stored) {
				users.add(events.get(i).userId());
			}
		}
		Map<Long, AwardResult> done;
		List<ActivityEvent> todo = new ArrayList<>(events.size());
		List<Integer> todoIndex = new ArrayList<>(events.size());
		StandingAwards.Decided decided;
		try {
			this.ledger.lockLanes(connection, users);
			applyEarlier(connection, events, idOf, at);
			// a relay may have applied some of them between the insert and the lock
			done = this.ledger.outcomesOfDone(connection, ids);
			for (int i = 0; i < events.size(); i++) {
				if (!done.containsKey(idOf[i])) {
					todo.add(events.get(i));
					todoIndex.add(i);
				}
			}
			// one instant for Redis and the row, so a rebuild replays the award as it was
			// made
			decided = this.standing.apply(connection, todo, Collections.nCopies(todo.size(), at), this.engine);
		}
		catch (SQLException | RuntimeException ex) {
			// the entries stay pending: the relay applies them
			rollback(connection, ex);
			throw ex;
		}
		List<AwardResult> results = new ArrayList<>(Collections.nCopies(events.size(), null));
		for (int i = 0; i < events.size(); i++) {
			AwardResult recorded = done.get(idOf[i]);
			if (recorded != null) {
				results.set(i, recorded);
			}
		}
		List<AwardResult> applied = decided.results();
		try {
			List<LedgerEntry> marked = new ArrayList<>(todo.size());
			List<AwardResult> outcomes = new ArrayList<>(todo.size());
			List<Long> revoked = new ArrayList<>(todo.size());
			long[] decidedIds = new long[todo.size()];
			for (int t = 0; t < todo.size(); t++) {
				int i = todoIndex.get(t);
				results.set(i, applied.get(t));
				decidedIds[t] = idOf[i];
				if (idOf[i] >= 0) {
					marked.add(new LedgerEntry(idOf[i], events.get(i), at, false));
					outcomes.add(applied.get(t));
					revoked.add(decided.revokedIds[t]);
				}
			}
			this.ledger.markApplied(connection, marked, outcomes, revoked.toArray(Long[]::new), at);
			this.standing.write(connection, decided, decidedIds);
			connection.commit();
		}
		catch (SQLException | RuntimeException ex) {
			rollback(connection, ex);
			// Redis has them and the ledger holds them pending: the relay applies them
			// again, which changes nothing
			this.failureLog.log("activity-rank ledger could not mark " + todo.size()
					+ " applied award(s); they stay pending and the relay applies them again: " + ex, ex);
		}
		return results;
	}

	/**
	 * Apply the users' entries written before the call's and still pending (an annotated
	 * award the relay has not reached yet) first, in id order, so that a direct revoke
	 * never overtakes its award.
	 */
	private void applyEarlier(Connection connection, List<ActivityEvent> events, long[] idOf, Instant at)
			throws SQLException {
		// per user, the call's first entry: ids of other writers interleave with the
		// call's
		Map<String, Long> first = new HashMap<>();
		for (int i = 0; i < events.size(); i++) {
			if (idOf[i] >= 0) {
				first.merge(events.get(i).userId(), idOf[i], Math::min);
			}
		}
		if (first.isEmpty()) {
			return;
		}
		List<LedgerEntry> earlier = this.ledger.pendingBefore(connection, first);
		if (earlier.isEmpty()) {
			return;
		}
		LedgerEntry.Batch batch = LedgerEntry.Batch.of(earlier);
		StandingAwards.Decided decided = this.standing.apply(connection, batch.events(), batch.times(), this.engine);
		this.ledger.markApplied(connection, earlier, decided.results(), decided.revokedIds, at);
		this.standing.write(connection, decided, batch.ids());
	}

	private static void restore(Connection connection, boolean autoCommit, int isolation) {
		try {
			connection.setAutoCommit(autoCommit);
			connection.setTransactionIsolation(isolation);
		}
		catch (SQLException ex) {
			logger.debug("activity-rank ledger could not restore a connection's settings", ex);
		}
	}

	private static void close(Connection connection) {
		try {
			connection.close();
		}
		catch (SQLException ex) {
			logger.debug("activity-rank ledger could not close a connection", ex);
		}
	}

	private static void rollback(Connection connection, Exception ex) {
		try {
			connection.rollback();
		}
		catch (SQLException rollbackFailure) {
			ex.addSuppressed(rollbackFailure);
		}
	}

	/**
	 * Remove the user from Redis and erase them from the database: their ledger entries
	 * (pending ones too), standing awards and archived standings, in one transaction that
	 * holds the user's lane, so the relay applies none of their entries meanwhile. The
	 * transaction commits after Redis removed the user; when Redis fails, nothing is
	 * erased and the call throws.
	 * @return the number of Redis keys changed
	 */
	@Override
	public long removeUser(String userId) {
		if (!AwardLedger.storableUser(userId)) {
			return this.engine.removeUser(userId);
		}
		try (Connection connection = this.ledger.dataSource().getConnection()) {
			boolean autoCommit = connection.getAutoCommit();
			try {
				connection.setAutoCommit(false);
				try {
					this.ledger.lockLanes(connection, List.of(userId));
					this.ledger.erase(connection, userId);
					long changed = this.engine.removeUser(userId);
					connection.commit();
					return changed;
				}
				catch (SQLException | RuntimeException ex) {
					rollback(connection, ex);
					throw ex;
				}
			}
			finally {
				connection.setAutoCommit(autoCommit);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("activity-rank ledger could not erase user " + userId + ": " + ex, ex);
		}
	}

}
