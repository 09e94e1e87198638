package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ActivityRules;
import io.github.activityrank.engine.ScoringRule;
import io.github.activityrank.engine.TimedActivityApplier;
import io.github.activityrank.engine.UserRecords;

/**
 * "Once ever" that means ever: the ledger's table of standing awards
 * ({@code <prefix>ledger_standing}), and the decisions it makes before Redis, which
 * forgets an award's record {@code retention.record} after its day.
 * <ul>
 * <li>An award of a {@code once-per: ever} rule whose user and field have a standing
 * award is {@code ALREADY_AWARDED} at any age, without touching Redis.</li>
 * <li>A revoke whose latest standing award of that user and field is older than the
 * records Redis keeps is taken back by the ledger itself
 * ({@link UserRecords#revokeExpired}); the revoke entry then names the award entry in
 * {@code revoked_id}.</li>
 * <li>Everything else goes to Redis as before. Its outcomes keep the table in step: an
 * award that gave points (AWARDED, or CAPPED with points) adds a row, a revoke that took
 * points (REVOKED) deletes the latest row of its user and field. A once-per-ever award
 * that Redis answers {@code ALREADY_AWARDED} while the table has no row for it adds the
 * missing row, with the rule's points: that is the replay of an award whose commit a
 * crash took, and without the row it would score again once Redis forgets its
 * record.</li>
 * </ul>
 * Decisions are made in entry order: an entry that needs one waits until the Redis
 * results of the entries of its user before it are in. The caller holds the lanes of the
 * users (the relay's lane lock, or a locked lane row for direct calls), so no one else
 * changes their standing awards meanwhile; the changes are written in the caller's
 * transaction with the outcomes.
 */
public final class StandingAwards {

	/** Pairs per select: bounded parameters. */
	private static final int PAIRS_PER_SELECT = 100;

	/** Rows per insert: one statement, bounded parameters. */
	private static final int ROWS_PER_INSERT = 500;

	private static final Deque<Standing> EMPTY = new ArrayDeque<>();

	private final LedgerTables tables;

	private final ActivityRules rules;

	private final ActivityCalendar calendar;

	private final UserRecords records;

	/**
	 * Create the decisions.
	 * @param tables the table names
	 * @param rules the rules, which say which ones are once-per-ever
	 * @param calendar today and how many days of records Redis keeps
	 * @param records the records that take back awards Redis no longer has a day record
	 * of
	 */
	public StandingAwards(LedgerTables tables, ActivityRules rules, ActivityCalendar calendar, UserRecords records) {
		this.tables = Objects.requireNonNull(tables, "tables must not be null");
		this.rules = Objects.requireNonNull(rules, "rules must not be null");
		this.calendar = Objects.requireNonNull(calendar, "calendar must not be null");
		this.records = Objects.requireNonNull(records, "records must not be null");
	}

	/**
	 * Apply events in order, with the ledger's decisions, through the engine.
	 * @param connection a connection in the transaction that will record the outcomes
	 * @param events the events, in entry order
	 * @param times when each event was made, in the same order
	 * @param engine applies events to Redis, one result each
	 * @return the results and what changes in the table
	 * @throws SQLException when the table cannot be read
	 */
	Decided apply(Connection connection, List<ActivityEvent> events, List<Instant> times, ActivityRankService engine)
			throws SQLException {
		Decided decided = new Decided(events.size());
		Map<Pair, Deque<Standing>> standing = load(connection, events);
		Instant now = this.calendar.now();
		LocalDate oldestRecordDay = this.calendar.today().minusDays(this.calendar.retainedRecordDays());
		List<Integer> segment = new ArrayList<>();
		Set<String> segmentUsers = new HashSet<>();
		for (int i = 0; i < events.size(); i++) {
			ActivityEvent event = events.get(i);
			Pair pair = Pair.of(event);
			boolean decides = pair != null && (event.revoke() || oncePerEver(event));
			if (!decides) {
				segment.add(i);
				if (pair != null) {
					segmentUsers.add(pair.userId());
				}
				continue;
			}
			if (segmentUsers.contains(pair.userId())) {
				// the decision depends on what Redis answers to the entries before it
				flush(segment, events, times, engine, decided, standing);
				segmentUsers.clear();
			}
			Deque<Standing> held = standing.get(pair);
			Standing latest = (held != null) ? held.peekLast() : null;
			if (!event.revoke() && latest != null) {
				decided.results[i] = new AwardResult(AwardResult.Outcome.ALREADY_AWARDED, 0, null);
			}
			else if (event.revoke() && latest != null && latest.awardId != null
					&& LocalDate.ofInstant(Instant.ofEpochMilli(latest.eventAt), this.calendar.zone())
						.isBefore(oldestRecordDay)) {
				AwardResult result = this.records.revokeExpired(pair.userId(), latest.rule, latest.points,
						Instant.ofEpochMilli(latest.eventAt));
				decided.results[i] = result;
				if (result.outcome() == AwardResult.Outcome.REVOKED) {
					held.pollLast();
					decided.deleted.add(latest.awardId);
					decided.revokedIds[i] = latest.awardId;
				}
			}
			else {
				segment.add(i);
				segmentUsers.add(pair.userId());
			}
		}
		flush(segment, events, times, engine, decided, standing);
		for (Deque<Standing> held : standing.values()) {
			for (Standing award : held) {
				if (award.awardId == null) {
					decided.inserted.add(award);
				}
			}
		}
		return decided;
	}

