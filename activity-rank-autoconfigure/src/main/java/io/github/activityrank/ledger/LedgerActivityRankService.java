package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ActivitySummary;
import io.github.activityrank.AwardResult;
import io.github.activityrank.DayActivity;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.engine.CheckedLeaderboard;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The {@link ActivityRankService} with the ledger on. Direct awards and revokes keep
 * their contract, the real {@link AwardResult} at once: they are applied to Redis first,
 * exactly as without the ledger (outside any transaction of the caller), then written to
 * the ledger as applied entries with their outcomes, in one insert on a connection of
 * their own. So a call that returned is in the ledger; a call that threw (Redis down) is
 * not, and the caller knows it. Before Redis, the ledger decides what Redis no longer can
 * ({@link StandingAwards}), holding the users' lanes as the relay does. Queries go to the
 * engine, except those of a period past its Redis retention, which read the archived
 * standings ({@link LedgerArchive}); {@link #removeUser} also erases the user from the
 * database.
 */
public class LedgerActivityRankService implements ActivityRankService {

	private static final Log logger = LogFactory.getLog(LedgerActivityRankService.class);

	private final ActivityRankService engine;

	private final AwardLedger ledger;

	private final Supplier<Instant> clock;

	private final StandingAwards standing;

	private final LedgerArchive archive;

	private final WarnOnce failureLog = new WarnOnce(logger, "further failures are logged at debug level");

	/**
	 * Create the service.
	 * @param engine the service that applies to Redis and answers queries
	 * @param ledger where applied awards are recorded
	 * @param clock the application's clock
	 * @param standing the standing awards, which decide what Redis no longer can
	 */
	public LedgerActivityRankService(ActivityRankService engine, AwardLedger ledger, Supplier<Instant> clock,
			StandingAwards standing) {
		this(engine, ledger, clock, standing, null);
	}

	/**
	 * Create the service with archived standings: queries of a period past its Redis
	 * retention read them.
	 * @param engine the service that applies to Redis and answers queries
	 * @param ledger where applied awards are recorded
	 * @param clock the application's clock
	 * @param standing the standing awards, which decide what Redis no longer can
	 * @param archive the archived standings, or {@code null} for none
	 */
	public LedgerActivityRankService(ActivityRankService engine, AwardLedger ledger, Supplier<Instant> clock,
			StandingAwards standing, LedgerArchive archive) {
		this.archive = archive;
		this.engine = Objects.requireNonNull(engine, "engine must not be null");
		this.ledger = Objects.requireNonNull(ledger, "ledger must not be null");
		this.clock = Objects.requireNonNull(clock, "clock must not be null");
		this.standing = Objects.requireNonNull(standing, "standing must not be null");
	}

	@Override
	public AwardResult apply(ActivityEvent event) {
		return applyAll(Collections.singletonList(event)).get(0);
	}

	/**
	 * Apply through the engine with the ledger's decisions ({@link StandingAwards}), then
	 * record what was applied, in one transaction that holds the users' lanes. When the
	 * ledger cannot be read, the events are applied as without it; when what was applied
	 * cannot be recorded, that is logged (warn once, then debug): Redis has the awards,
	 * so the caller still gets their results.
	 */
	@Override
	public List<AwardResult> applyAll(List<ActivityEvent> events) {
		List<String> users = new ArrayList<>(events.size());
		for (ActivityEvent event : events) {
			if (AwardLedger.storable(event)) {
				users.add(event.userId());
			}
		}
		if (users.isEmpty()) {
			return this.engine.applyAll(events);
		}
		try (Connection connection = this.ledger.dataSource().getConnection()) {
			boolean autoCommit = connection.getAutoCommit();
			int isolation = connection.getTransactionIsolation();
			try {
				connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
				connection.setAutoCommit(false);
				return applyAndRecord(connection, events, users);
			}
			finally {
				connection.setAutoCommit(autoCommit);
				connection.setTransactionIsolation(isolation);
			}
		}
		catch (SQLException ex) {
			// only reading the ledger throws this far: nothing was applied yet
			this.failureLog.log(
					"activity-rank ledger could not be read; " + events.size() + " award(s) applied without it: " + ex,
					ex);
			return this.engine.applyAll(events);
		}
	}

	private List<AwardResult> applyAndRecord(Connection connection, List<ActivityEvent> events, List<String> users)
			throws SQLException {
		Instant at = this.clock.get();
		StandingAwards.Decided decided;
		try {
			this.ledger.lockLanes(connection, users);
			// one instant for Redis and the row, so a rebuild replays the award as it was
			// made
			decided = this.standing.apply(connection, events, Collections.nCopies(events.size(), at), this.engine);
		}
		catch (SQLException | RuntimeException ex) {
			rollback(connection, ex);
			throw ex;
		}
		try {
			List<ActivityEvent> recorded = new ArrayList<>(events.size());
			List<AwardResult> outcomes = new ArrayList<>(events.size());
			List<Long> revoked = new ArrayList<>(events.size());
			for (int i = 0; i < events.size(); i++) {
				if (AwardLedger.storable(events.get(i))) {
					recorded.add(events.get(i));
					outcomes.add(decided.results[i]);
					revoked.add(decided.revokedIds[i]);
				}
			}
			long[] recordedIds = this.ledger.insertApplied(connection, recorded, outcomes, revoked.toArray(Long[]::new),
					at);
			long[] ids = new long[events.size()];
			for (int i = 0, r = 0; i < events.size(); i++) {
				ids[i] = AwardLedger.storable(events.get(i)) ? recordedIds[r++] : -1;
			}
			this.standing.write(connection, decided, ids);
			connection.commit();
		}
		catch (SQLException | RuntimeException ex) {
			rollback(connection, ex);
			this.failureLog.log("activity-rank ledger could not record " + users.size()
					+ " applied award(s); Redis has them: " + ex, ex);
		}
		return decided.results();
	}

	private static void rollback(Connection connection, Exception ex) {
		try {
			connection.rollback();
		}
		catch (SQLException rollbackFailure) {
			ex.addSuppressed(rollbackFailure);
		}
	}

	@Override
	public LocalDate today() {
		return this.engine.today();
	}

	@Override
	public long activeUsers(Period period, LocalDate day) {
		return this.engine.activeUsers(period, day);
	}

	@Override
	public Leaderboard board(Period period) {
		return this.engine.board(period);
	}

	/**
	 * The board of a period, from the archived standings for a period past its Redis
	 * retention (without display data; {@code among} reads Redis there).
	 */
	@Override
	public Leaderboard board(Period period, LocalDate day) {
		Leaderboard live = this.engine.board(period, day);
		if (this.archive == null || !this.archive.answers(period, day)) {
			return live;
		}
		BoardSource liveSource = new LeaderboardSource(live);
		return new CheckedLeaderboard(this.archive.source(period, day, liveSource), null);
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

	@Override
	public List<DayActivity> history(String userId, LocalDate from, LocalDate to) {
		return this.engine.history(userId, from, to);
	}

	@Override
	public ActivitySummary summary(String userId, Period period, LocalDate day) {
		return this.engine.summary(userId, period, day);
	}

}
