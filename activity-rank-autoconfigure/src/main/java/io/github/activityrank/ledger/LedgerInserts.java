package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntToLongFunction;

import javax.sql.DataSource;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;
import io.github.activityrank.engine.ScopeSettings;
import io.github.activityrank.engine.SourceMessage;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The inserts of award and revoke rows into the ledger table: pending rows (in the
 * caller's transaction, or grouped with other callers' when there is none) and rows
 * applied already.
 */
class LedgerInserts {

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
	private static final String ROW = "(?, ?, ?, ?, ?, ?, ?, " + AwardLedger.PENDING + ", NULL, NULL, NULL, ?, ?, ?)";

	/**
	 * The SQL types of one row's parameters: a null is bound with its type, no lookup.
	 */
	private static final int[] ROW_TYPES = { Types.VARCHAR, Types.INTEGER, Types.VARCHAR, Types.VARCHAR, Types.BIGINT,
			Types.VARCHAR, Types.BIGINT, Types.VARCHAR, Types.VARCHAR, Types.VARCHAR };

	private final DataSource dataSource;

	private final JdbcTemplate jdbc;

	private final LedgerTables tables;

	/** Inserts of callers without a transaction, merged while one is on its way. */
	private final GroupInserts groupInserts = new GroupInserts(this::insertGroup, AwardLedger.MAX_ROWS_PER_INSERT,
			CONCURRENT_INSERTS);

	/** The streams whose fence row exists. */
	private final Set<String> fencedStreams = ConcurrentHashMap.newKeySet();

	private final TransactionTemplate transactions;

	LedgerInserts(DataSource dataSource, JdbcTemplate jdbc, LedgerTables tables) {
		this.transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
		this.dataSource = dataSource;
		this.jdbc = jdbc;
		this.tables = tables;
	}

	/**
	 * Write pending entries, in the caller's transaction when one is active: one insert
	 * statement for up to {@value AwardLedger#MAX_ROWS_PER_INSERT} events.
	 * @param events storable events (see {@link AwardLedger#storable(ActivityEvent)})
	 * @param at the time the requests were made
	 */
	void appendPending(List<ActivityEvent> events, Instant at) {
		if (TransactionSynchronizationManager.getResource(this.dataSource) != null
				|| events.size() > AwardLedger.MAX_ROWS_PER_INSERT) {
			// a connection of the caller's transaction: the rows go in with it
			insert(events, at, this.jdbc);
		}
		else {
			this.groupInserts.write(new GroupInserts.Write(events, at));
		}
	}

	/**
	 * Write pending entries made at different instants (ingested messages carry their
	 * own), outside any transaction: one insert statement for up to
	 * {@value AwardLedger#MAX_ROWS_PER_INSERT} events, committed when this returns.
	 * @param events storable events (see {@link AwardLedger#storable(ActivityEvent)})
	 * @param times when each request was made, in the same order
	 */
	public void appendPending(List<ActivityEvent> events, List<Instant> times) {
		insert(events, (i) -> times.get(i).toEpochMilli(), this.jdbc);
	}

	/**
	 * Write pending entries of stream messages in one transaction: each stream's row of
	 * the fence table is locked ({@code SELECT ... FOR UPDATE}), only the messages after
	 * its last id are inserted, and the row moves to the last one written. A consumer
	 * that lost its partition while paused so writes nothing its successor wrote.
	 * @param events storable events (see {@link AwardLedger#storable(ActivityEvent)})
	 * @param times when each request was made, in the same order
	 * @param sources the message each came from, in the same order
	 * @return per event, whether it was written
	 */
	boolean[] appendPending(List<ActivityEvent> events, List<Instant> times, List<SourceMessage> sources) {
		Map<String, long[]> lastOf = new LinkedHashMap<>();
		for (SourceMessage source : sources) {
			lastOf.putIfAbsent(source.stream(), null);
		}
		for (String stream : lastOf.keySet()) {
			ensureFenceRow(stream);
		}
		boolean[] written = new boolean[events.size()];
		this.transactions.executeWithoutResult((status) -> {
			for (String stream : lastOf.keySet()) {
				long[] last = this.jdbc.queryForObject(
						"SELECT last_ms, last_seq FROM " + this.tables.ingestFence() + " WHERE stream = ? FOR UPDATE",
						(rs, row) -> new long[] { rs.getLong(1), rs.getLong(2) }, stream);
				lastOf.put(stream, last);
			}
			List<ActivityEvent> newer = new ArrayList<>();
			List<Instant> newerTimes = new ArrayList<>();
			for (int i = 0; i < events.size(); i++) {
				long[] id = idOf(sources.get(i).id());
				long[] last = lastOf.get(sources.get(i).stream());
				if (id[0] > last[0] || (id[0] == last[0] && id[1] > last[1])) {
					written[i] = true;
					newer.add(events.get(i));
					newerTimes.add(times.get(i));
					last[0] = id[0];
					last[1] = id[1];
				}
			}
			insert(newer, (i) -> newerTimes.get(i).toEpochMilli(), this.jdbc);
			for (Map.Entry<String, long[]> stream : lastOf.entrySet()) {
				this.jdbc.update(
						"UPDATE " + this.tables.ingestFence() + " SET last_ms = ?, last_seq = ? WHERE stream = ?",
						stream.getValue()[0], stream.getValue()[1], stream.getKey());
			}
		});
		return written;
	}

