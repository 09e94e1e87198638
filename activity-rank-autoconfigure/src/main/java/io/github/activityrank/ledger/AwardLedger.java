package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

import javax.sql.DataSource;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityLimits;
import io.github.activityrank.AwardResult;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The ledger table in the application's database: one row per award or revoke request.
 * Writes of the dispatcher path go through a {@link JdbcTemplate}, so they join the
 * caller's transaction when one is bound to the thread (Spring's {@code DataSourceUtils})
 * and commit on their own otherwise. Reads and marks of the relay run on a connection the
 * relay controls.
 */
public class AwardLedger {

	/** Lanes in the lane table; the schema scripts insert rows 0 to 15. */
	public static final int LANES = 16;

	static final String AWARD = "AWARD";

	static final String REVOKE = "REVOKE";

	static final int PENDING = 0;

	static final int APPLIED = 1;

	/** Rows per insert statement: one statement, one round trip, bounded parameters. */
	static final int MAX_ROWS_PER_INSERT = 500;

	private static final int MAX_RULE_LENGTH = 64;

	/** Group inserts on their way at the same time: a few pool connections at most. */
	private static final int CONCURRENT_INSERTS = 4;

	/** The placeholders of one row of the insert. */
	private static final String ROW = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

	private final DataSource dataSource;

	private final JdbcTemplate jdbc;

	private final LedgerTables tables;

	/** Inserts of callers without a transaction, merged while one is on its way. */
	private final GroupInserts groupInserts = new GroupInserts(this::insertGroup, MAX_ROWS_PER_INSERT,
			CONCURRENT_INSERTS);

	/**
	 * Create the ledger.
	 * @param dataSource the application's data source
	 * @param tables the table names
	 */
	public AwardLedger(DataSource dataSource, LedgerTables tables) {
		this.dataSource = Objects.requireNonNull(dataSource, "dataSource must not be null");
		this.jdbc = new JdbcTemplate(dataSource);
		this.tables = Objects.requireNonNull(tables, "tables must not be null");
	}

	/**
	 * The table names.
	 * @return the tables
	 */
	public LedgerTables tables() {
		return this.tables;
	}

	DataSource dataSource() {
		return this.dataSource;
	}

	/**
	 * Whether an event fits the ledger's columns. Events that do not are ones the engine
	 * rejects anyway (no user, an oversized or control-character id or field); they are
	 * not written, so one bad event never fails the insert of good ones.
	 * @param event the event
	 * @return {@code true} when it can be written
	 */
	public static boolean storable(ActivityEvent event) {
		return event != null && fits(event.userId(), ActivityLimits.MAX_USER_ID_LENGTH, false)
				&& fits(event.field(), ActivityLimits.MAX_FIELD_LENGTH, true)
				&& fits(event.rule(), MAX_RULE_LENGTH, true);
	}

	/** Whether a user id fits the ledger's columns. */
	static boolean storableUser(String userId) {
		return fits(userId, ActivityLimits.MAX_USER_ID_LENGTH, false);
	}

