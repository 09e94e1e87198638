package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import javax.sql.DataSource;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityLimits;
import io.github.activityrank.AwardResult;
import io.github.activityrank.ChallengeDefinition;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
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

	/** A challenge created: field = its id, the definition in the challenge table. */
	static final String CHALLENGE = "CHALLENGE";

	/** A user joined a challenge: field = its id. */
	static final String JOIN = "JOIN";

	/** A user left a challenge: field = its id. */
	static final String LEAVE = "LEAVE";

	static final int PENDING = 0;

	static final int APPLIED = 1;

	/** Rows per insert statement: one statement, one round trip, bounded parameters. */
	static final int MAX_ROWS_PER_INSERT = 500;

	/** Ids in one UPDATE or DELETE of the relay: a bounded statement. */
	static final int IDS_PER_STATEMENT = 1000;

	private static final int MAX_RULE_LENGTH = 64;

	/**
	 * Group inserts on their way at the same time. Each caller waits for its commit
	 * whatever this is, so callers per second are bounded by the commit's latency times
	 * this; more statements and commits in flight leave less CPU to the relay on a small
	 * machine. Three gave more applied awards per second than two in interleaved runs on
	 * 2 cores (docs/reliability.md scenario 15); four, on a busier machine, starved the
	 * relay.
	 */
	private static final int CONCURRENT_INSERTS = 3;

	/**
	 * One row of the insert: what every pending row shares is written in the statement,
	 * not bound, which spares the driver four parameters per row (three of them nulls,
	 * each of which costs the JDBC layer a look at the driver).
	 */
	private static final String ROW = "(?, ?, ?, ?, ?, ?, ?, " + PENDING + ", NULL, NULL, NULL)";

	/**
	 * The SQL types of one row's parameters: a null is bound with its type, no lookup.
	 */
	private static final int[] ROW_TYPES = { Types.VARCHAR, Types.INTEGER, Types.VARCHAR, Types.VARCHAR, Types.BIGINT,
			Types.VARCHAR, Types.BIGINT };

	private final DataSource dataSource;

	private final JdbcTemplate jdbc;

	private final LedgerTables tables;

	/** {@link #pendingLanes}'s statement: the same every pass, so it is built once. */
	private final String pendingLanesSql;

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
		this.pendingLanesSql = pendingLanesSql(tables);
	}

	private static String pendingLanesSql(LedgerTables tables) {
		StringBuilder sql = new StringBuilder();
		for (int lane = 0; lane < LANES; lane++) {
			sql.append((lane > 0) ? " UNION ALL " : "")
				.append("(SELECT lane FROM ")
				.append(tables.ledger())
				.append(" WHERE state = " + PENDING + " AND lane = ")
				.append(lane)
				.append(" AND id >= ? ORDER BY id LIMIT 1)");
		}
		return sql.toString();
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
	static boolean storable(ActivityEvent event) {
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
	static int laneOf(String userId) {
		return Math.floorMod(userId.hashCode(), LANES);
	}

	/**
	 * Write pending entries, in the caller's transaction when one is active: one insert
	 * statement for up to {@value #MAX_ROWS_PER_INSERT} events.
	 * @param events storable events (see {@link #storable(ActivityEvent)})
	 * @param at the time the requests were made
	 */
	void appendPending(List<ActivityEvent> events, Instant at) {
		if (TransactionSynchronizationManager.getResource(this.dataSource) != null
				|| events.size() > MAX_ROWS_PER_INSERT) {
			// a connection of the caller's transaction: the rows go in with it
			insert(events, at, this.jdbc);
		}
		else {
			this.groupInserts.write(new GroupInserts.Write(events, at));
		}
	}

	/** The rows of several callers without a transaction, one statement that commits. */
	private void insertGroup(List<GroupInserts.Write> writes) {
		if (writes.size() == 1) {
			insert(writes.get(0).events, writes.get(0).at, this.jdbc);
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
				addRow(args, event, write.at.toEpochMilli());
			}
		}
		this.jdbc.update(sql.toString(), args.toArray(), rowTypes(args.size() / ROW_TYPES.length));
	}

	private void insert(List<ActivityEvent> events, Instant at, JdbcTemplate jdbc) {
		long millis = at.toEpochMilli();
		for (int from = 0; from < events.size(); from += MAX_ROWS_PER_INSERT) {
			int to = Math.min(events.size(), from + MAX_ROWS_PER_INSERT);
			StringBuilder sql = new StringBuilder("INSERT INTO ").append(this.tables.ledger())
				.append(" (kind, lane, user_id, rule_name, points, field, event_at, state, outcome, applied_points,"
						+ " applied_at) VALUES ");
			List<Object> args = new ArrayList<>((to - from) * ROW_TYPES.length);
			for (int i = from; i < to; i++) {
				sql.append((i > from) ? ", " : "").append(ROW);
				addRow(args, events.get(i), millis);
			}
			jdbc.update(sql.toString(), args.toArray(), rowTypes(to - from));
		}
	}

	private static int[] rowTypes(int rows) {
		int[] types = new int[rows * ROW_TYPES.length];
		for (int i = 0; i < rows; i++) {
			System.arraycopy(ROW_TYPES, 0, types, i * ROW_TYPES.length, ROW_TYPES.length);
		}
		return types;
	}

	private static void addRow(List<Object> args, ActivityEvent event, long millis) {
		args.add(event.revoke() ? REVOKE : AWARD);
		args.add(laneOf(event.userId()));
		args.add(event.userId());
		args.add(event.rule());
		args.add(event.points());
		args.add(event.field());
		args.add(millis);
	}

	/**
	 * Lanes that have pending entries from some id on: one index probe per lane, however
	 * many entries wait. The {@code ORDER BY id} keeps PostgreSQL on the pending index: a
	 * plan it caches for the statement while the table is small (after five executions)
	 * would otherwise read the age index and filter every pending row of every lane.
	 * @param connection the relay's connection
	 * @param from per lane, the lowest id to look at (see {@link LedgerRelay}: below it
	 * the relay has applied everything it could see)
	 * @return the lanes, ascending
	 * @throws SQLException when the database fails
	 */
	List<Integer> pendingLanes(Connection connection, long[] from) throws SQLException {
		List<Integer> lanes = new ArrayList<>();
		try (PreparedStatement statement = connection.prepareStatement(this.pendingLanesSql)) {
			for (int lane = 0; lane < LANES; lane++) {
				statement.setLong(lane + 1, from[lane]);
			}
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
	 * Lock some lanes for the connection's transaction, skipping those another relay
	 * holds: one statement, which never waits.
	 * @param connection the relay's connection, in a transaction
	 * @param lanes the lanes wanted
	 * @return the lanes this transaction now holds, ascending
	 * @throws SQLException when the database fails
	 */
	List<Integer> tryLockLanes(Connection connection, List<Integer> lanes) throws SQLException {
		List<Integer> locked = new ArrayList<>(lanes.size());
		try (PreparedStatement statement = connection.prepareStatement("SELECT lane FROM " + this.tables.lanes()
				+ " WHERE lane IN (" + inList(lanes) + ") FOR UPDATE SKIP LOCKED")) {
			try (ResultSet rows = statement.executeQuery()) {
				while (rows.next()) {
					locked.add(rows.getInt(1));
				}
			}
		}
		locked.sort(null);
		return locked;
	}

	/**
	 * The oldest pending entries of some lanes from some id on, up to {@code perLane} of
	 * each: one statement, one index range per lane. A lane's entries are a prefix of its
	 * pending ones from that id in id order, so its users' entries keep their order.
	 * @param connection the relay's connection, holding the lanes
	 * @param lanes the lanes
	 * @param perLane most entries of one lane
	 * @param from per lane, the lowest id to read
	 * @return the entries, in id order
	 * @throws SQLException when the database fails
	 */
	List<LedgerEntry> pending(Connection connection, List<Integer> lanes, int perLane, long[] from)
			throws SQLException {
		String one = "SELECT id, kind, user_id, rule_name, points, field, event_at FROM " + this.tables.ledger()
				+ " WHERE state = " + PENDING + " AND lane = ? AND id >= ? ORDER BY id LIMIT " + perLane;
		StringBuilder sql = new StringBuilder();
		if (lanes.size() == 1) {
			sql.append(one);
		}
		else {
			for (int i = 0; i < lanes.size(); i++) {
				sql.append((i > 0) ? " UNION ALL " : "").append('(').append(one).append(')');
			}
		}
		List<LedgerEntry> entries = new ArrayList<>();
		try (PreparedStatement statement = connection.prepareStatement(sql.toString())) {
			for (int i = 0; i < lanes.size(); i++) {
				statement.setInt(2 * i + 1, lanes.get(i));
				statement.setLong(2 * i + 2, from[lanes.get(i)]);
			}
			try (ResultSet rows = statement.executeQuery()) {
				while (rows.next()) {
					long points = rows.getLong(5);
					Long boxed = rows.wasNull() ? null : points;
					entries
						.add(new LedgerEntry(
								rows.getLong(1), new ActivityEvent(rows.getString(3), rows.getString(6),
										rows.getString(4), boxed, REVOKE.equals(rows.getString(2))),
								Instant.ofEpochMilli(rows.getLong(7))));
				}
			}
		}
		entries.sort(Comparator.comparingLong(LedgerEntry::id));
		return entries;
	}

	/**
	 * Mark entries applied with their outcomes: one statement per distinct outcome (and
	 * per {@value #IDS_PER_STATEMENT} entries).
	 * @param connection the relay's connection, holding the lanes
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
			for (int from = 0; from < ids.size(); from += IDS_PER_STATEMENT) {
				String sql = "UPDATE " + this.tables.ledger() + " SET state = " + APPLIED
						+ ", outcome = ?, applied_points = ?, applied_at = ?, revoked_id = ? WHERE id IN ("
						+ inList(ids.subList(from, Math.min(ids.size(), from + IDS_PER_STATEMENT))) + ")";
				try (PreparedStatement statement = connection.prepareStatement(sql)) {
					statement.setString(1, (String) group.getKey().get(0));
					statement.setLong(2, (Long) group.getKey().get(1));
					statement.setLong(3, at.toEpochMilli());
					statement.setObject(4, group.getKey().get(2), Types.BIGINT);
					statement.executeUpdate();
				}
			}
		}
	}

	/** Numbers as an SQL list: they are ours, never user input. */
	static String inList(List<? extends Number> numbers) {
		StringBuilder list = new StringBuilder();
		for (int i = 0; i < numbers.size(); i++) {
			list.append((i > 0) ? ", " : "").append(numbers.get(i).longValue());
		}
		return list.toString();
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
	int deleteAppliedBefore(Instant before) {
		return this.jdbc.update(
				"DELETE FROM " + this.tables.ledger() + " WHERE state = " + APPLIED + " AND event_at < ?",
				before.toEpochMilli());
	}

	/**
	 * The rows a rebuild reads, in id order, whatever their state.
	 * @param afterId read rows after this id
	 * @param upTo the last id to read
	 * @param limit most rows
	 * @return the rows, oldest first
	 */
	List<LedgerRow> rows(long afterId, long upTo, int limit) {
		return this.jdbc.query(rowSelect() + " WHERE id > ? AND id <= ? ORDER BY id LIMIT ?", AwardLedger::row, afterId,
				upTo, limit);
	}

	/**
	 * One row of the ledger, as a rebuild reads it.
	 * @param id the row's id
	 * @return the row, or {@code null} when there is none (erased with its user)
	 */
	LedgerRow row(long id) {
		List<LedgerRow> rows = this.jdbc.query(rowSelect() + " WHERE id = ?", AwardLedger::row, id);
		return rows.isEmpty() ? null : rows.get(0);
	}

	private String rowSelect() {
		return "SELECT id, kind, user_id, rule_name, points, field, event_at, state, outcome, applied_points,"
				+ " revoked_id FROM " + this.tables.ledger();
	}

	private static LedgerRow row(ResultSet rows, int n) throws SQLException {
		long points = rows.getLong(5);
		Long boxed = rows.wasNull() ? null : points;
		long applied = rows.getLong(10);
		Long appliedPoints = rows.wasNull() ? null : applied;
		long revoked = rows.getLong(11);
		Long revokedId = rows.wasNull() ? null : revoked;
		return new LedgerRow(rows.getLong(1), rows.getString(2), rows.getString(3), rows.getString(4), boxed,
				rows.getString(6), Instant.ofEpochMilli(rows.getLong(7)), rows.getInt(8) == PENDING, rows.getString(9),
				appliedPoints, revokedId);
	}

	/**
	 * The newest row's id.
	 * @return the id, 0 when the ledger is empty
	 */
	long maxId() {
		Long id = this.jdbc.queryForObject("SELECT MAX(id) FROM " + this.tables.ledger(), Long.class);
		return (id != null) ? id : 0;
	}

	/**
	 * When the oldest row was made.
	 * @return the instant, or {@code null} when the ledger is empty
	 */
	Instant oldestEventAt() {
		Long at = this.jdbc.queryForObject("SELECT MIN(event_at) FROM " + this.tables.ledger(), Long.class);
		return (at != null) ? Instant.ofEpochMilli(at) : null;
	}

	/**
	 * Lock the rebuild row for the connection's transaction, unless another rebuild holds
	 * it.
	 * @param connection a connection in a transaction, held while the rebuild runs
	 * @return whether this transaction now holds it
	 * @throws SQLException when the database fails
	 */
	boolean tryLockRebuild(Connection connection) throws SQLException {
		try (PreparedStatement statement = connection
			.prepareStatement("SELECT id FROM " + this.tables.rebuild() + " WHERE id = 1 FOR UPDATE SKIP LOCKED")) {
			try (ResultSet rows = statement.executeQuery()) {
				return rows.next();
			}
		}
	}

	/**
	 * Lock every lane for the connection's transaction, waiting for relays that apply a
	 * batch: until it ends, every relay skips every lane.
	 * @param connection a connection in a transaction
	 * @throws SQLException when the database fails
	 */
	void lockAllLanes(Connection connection) throws SQLException {
		try (PreparedStatement statement = connection
			.prepareStatement("SELECT lane FROM " + this.tables.lanes() + " ORDER BY lane FOR UPDATE")) {
			try (ResultSet rows = statement.executeQuery()) {
				while (rows.next()) {
					// the lock is the point; the rows are not needed
				}
			}
		}
	}

	/**
	 * Record a challenge created in Redis: its definition, unless one is recorded under
	 * its id, and a {@code CHALLENGE} row in order with the awards. On a connection of
	 * its own, like direct awards.
	 * @param definition the definition
	 * @param at when it was created
	 * @return whether it was recorded (not when the id was recorded already)
	 */
	boolean recordChallenge(ChallengeDefinition definition, Instant at) {
		return onOwnConnection((jdbc) -> {
			Integer known = jdbc.queryForObject("SELECT COUNT(*) FROM " + this.tables.challenges() + " WHERE id = ?",
					Integer.class, definition.id());
			if (known != null && known > 0) {
				return false;
			}
			try {
				jdbc.update(
						"INSERT INTO " + this.tables.challenges()
								+ " (id, start_at, end_at, rules, open_to_all, created_at) VALUES (?, ?, ?, ?, ?, ?)",
						definition.id(), definition.start().toEpochMilli(), definition.end().toEpochMilli(),
						String.join(",", new TreeSet<>(definition.rules())), definition.openToAll() ? 1 : 0,
						at.toEpochMilli());
			}
			catch (DataIntegrityViolationException ex) {
				return false; // another instance recorded it a moment ago
			}
			insertApplied(jdbc, CHALLENGE, "", definition.id(), at, "CREATED");
			return true;
		});
	}

	/**
	 * Record a join or a leave that happened in Redis, as an applied row in the user's
	 * lane.
	 * @param join {@code true} for a join, {@code false} for a leave
	 * @param userId the user
	 * @param challengeId the challenge
	 * @param at when it happened
	 */
	void recordMembership(boolean join, String userId, String challengeId, Instant at) {
		onOwnConnection((jdbc) -> {
			insertApplied(jdbc, join ? JOIN : LEAVE, userId, challengeId, at, join ? "JOINED" : "LEFT");
			return true;
		});
	}

	private void insertApplied(JdbcTemplate jdbc, String kind, String userId, String field, Instant at,
			String outcome) {
		jdbc.update(
				"INSERT INTO " + this.tables.ledger() + " (kind, lane, user_id, rule_name, points, field, event_at,"
						+ " state, outcome, applied_points, applied_at) VALUES (?, ?, ?, NULL, NULL, ?, ?, ?, ?, 0, ?)",
				kind, laneOf(userId), userId, field, at.toEpochMilli(), APPLIED, outcome, at.toEpochMilli());
	}

	private <T> T onOwnConnection(Function<JdbcTemplate, T> action) {
		try (Connection connection = this.dataSource.getConnection()) {
			if (!connection.getAutoCommit()) {
				connection.setAutoCommit(true);
			}
			return action.apply(new JdbcTemplate(new SingleConnectionDataSource(connection, true)));
		}
		catch (SQLException ex) {
			throw new IllegalStateException("activity-rank ledger could not record a challenge change: " + ex, ex);
		}
	}

	/**
	 * The recorded challenge definitions.
	 * @return the definitions by id
	 */
	Map<String, ChallengeDefinition> challengeDefinitions() {
		Map<String, ChallengeDefinition> definitions = new HashMap<>();
		this.jdbc.query("SELECT id, start_at, end_at, rules, open_to_all FROM " + this.tables.challenges(),
				(RowCallbackHandler) (row) -> {
					String rules = row.getString(4);
					definitions.put(row.getString(1),
							new ChallengeDefinition(row.getString(1), Instant.ofEpochMilli(row.getLong(2)),
									Instant.ofEpochMilli(row.getLong(3)),
									(rules == null || rules.isEmpty()) ? Set.of() : Set.of(rules.split(",")),
									row.getInt(5) == 1));
				});
		return definitions;
	}

}
