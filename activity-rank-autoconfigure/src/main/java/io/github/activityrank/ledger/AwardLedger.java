package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityLimits;
import io.github.activityrank.AwardResult;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.engine.ItemType;
import io.github.activityrank.engine.ScopeSettings;
import io.github.activityrank.engine.SourceMessage;
import io.github.activityrank.support.InputCheck;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The ledger table in the application's database: one row per award or revoke request.
 * Writes of the dispatcher path go through a {@link JdbcTemplate}, so they join the
 * caller's transaction when one is bound to the thread (Spring's {@code DataSourceUtils})
 * and commit on their own otherwise. Reads and marks of the relay run on a connection the
 * relay controls. The statements live in {@link LedgerInserts}, {@link LaneStatements},
 * {@link LedgerRows} and {@link ChallengeRecords}; this class holds the row format and
 * hands each call to them.
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

	/** State of an entry that failed for good on every attempt and was set aside. */
	static final int SET_ASIDE = 2;

	/** The outcome recorded with a set-aside entry. */
	static final String SET_ASIDE_OUTCOME = "SET_ASIDE";

	/** Rows per insert statement: one statement, one round trip, bounded parameters. */
	static final int MAX_ROWS_PER_INSERT = 500;

	/** Length of the {@code scopes} column. */
	static final int MAX_SCOPES_LENGTH = 4000;

	/** Ids in one UPDATE or DELETE of the relay: a bounded statement. */
	static final int IDS_PER_STATEMENT = 1000;

	private final DataSource dataSource;

	private final LedgerTables tables;

	private final LedgerInserts inserts;

	private final LaneStatements lanes;

	private final LedgerRows rows;

	private final ChallengeRecords challenges;

	/** Direct calls applied to Redis alone because their entries could not be written. */
	private final AtomicLong redisOnly = new AtomicLong();

	/**
	 * Create the ledger.
	 * @param dataSource the application's data source
	 * @param tables the table names
	 */
	public AwardLedger(DataSource dataSource, LedgerTables tables) {
		this.dataSource = Objects.requireNonNull(dataSource, "dataSource must not be null");
		this.tables = Objects.requireNonNull(tables, "tables must not be null");
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		this.inserts = new LedgerInserts(dataSource, jdbc, tables);
		this.lanes = new LaneStatements(tables);
		this.rows = new LedgerRows(jdbc, tables);
		this.challenges = new ChallengeRecords(dataSource, jdbc, tables);
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
	 * rejects anyway (no user, an id or field that {@link InputCheck} refuses); they are
	 * not written, so one bad event never fails the insert of good ones, and a refused id
	 * is never stored.
	 * @param event the event
	 * @return {@code true} when it can be written
	 */
	public static boolean storable(ActivityEvent event) {
		return event != null && storableUser(event.userId())
				&& (event.field() == null || InputCheck.fieldProblem(event.field()) == null)
				&& (event.rule() == null || (event.rule().length() <= ActivityLimits.MAX_RULE_NAME_LENGTH
						&& InputCheck.fieldProblem(event.rule()) == null))
				&& ((event.itemType() == null && event.itemId() == null)
						|| ItemType.itemProblem(event.itemType(), event.itemId()) == null)
				&& storableScopes(event.scopes());
	}

	/** Whether scope ids are valid ids that fit the ledger's column. */
	private static boolean storableScopes(Map<String, String> scopes) {
		return scopes.isEmpty() || (ScopeSettings.idProblem(scopes) == null
				&& ScopeSettings.format(scopes).length() <= MAX_SCOPES_LENGTH);
	}

	/** Whether a user id fits the ledger's columns. */
	static boolean storableUser(String userId) {
		return InputCheck.userIdProblem(userId) == null;
	}

	/** The lane of a user. */
	static int laneOf(String userId) {
		return Math.floorMod(userId.hashCode(), LANES);
	}

	/** Numbers as an SQL list: they are ours, never user input. */
	static String inList(List<? extends Number> numbers) {
		StringBuilder list = new StringBuilder();
		for (int i = 0; i < numbers.size(); i++) {
			list.append((i > 0) ? ", " : "").append(numbers.get(i).longValue());
		}
		return list.toString();
	}

	/** Write pending entries, in the caller's transaction when one is active. */
	void appendPending(List<ActivityEvent> events, Instant at) {
		this.inserts.appendPending(events, at);
	}

	/**
	 * Write pending entries made at different instants (ingested messages carry their
	 * own), outside any transaction: one insert statement for up to
	 * {@value #MAX_ROWS_PER_INSERT} events, committed when this returns.
	 * @param events storable events (see {@link #storable(ActivityEvent)})
	 * @param times when each request was made, in the same order
	 */
	public void appendPending(List<ActivityEvent> events, List<Instant> times) {
		this.inserts.appendPending(events, times);
	}

	/**
	 * Write pending entries of stream messages, each once, in order: see LedgerInserts.
	 */
	public boolean[] appendPending(List<ActivityEvent> events, List<Instant> times, List<SourceMessage> sources) {
		return this.inserts.appendPending(events, times, sources);
	}

	/** Lanes that have pending entries from some id on. */
	List<Integer> pendingLanes(Connection connection, long[] from) throws SQLException {
		return this.lanes.pendingLanes(connection, from);
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
		return this.lanes.tryLockLanes(connection, lanes);
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
		return this.lanes.pending(connection, lanes, perLane, from);
	}

	/** The pending entries of some users below each user's own id, in id order. */
	List<LedgerEntry> pendingBefore(Connection connection, Map<String, Long> below) throws SQLException {
		return this.lanes.pendingBefore(connection, below);
	}

	/** Mark entries applied with their outcomes. */
	void markApplied(Connection connection, List<LedgerEntry> entries, List<AwardResult> results, Long[] revokedIds,
			Instant at) throws SQLException {
		this.lanes.markApplied(connection, entries, results, revokedIds, at);
	}

	/** Set a pending entry aside that fails for good. */
	boolean markSetAside(Connection connection, long id, Instant at, String reason) throws SQLException {
		return this.lanes.markSetAside(connection, id, at, reason);
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
		return this.inserts.insert(connection, events, Objects.requireNonNull(results), revokedIds, at);
	}

	/**
	 * Count direct calls applied to Redis alone because their entries could not be
	 * written ({@code activity-rank.ledger.redis-only-on-failure}).
	 * @param calls how many
	 */
	void countRedisOnly(int calls) {
		this.redisOnly.addAndGet(calls);
	}

	/** Direct calls applied to Redis alone since this ledger was created. */
	long redisOnlyCount() {
		return this.redisOnly.get();
	}

	/**
	 * Write pending entries on a connection, one statement each, and return their ids.
	 */
	long[] insertPending(Connection connection, List<ActivityEvent> events, Instant at) throws SQLException {
		return this.inserts.insert(connection, events, null, null, at);
	}

	/** The outcomes of those of some entries that are no longer pending. */
	Map<Long, AwardResult> outcomesOfDone(Connection connection, long[] ids) throws SQLException {
		return this.lanes.outcomesOfDone(connection, ids);
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
		this.lanes.lockLanes(connection, userIds);
	}

	/** Delete everything the database holds of a user. */
	void erase(Connection connection, String userId) throws SQLException {
		this.lanes.erase(connection, userId);
	}

	/**
	 * How many entries wait for the relay.
	 * @return the count
	 */
	public long pendingCount() {
		return this.rows.pendingCount();
	}

	/**
	 * Delete applied entries made before an instant
	 * ({@code activity-rank.ledger.retention}); pending ones are always kept.
	 * @param before the oldest time kept
	 * @return the number of entries deleted
	 */
	int deleteAppliedBefore(Instant before) {
		return this.rows.deleteAppliedBefore(before);
	}

	/** The rows a rebuild reads, in id order, whatever their state. */
	List<LedgerRow> rows(long afterId, long upTo, int limit) {
		return this.rows.rows(afterId, upTo, limit);
	}

	/** The ids of the rows in some ranges of ids. */
	List<Long> idsIn(List<long[]> ranges) {
		return this.rows.idsIn(ranges);
	}

	/** Whether an award of a user and field stood just before a row. */
	boolean awardStoodBefore(String userId, String field, long beforeId) {
		return this.rows.awardStoodBefore(userId, field, beforeId);
	}

	/** One row of the ledger, as a rebuild reads it. */
	LedgerRow row(long id) {
		return this.rows.row(id);
	}

	/** The newest row's id. */
	long maxId() {
		return this.rows.maxId();
	}

	/** When the oldest row was made. */
	Instant oldestEventAt() {
		return this.rows.oldestEventAt();
	}

	/**
	 * Lock the rebuild row for the connection's transaction, unless another rebuild holds
	 * it.
	 * @param connection a connection in a transaction, held while the rebuild runs
	 * @return whether this transaction now holds it
	 * @throws SQLException when the database fails
	 */
	boolean tryLockRebuild(Connection connection) throws SQLException {
		return this.lanes.tryLockRebuild(connection);
	}

	/**
	 * Lock every lane for the connection's transaction, waiting for relays that apply a
	 * batch: until it ends, every relay skips every lane.
	 * @param connection a connection in a transaction
	 * @throws SQLException when the database fails
	 */
	void lockAllLanes(Connection connection) throws SQLException {
		this.lanes.lockAllLanes(connection);
	}

	/** Record a challenge created in Redis. */
	boolean recordChallenge(ChallengeDefinition definition, Instant at) {
		return this.challenges.recordChallenge(definition, at);
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
		this.challenges.recordMembership(join, userId, challengeId, at);
	}

	/** The recorded challenge definitions. */
	Map<String, ChallengeDefinition> challengeDefinitions() {
		return this.challenges.challengeDefinitions();
	}

}