	private static boolean fits(String value, int maxLength, boolean optional) {
		if (value == null) {
			return optional;
		}
		if (value.isBlank() || value.length() > maxLength) {
			return false;
		}
		for (int i = 0; i < value.length(); i++) {
			if (Character.isISOControl(value.charAt(i))) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The lane of a user: stable across JVMs, as {@link String#hashCode()} is specified.
	 * @param userId the user
	 * @return 0 to {@value #LANES} - 1
	 */
	public static int laneOf(String userId) {
		return Math.floorMod(userId.hashCode(), LANES);
	}

	/**
	 * Write pending entries, in the caller's transaction when one is active: one insert
	 * statement for up to {@value #MAX_ROWS_PER_INSERT} events.
	 * @param events storable events (see {@link #storable(ActivityEvent)})
	 * @param at the time the requests were made
	 */
	public void appendPending(List<ActivityEvent> events, Instant at) {
		if (TransactionSynchronizationManager.getResource(this.dataSource) != null
				|| events.size() > MAX_ROWS_PER_INSERT) {
			// a connection of the caller's transaction: the rows go in with it
			insert(events, null, at, this.jdbc);
		}
		else {
			this.groupInserts.write(new GroupInserts.Write(events, at));
		}
	}

	/** The rows of several callers without a transaction, one statement that commits. */
	private void insertGroup(List<GroupInserts.Write> writes) {
		if (writes.size() == 1) {
			insert(writes.get(0).events, null, writes.get(0).at, this.jdbc);
			return;
		}
		StringBuilder sql = new StringBuilder("INSERT INTO ").append(this.tables.ledger())
			.append(" (kind, lane, user_id, rule_name, points, field, event_at, state, outcome, applied_points,"
					+ " applied_at) VALUES ");
		List<Object> args = new ArrayList<>();
		boolean first = true;
		for (GroupInserts.Write write : writes) {
			for (ActivityEvent event : write.events) {
				sql.append(first ? "" : ", ").append(ROW);
				first = false;
				addRow(args, event, null, write.at.toEpochMilli());
			}
		}
		this.jdbc.update(sql.toString(), args.toArray());
	}

	/**
	 * Write entries that have been applied already, with their outcomes, on a connection
	 * of their own (never the caller's transaction: Redis has them whatever it does).
	 * @param events storable events
	 * @param results their results, in the same order
	 * @param at the time they were applied
	 */
	public void appendApplied(List<ActivityEvent> events, List<AwardResult> results, Instant at) {
		try (Connection connection = this.dataSource.getConnection()) {
			if (!connection.getAutoCommit()) {
				connection.setAutoCommit(true);
			}
			JdbcTemplate own = new JdbcTemplate(new SingleConnectionDataSource(connection, true));
			insert(events, results, at, own);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("activity-rank ledger could not record applied awards: " + ex, ex);
		}
	}

	private void insert(List<ActivityEvent> events, List<AwardResult> results, Instant at, JdbcTemplate jdbc) {
		long millis = at.toEpochMilli();
		for (int from = 0; from < events.size(); from += MAX_ROWS_PER_INSERT) {
			int to = Math.min(events.size(), from + MAX_ROWS_PER_INSERT);
			StringBuilder sql = new StringBuilder("INSERT INTO ").append(this.tables.ledger())
				.append(" (kind, lane, user_id, rule_name, points, field, event_at, state, outcome, applied_points,"
						+ " applied_at) VALUES ");
			List<Object> args = new ArrayList<>((to - from) * 11);
			for (int i = from; i < to; i++) {
				sql.append((i > from) ? ", " : "").append(ROW);
				addRow(args, events.get(i), (results != null) ? results.get(i) : null, millis);
			}
			jdbc.update(sql.toString(), args.toArray());
		}
	}

	private static void addRow(List<Object> args, ActivityEvent event, AwardResult result, long millis) {
		args.add(event.revoke() ? REVOKE : AWARD);
		args.add(laneOf(event.userId()));
		args.add(event.userId());
		args.add(event.rule());
		args.add(event.points());
		args.add(event.field());
		args.add(millis);
		args.add((result != null) ? APPLIED : PENDING);
		args.add((result != null) ? result.outcome().name() : null);
		args.add((result != null) ? result.points() : null);
		args.add((result != null) ? millis : null);
	}

	/**
	 * Lanes that have pending entries.
	 * @param connection the relay's connection
	 * @return the lanes, ascending
	 * @throws SQLException when the database fails
	 */
	List<Integer> pendingLanes(Connection connection) throws SQLException {
		List<Integer> lanes = new ArrayList<>();
		try (PreparedStatement statement = connection
			.prepareStatement("SELECT DISTINCT lane FROM " + this.tables.ledger() + " WHERE state = " + PENDING)) {
			try (ResultSet rows = statement.executeQuery()) {
				while (rows.next()) {
					lanes.add(rows.getInt(1));
				}
			}
		}
		lanes.sort(null);
		return lanes;
	}

	/**
	 * Lock a lane for the connection's transaction, unless another relay holds it.
	 * @param connection the relay's connection, in a transaction
	 * @param lane the lane
	 * @return whether this transaction now holds the lane
	 * @throws SQLException when the database fails
	 */
	boolean tryLockLane(Connection connection, int lane) throws SQLException {
		try (PreparedStatement statement = connection
			.prepareStatement("SELECT lane FROM " + this.tables.lanes() + " WHERE lane = ? FOR UPDATE SKIP LOCKED")) {
			statement.setInt(1, lane);
			try (ResultSet rows = statement.executeQuery()) {
				return rows.next();
			}
		}
	}

	/**
	 * The oldest pending entries of a lane.
	 * @param connection the relay's connection, holding the lane
	 * @param lane the lane
	 * @param limit most entries
	 * @return the entries, oldest first
	 * @throws SQLException when the database fails
	 */
	List<LedgerEntry> pending(Connection connection, int lane, int limit) throws SQLException {
		List<LedgerEntry> entries = new ArrayList<>();
		try (PreparedStatement statement = connection
			.prepareStatement("SELECT id, kind, user_id, rule_name, points, field FROM " + this.tables.ledger()
					+ " WHERE state = " + PENDING + " AND lane = ? ORDER BY id LIMIT ?")) {
			statement.setInt(1, lane);
			statement.setInt(2, limit);
			try (ResultSet rows = statement.executeQuery()) {
				while (rows.next()) {
					long points = rows.getLong(5);
					Long boxed = rows.wasNull() ? null : points;
					entries.add(new LedgerEntry(rows.getLong(1), new ActivityEvent(rows.getString(3), rows.getString(4),
							boxed, rows.getString(6), REVOKE.equals(rows.getString(2)))));
				}
			}
		}
		return entries;
	}

	/**
	 * Mark entries applied with their outcomes: one statement per distinct outcome.
	 * @param connection the relay's connection, holding the lane
	 * @param entries the entries
	 * @param results their results, in the same order
	 * @param revokedIds per entry, the award entry a revoke the ledger applied itself
	 * took back, else {@code null}
	 * @param at when they were applied
	 * @throws SQLException when the database fails
	 */
	void markApplied(Connection connection, List<LedgerEntry> entries, List<AwardResult> results, Long[] revokedIds,
			Instant at) throws SQLException {
		// entries with the same outcome share one statement: most of a batch is AWARDED
		// with the rule's points, so a batch is marked in one or a few round trips
		Map<List<Object>, List<Long>> groups = new LinkedHashMap<>();
		for (int i = 0; i < entries.size(); i++) {
			List<Object> outcome = Arrays.asList(results.get(i).outcome().name(), results.get(i).points(),
					revokedIds[i]);
			groups.computeIfAbsent(outcome, (key) -> new ArrayList<>()).add(entries.get(i).id());
		}
		for (Map.Entry<List<Object>, List<Long>> group : groups.entrySet()) {
			List<Long> ids = group.getValue();
			StringBuilder sql = new StringBuilder("UPDATE ").append(this.tables.ledger())
				.append(" SET state = " + APPLIED + ", outcome = ?, applied_points = ?, applied_at = ?, revoked_id = ?")
				.append(" WHERE id IN (");
			for (int i = 0; i < ids.size(); i++) {
				sql.append((i > 0) ? ", " : "").append(ids.get(i));
			}
			sql.append(')');
			try (PreparedStatement statement = connection.prepareStatement(sql.toString())) {
				statement.setString(1, (String) group.getKey().get(0));
				statement.setLong(2, (Long) group.getKey().get(1));
				statement.setLong(3, at.toEpochMilli());
				statement.setObject(4, group.getKey().get(2), Types.BIGINT);
				statement.executeUpdate();
			}
		}
	}

	/**
	 * Write entries that have been applied already, one statement each, and return their
	 * ids: the standing awards they made refer to them.
	 * @param connection a connection in the transaction that records them
	 * @param events storable events
	 * @param results their results, in the same order
	 * @param revokedIds per event, the award entry a revoke the ledger applied itself
	 * took back, else {@code null}
	 * @param at when they were applied
	 * @return the ids, in the same order
	 * @throws SQLException when the database fails
	 */
	long[] insertApplied(Connection connection, List<ActivityEvent> events, List<AwardResult> results,
			Long[] revokedIds, Instant at) throws SQLException {
		long[] ids = new long[events.size()];
		try (PreparedStatement statement = connection.prepareStatement(
				"INSERT INTO " + this.tables.ledger()
						+ " (kind, lane, user_id, rule_name, points, field, event_at, state, outcome, applied_points,"
						+ " applied_at, revoked_id) VALUES (?, ?, ?, ?, ?, ?, ?, " + APPLIED + ", ?, ?, ?, ?)",
				new String[] { "id" })) {
			for (int i = 0; i < events.size(); i++) {
				ActivityEvent event = events.get(i);
				statement.setString(1, event.revoke() ? REVOKE : AWARD);
				statement.setInt(2, laneOf(event.userId()));
				statement.setString(3, event.userId());
				statement.setObject(4, event.rule(), Types.VARCHAR);
				statement.setObject(5, event.points(), Types.BIGINT);
				statement.setObject(6, event.field(), Types.VARCHAR);
				statement.setLong(7, at.toEpochMilli());
				statement.setString(8, results.get(i).outcome().name());
				statement.setLong(9, results.get(i).points());
				statement.setLong(10, at.toEpochMilli());
				statement.setObject(11, revokedIds[i], Types.BIGINT);
				statement.executeUpdate();
				try (ResultSet keys = statement.getGeneratedKeys()) {
					if (!keys.next()) {
						throw new SQLException("the database returned no id for a ledger entry");
					}
					ids[i] = keys.getLong(1);
				}
			}
		}
		return ids;
	}

	/**
	 * Lock the lanes of some users until the connection's transaction ends, waiting for a
	 * relay that holds one: direct calls decide as the relay does, one at a time per
	 * user.
	 * @param connection a connection in a transaction
	 * @param userIds the users
	 * @throws SQLException when the database fails
	 */
	void lockLanes(Connection connection, List<String> userIds) throws SQLException {
		TreeSet<Integer> lanes = new TreeSet<>();
		userIds.forEach((userId) -> lanes.add(laneOf(userId)));
		StringBuilder sql = new StringBuilder("SELECT lane FROM ").append(this.tables.lanes())
			.append(" WHERE lane IN (");
		int k = 0;
		for (Integer lane : lanes) {
			sql.append((k++ > 0) ? ", " : "").append(lane);
		}
		sql.append(") ORDER BY lane FOR UPDATE");
		try (PreparedStatement statement = connection.prepareStatement(sql.toString());
				ResultSet rows = statement.executeQuery()) {
			int locked = 0;
			while (rows.next()) {
				locked++; // each row read is locked
			}
			if (locked != lanes.size()) {
				throw new SQLException("lane table " + this.tables.lanes() + " lacks rows of lanes " + lanes);
			}
		}
	}

	/**
	 * Delete everything the database holds of a user: ledger entries, standing awards and
	 * archived standings.
	 * @param connection a connection in the transaction that erases the user
	 * @param userId the user
	 * @throws SQLException when the database fails
	 */
	void erase(Connection connection, String userId) throws SQLException {
		for (String table : List.of(this.tables.ledger(), this.tables.standing(), this.tables.archive())) {
			try (PreparedStatement statement = connection
				.prepareStatement("DELETE FROM " + table + " WHERE user_id = ?")) {
				statement.setString(1, userId);
				statement.executeUpdate();
			}
		}
	}

	/**
	 * How many entries wait for the relay.
	 * @return the count
	 */
	public long pendingCount() {
		Long count = this.jdbc
			.queryForObject("SELECT COUNT(*) FROM " + this.tables.ledger() + " WHERE state = " + PENDING, Long.class);
		return (count != null) ? count : 0;
	}

	/**
	 * Delete applied entries made before an instant
	 * ({@code activity-rank.ledger.retention}); pending ones are always kept.
	 * @param before the oldest time kept
	 * @return the number of entries deleted
	 */
	public int deleteAppliedBefore(Instant before) {
		return this.jdbc.update(
				"DELETE FROM " + this.tables.ledger() + " WHERE state = " + APPLIED + " AND event_at < ?",
				before.toEpochMilli());
	}

}
