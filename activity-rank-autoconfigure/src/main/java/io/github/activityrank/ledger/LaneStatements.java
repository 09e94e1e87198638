package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;
import io.github.activityrank.engine.ScopeSettings;

/**
 * The ledger's statements on a connection its caller holds in a transaction: lane and
 * rebuild locks, the relay's reads of pending rows and its marks of applied ones, and the
 * erasure of a user.
 */
class LaneStatements {

	/** The length of the {@code reason} column. */
	private static final int MAX_REASON = 1000;

	/** The columns an entry is read from, in the order {@link #entryOf} reads them. */
	private static final String ENTRY_COLUMNS = "l.id, l.kind, l.user_id, l.rule_name, l.points, l.field, l.event_at,"
			+ " l.item_type, l.item_id, l.scopes";

	private final LedgerTables tables;

	/** {@link #pendingLanes}'s statement: the same every pass, so it is built once. */
	private final String pendingLanesSql;

	LaneStatements(LedgerTables tables) {
		this.tables = tables;
		this.pendingLanesSql = pendingLanesSql(tables);
	}

	private static String pendingLanesSql(LedgerTables tables) {
		StringBuilder sql = new StringBuilder();
		for (int lane = 0; lane < AwardLedger.LANES; lane++) {
			sql.append((lane > 0) ? " UNION ALL " : "")
				.append("(SELECT lane FROM ")
				.append(tables.ledger())
				.append(" WHERE state = " + AwardLedger.PENDING + " AND lane = ")
				.append(lane)
				.append(" AND id >= ? ORDER BY id LIMIT 1)");
		}
		return sql.toString();
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
			for (int lane = 0; lane < AwardLedger.LANES; lane++) {
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
				+ " WHERE lane IN (" + AwardLedger.inList(lanes) + ") FOR UPDATE SKIP LOCKED")) {
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
	 * pending ones from that id in id order, so its users' entries keep their order. Each
	 * entry also tells whether its user has a pending entry below that id (one that
	 * committed late; {@link LedgerEntry#afterLateEntry()}): a probe of the
	 * {@code (user_id, state, id)} index per entry, in the same statement.
	 * @param connection the relay's connection, holding the lanes
	 * @param lanes the lanes
	 * @param perLane most entries of one lane
	 * @param from per lane, the lowest id to read
	 * @return the entries, in id order
	 * @throws SQLException when the database fails
	 */
	List<LedgerEntry> pending(Connection connection, List<Integer> lanes, int perLane, long[] from)
			throws SQLException {
		String table = this.tables.ledger();
		String one = "SELECT " + ENTRY_COLUMNS + ", EXISTS (SELECT 1 FROM " + table
				+ " e WHERE e.user_id = l.user_id AND e.state = " + AwardLedger.PENDING + " AND e.id < ?) FROM " + table
				+ " l WHERE l.state = " + AwardLedger.PENDING + " AND l.lane = ? AND l.id >= ? ORDER BY l.id LIMIT "
				+ perLane;
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
				statement.setLong(3 * i + 1, from[lanes.get(i)]);
				statement.setInt(3 * i + 2, lanes.get(i));
				statement.setLong(3 * i + 3, from[lanes.get(i)]);
			}
			try (ResultSet rows = statement.executeQuery()) {
				while (rows.next()) {
					entries.add(entryOf(rows, rows.getBoolean(11)));
				}
			}
		}
		entries.sort(Comparator.comparingLong(LedgerEntry::id));
		return entries;
	}

	/**
	 * The pending entries of some users below each user's own id: what a direct call
	 * applies before its own entries, holding the users' lanes, so that none overtakes
	 * one of them, {@value AwardLedger#IDS_PER_STATEMENT} users a statement.
	 * @param connection a connection holding the users' lanes
	 * @param below per user, the id of the call's first entry of that user
	 * @return the entries, in id order
	 * @throws SQLException when the database fails
	 */
	List<LedgerEntry> pendingBefore(Connection connection, Map<String, Long> below) throws SQLException {
		List<String> users = new ArrayList<>(below.keySet());
		List<LedgerEntry> entries = new ArrayList<>();
		for (int from = 0; from < users.size(); from += AwardLedger.IDS_PER_STATEMENT) {
			List<String> chunk = users.subList(from, Math.min(users.size(), from + AwardLedger.IDS_PER_STATEMENT));
			String sql = "SELECT " + ENTRY_COLUMNS + " FROM " + this.tables.ledger() + " l WHERE l.state = "
					+ AwardLedger.PENDING + " AND l.id < ? AND l.user_id IN ("
					+ String.join(", ", Collections.nCopies(chunk.size(), "?")) + ")";
			try (PreparedStatement statement = connection.prepareStatement(sql)) {
				statement.setLong(1, chunk.stream().mapToLong(below::get).max().getAsLong());
				for (int i = 0; i < chunk.size(); i++) {
					statement.setString(i + 2, chunk.get(i));
				}
				try (ResultSet rows = statement.executeQuery()) {
					while (rows.next()) {
						LedgerEntry entry = entryOf(rows, false);
						// ids interleave with other writers': each user's own bound
						if (entry.id() < below.get(entry.event().userId())) {
							entries.add(entry);
						}
					}
				}
			}
		}
		entries.sort(Comparator.comparingLong(LedgerEntry::id));
		return entries;
	}

	/** The entry of a row read with {@link #ENTRY_COLUMNS} first. */
	private static LedgerEntry entryOf(ResultSet rows, boolean afterLateEntry) throws SQLException {
		long points = rows.getLong(5);
		Long boxed = rows.wasNull() ? null : points;
		return new LedgerEntry(rows.getLong(1),
				new ActivityEvent(rows.getString(3), rows.getString(6), rows.getString(4), boxed,
						AwardLedger.REVOKE.equals(rows.getString(2)), rows.getString(8), rows.getString(9),
						ScopeSettings.parse(rows.getString(10))),
				Instant.ofEpochMilli(rows.getLong(7)), afterLateEntry);
	}

	/**
	 * Mark entries applied with their outcomes: one statement per distinct outcome (and
	 * per {@value AwardLedger#IDS_PER_STATEMENT} entries). An entry answered
	 * {@code SET_ASIDE} (Redis failed on it for good; the store kept every other entry of
	 * the batch) is set aside instead ({@link #markSetAside}).
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
			if (results.get(i).outcome() == AwardResult.Outcome.SET_ASIDE) {
				// Redis failed on it for good: kept aside with its reason, not applied
				markSetAside(connection, entries.get(i).id(), at, results.get(i).reason());
				continue;
			}
			List<Object> outcome = Arrays.asList(results.get(i).outcome().name(), results.get(i).points(),
					revokedIds[i]);
			groups.computeIfAbsent(outcome, (key) -> new ArrayList<>()).add(entries.get(i).id());
		}
		for (Map.Entry<List<Object>, List<Long>> group : groups.entrySet()) {
			List<Long> ids = group.getValue();
			for (int from = 0; from < ids.size(); from += AwardLedger.IDS_PER_STATEMENT) {
				String sql = "UPDATE " + this.tables.ledger() + " SET state = " + AwardLedger.APPLIED
						+ ", outcome = ?, applied_points = ?, applied_at = ?, revoked_id = ? WHERE id IN ("
						+ AwardLedger.inList(
								ids.subList(from, Math.min(ids.size(), from + AwardLedger.IDS_PER_STATEMENT)))
						+ ")";
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

	/**
	 * Set an entry aside that fails for good: it leaves the pending entries, marked
	 * {@link AwardLedger#SET_ASIDE} with the outcome {@code SET_ASIDE}, and is kept.
	 * @param connection a connection in the transaction that holds the entry's lane
	 * @param id the entry
	 * @param at when it was set aside
	 * @param reason why Redis failed on it, kept as far as the column holds it
	 * @return whether it was still pending
	 * @throws SQLException when the database fails
	 */
	boolean markSetAside(Connection connection, long id, Instant at, String reason) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement("UPDATE " + this.tables.ledger()
				+ " SET state = " + AwardLedger.SET_ASIDE + ", outcome = '" + AwardLedger.SET_ASIDE_OUTCOME
				+ "', applied_points = 0, applied_at = ?, reason = ? WHERE id = ? AND state = "
				+ AwardLedger.PENDING)) {
			statement.setLong(1, at.toEpochMilli());
			statement.setString(2, (reason != null && reason.length() > MAX_REASON)
					? reason.substring(0, MAX_REASON - 3) + "..." : reason);
			statement.setLong(3, id);
			return statement.executeUpdate() == 1;
		}
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
		userIds.forEach((userId) -> lanes.add(AwardLedger.laneOf(userId)));
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
	 * Delete everything the database holds of a user: ledger entries, standing awards,
	 * archived standings and top badges.
	 * @param connection a connection in the transaction that erases the user
	 * @param userId the user
	 * @throws SQLException when the database fails
	 */
	void erase(Connection connection, String userId) throws SQLException {
		for (String table : List.of(this.tables.ledger(), this.tables.standing(), this.tables.archive(),
				this.tables.topBadges())) {
			try (PreparedStatement statement = connection
				.prepareStatement("DELETE FROM " + table + " WHERE user_id = ?")) {
				statement.setString(1, userId);
				statement.executeUpdate();
			}
		}
	}