	/** The fence row of a stream, created once, outside the batch's transaction. */
	private void ensureFenceRow(String stream) {
		if (this.fencedStreams.contains(stream)) {
			return;
		}
		try {
			this.jdbc.update(
					"INSERT INTO " + this.tables.ingestFence() + " (stream, last_ms, last_seq) VALUES (?, -1, -1)",
					stream);
		}
		catch (DuplicateKeyException ex) {
			// another instance, or an earlier start, created it
		}
		this.fencedStreams.add(stream);
	}

	/** A stream id, {@code <ms>-<seq>}, as two numbers. */
	private static long[] idOf(String id) {
		int dash = id.indexOf('-');
		return new long[] { Long.parseLong(id.substring(0, dash)), Long.parseLong(id.substring(dash + 1)) };
	}

	/** The rows of several callers without a transaction, one statement that commits. */
	private void insertGroup(List<GroupInserts.Write> writes) {
		if (writes.size() == 1) {
			insert(writes.get(0).events, writes.get(0).at, this.jdbc);
			return;
		}
		StringBuilder sql = new StringBuilder("INSERT INTO ").append(this.tables.ledger())
			.append(" (kind, lane, user_id, rule_name, points, field, event_at, state, outcome, applied_points,"
					+ " applied_at, item_type, item_id, scopes) VALUES ");
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
		insert(events, (i) -> millis, jdbc);
	}

	private void insert(List<ActivityEvent> events, IntToLongFunction millis, JdbcTemplate jdbc) {
		for (int from = 0; from < events.size(); from += AwardLedger.MAX_ROWS_PER_INSERT) {
			int to = Math.min(events.size(), from + AwardLedger.MAX_ROWS_PER_INSERT);
			StringBuilder sql = new StringBuilder("INSERT INTO ").append(this.tables.ledger())
				.append(" (kind, lane, user_id, rule_name, points, field, event_at, state, outcome, applied_points,"
						+ " applied_at, item_type, item_id, scopes) VALUES ");
			List<Object> args = new ArrayList<>((to - from) * ROW_TYPES.length);
			for (int i = from; i < to; i++) {
				sql.append((i > from) ? ", " : "").append(ROW);
				addRow(args, events.get(i), millis.applyAsLong(i));
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
		args.add(event.revoke() ? AwardLedger.REVOKE : AwardLedger.AWARD);
		args.add(AwardLedger.laneOf(event.userId()));
		args.add(event.userId());
		args.add(event.rule());
		args.add(event.points());
		args.add(event.field());
		args.add(millis);
		args.add(event.itemType());
		args.add(event.itemId());
		args.add(ScopeSettings.format(event.scopes()));
	}

	/**
	 * Write entries on a connection, one statement each, and return their ids: pending
	 * ones ({@code results == null}) that a direct call is about to apply, or ones that
	 * have been applied already, with their outcomes.
	 * @param connection a connection, in the transaction that records them or in
	 * auto-commit
	 * @param events storable events
	 * @param results their results, in the same order; {@code null} for pending entries
	 * @param revokedIds per event, the award entry a revoke the ledger applied itself
	 * took back, else {@code null}; ignored for pending entries
	 * @param at when they were made (and applied)
	 * @return the ids, in the same order
	 * @throws SQLException when the database fails
	 */
	long[] insert(Connection connection, List<ActivityEvent> events, List<AwardResult> results, Long[] revokedIds,
			Instant at) throws SQLException {
		long[] ids = new long[events.size()];
		try (PreparedStatement statement = connection.prepareStatement(
				"INSERT INTO " + this.tables.ledger()
						+ " (kind, lane, user_id, rule_name, points, field, event_at, state, outcome, applied_points,"
						+ " applied_at, revoked_id, item_type, item_id, scopes) VALUES (?, ?, ?, ?, ?, ?, ?, "
						+ ((results != null) ? AwardLedger.APPLIED : AwardLedger.PENDING) + ", ?, ?, ?, ?, ?, ?, ?)",
				new String[] { "id" })) {
			for (int i = 0; i < events.size(); i++) {
				ActivityEvent event = events.get(i);
				statement.setString(1, event.revoke() ? AwardLedger.REVOKE : AwardLedger.AWARD);
				statement.setInt(2, AwardLedger.laneOf(event.userId()));
				statement.setString(3, event.userId());
				statement.setObject(4, event.rule(), Types.VARCHAR);
				statement.setObject(5, event.points(), Types.BIGINT);
				statement.setObject(6, event.field(), Types.VARCHAR);
				statement.setLong(7, at.toEpochMilli());
				boolean applied = results != null;
				statement.setObject(8, applied ? results.get(i).outcome().name() : null, Types.VARCHAR);
				statement.setObject(9, applied ? results.get(i).points() : null, Types.BIGINT);
				statement.setObject(10, applied ? at.toEpochMilli() : null, Types.BIGINT);
				statement.setObject(11, applied ? revokedIds[i] : null, Types.BIGINT);
				statement.setObject(12, event.itemType(), Types.VARCHAR);
				statement.setObject(13, event.itemId(), Types.VARCHAR);
				statement.setObject(14, ScopeSettings.format(event.scopes()), Types.VARCHAR);
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

}