	private void flush(List<Integer> segment, List<ActivityEvent> events, List<Instant> times,
			ActivityRankService engine, Decided decided, Map<Pair, Deque<Standing>> standing) {
		if (segment.isEmpty()) {
			return;
		}
		List<ActivityEvent> batch = new ArrayList<>(segment.size());
		List<Instant> batchTimes = new ArrayList<>(segment.size());
		for (int i : segment) {
			batch.add(events.get(i));
			batchTimes.add(times.get(i));
		}
		// each entry counts on the day it was made, however late it is applied
		List<AwardResult> results = (engine instanceof TimedActivityApplier timed) ? timed.applyAll(batch, batchTimes)
				: engine.applyAll(batch);
		for (int k = 0; k < segment.size(); k++) {
			int i = segment.get(k);
			AwardResult result = results.get(k);
			decided.results[i] = result;
			ActivityEvent event = events.get(i);
			Pair pair = Pair.of(event);
			if (pair == null) {
				continue;
			}
			AwardResult.Outcome outcome = result.outcome();
			if ((outcome == AwardResult.Outcome.AWARDED || outcome == AwardResult.Outcome.CAPPED)
					&& result.points() != 0) {
				standing.computeIfAbsent(pair, (key) -> new ArrayDeque<>())
					.addLast(new Standing(null, i, pair, event.rule(), result.points(), times.get(i).toEpochMilli()));
			}
			else if (outcome == AwardResult.Outcome.ALREADY_AWARDED && oncePerEver(event)
					&& standing.getOrDefault(pair, EMPTY).isEmpty()) {
				// Redis has an award the table lacks: one applied just before a crash
				// took its commit (this is the replay), or made before the ledger was on
				standing.computeIfAbsent(pair, (key) -> new ArrayDeque<>())
					.addLast(new Standing(null, i, pair, event.rule(), this.rules.get(event.rule()).points(),
							times.get(i).toEpochMilli()));
			}
			else if (outcome == AwardResult.Outcome.REVOKED) {
				// Redis took back the newest record of the field; so does the table
				Deque<Standing> held = standing.get(pair);
				Standing latest = (held != null) ? held.pollLast() : null;
				if (latest != null && latest.awardId != null) {
					decided.deleted.add(latest.awardId);
				}
			}
		}
		segment.clear();
	}

	private boolean oncePerEver(ActivityEvent event) {
		if (event.revoke() || event.rule() == null) {
			return false;
		}
		ScoringRule rule = this.rules.get(event.rule());
		return rule != null && rule.oncePerEver();
	}

	/** The standing awards of the users and fields of the events that need a decision. */
	private Map<Pair, Deque<Standing>> load(Connection connection, List<ActivityEvent> events) throws SQLException {
		Set<Pair> pairs = new LinkedHashSet<>();
		for (ActivityEvent event : events) {
			Pair pair = Pair.of(event);
			if (pair != null && (event.revoke() || oncePerEver(event))) {
				pairs.add(pair);
			}
		}
		Map<Pair, Deque<Standing>> standing = new HashMap<>();
		List<Pair> all = new ArrayList<>(pairs);
		for (int from = 0; from < all.size(); from += PAIRS_PER_SELECT) {
			List<Pair> chunk = all.subList(from, Math.min(all.size(), from + PAIRS_PER_SELECT));
			StringBuilder sql = new StringBuilder("SELECT award_id, user_id, field, rule_name, points, event_at FROM ")
				.append(this.tables.standing())
				.append(" WHERE ");
			for (int k = 0; k < chunk.size(); k++) {
				sql.append((k > 0) ? " OR " : "").append("(user_id = ? AND field = ?)");
			}
			sql.append(" ORDER BY award_id");
			try (PreparedStatement statement = connection.prepareStatement(sql.toString())) {
				int p = 1;
				for (Pair pair : chunk) {
					statement.setString(p++, pair.userId());
					statement.setString(p++, pair.field());
				}
				try (ResultSet rows = statement.executeQuery()) {
					while (rows.next()) {
						Pair pair = new Pair(rows.getString(2), rows.getString(3));
						standing.computeIfAbsent(pair, (key) -> new ArrayDeque<>())
							.addLast(new Standing(rows.getLong(1), -1, pair, rows.getString(4), rows.getLong(5),
									rows.getLong(6)));
					}
				}
			}
		}
		return standing;
	}