	/**
	 * The outcomes of those of some entries that are not pending.
	 * @param connection a connection in the transaction that holds their lanes
	 * @param ids the entries
	 * @return outcome by id; a set-aside entry reads as set aside, with Redis' reason
	 * @throws SQLException when the database fails
	 */
	Map<Long, AwardResult> outcomesOfDone(Connection connection, long[] ids) throws SQLException {
		List<Long> list = Arrays.stream(ids).boxed().toList();
		Map<Long, AwardResult> done = new HashMap<>();
		for (int from = 0; from < list.size(); from += AwardLedger.IDS_PER_STATEMENT) {
			String sql = "SELECT id, outcome, applied_points, reason FROM " + this.tables.ledger() + " WHERE state <> "
					+ AwardLedger.PENDING + " AND id IN (" + AwardLedger
						.inList(list.subList(from, Math.min(list.size(), from + AwardLedger.IDS_PER_STATEMENT)))
					+ ")";
			try (PreparedStatement statement = connection.prepareStatement(sql);
					ResultSet rows = statement.executeQuery()) {
				while (rows.next()) {
					String outcome = rows.getString(2);
					done.put(rows.getLong(1),
							AwardLedger.SET_ASIDE_OUTCOME.equals(outcome)
									? AwardResult.setAside(
											Objects.requireNonNullElse(rows.getString(4), SetAsideRows.UNKNOWN_REASON))
									: new AwardResult(AwardResult.Outcome.valueOf(outcome), rows.getLong(3), null));
				}
			}
		}
		return done;
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

}