	/**
	 * Write what changed in the table, in the caller's transaction.
	 * @param connection the connection of the transaction that records the outcomes
	 * @param decided what {@link #apply} decided
	 * @param ids the ledger ids of the events, in the same order
	 * @throws SQLException when the database fails
	 */
	void write(Connection connection, Decided decided, long[] ids) throws SQLException {
		// one statement per chunk rather than one per row: a relay batch of a thousand
		// awards adds a thousand rows
		List<Long> deleted = decided.deleted;
		for (int from = 0; from < deleted.size(); from += AwardLedger.IDS_PER_STATEMENT) {
			try (PreparedStatement statement = connection
				.prepareStatement("DELETE FROM " + this.tables.standing() + " WHERE award_id IN ("
						+ AwardLedger.inList(
								deleted.subList(from, Math.min(deleted.size(), from + AwardLedger.IDS_PER_STATEMENT)))
						+ ")")) {
				statement.executeUpdate();
			}
		}
		List<Standing> inserted = decided.inserted;
		for (int from = 0; from < inserted.size(); from += ROWS_PER_INSERT) {
			List<Standing> chunk = inserted.subList(from, Math.min(inserted.size(), from + ROWS_PER_INSERT));
			StringBuilder sql = new StringBuilder("INSERT INTO ").append(this.tables.standing())
				.append(" (award_id, user_id, field, rule_name, points, event_at) VALUES ");
			for (int k = 0; k < chunk.size(); k++) {
				sql.append((k > 0) ? ", " : "").append("(?, ?, ?, ?, ?, ?)");
			}
			try (PreparedStatement statement = connection.prepareStatement(sql.toString())) {
				int p = 1;
				for (Standing award : chunk) {
					statement.setLong(p++, ids[award.index]);
					statement.setString(p++, award.pair.userId());
					statement.setString(p++, award.pair.field());
					if (award.rule != null) {
						statement.setString(p++, award.rule);
					}
					else {
						statement.setNull(p++, Types.VARCHAR);
					}
					statement.setLong(p++, award.points);
					statement.setLong(p++, award.eventAt);
				}
				statement.executeUpdate();
			}
		}
	}

	/** A user and the field an award is idempotent on, as the engine derives it. */
	private record Pair(String userId, String field) {

		static Pair of(ActivityEvent event) {
			String field = fieldOf(event);
			return (event.userId() != null && field != null) ? new Pair(event.userId(), field) : null;
		}

	}

	/**
	 * The field that pairs an award with its user: its own, or its rule's name when it
	 * has none, as it is recorded.
	 * @param event an award or revoke
	 * @return the field
	 */
	static String fieldOf(ActivityEvent event) {
		return (event.field() != null) ? event.field() : event.rule();
	}

	/**
	 * A standing award: a row of the table ({@code awardId} set), or one made by the
	 * event at {@code index} of this batch.
	 */
	private record Standing(Long awardId, int index, Pair pair, String rule, long points, long eventAt) {

	}

	/** What applying a batch produced. */
	static final class Decided {

		/** One result per event. */
		final AwardResult[] results;

		/**
		 * Per event, the award entry a revoke the ledger applied took back, else null.
		 */
		final Long[] revokedIds;

		/** Standing awards this batch made that still stand. */
		final List<Standing> inserted = new ArrayList<>();

		/** Rows of the table that were taken back. */
		final List<Long> deleted = new ArrayList<>();

		Decided(int size) {
			this.results = new AwardResult[size];
			this.revokedIds = new Long[size];
		}

		List<AwardResult> results() {
			return List.of(this.results);
		}

		/** Whether an event made a standing award that needs its entry's id. */
		boolean needsIds() {
			return !this.inserted.isEmpty();
		}

	}

}
