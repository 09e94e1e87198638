package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import javax.sql.DataSource;

import io.github.activityrank.ChallengeDefinition;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * The ledger's record of challenges: their definitions, and the rows of their creation,
 * joins and leaves in order with the awards.
 */
class ChallengeRecords {

	private final DataSource dataSource;

	private final JdbcTemplate jdbc;

	private final LedgerTables tables;

	ChallengeRecords(DataSource dataSource, JdbcTemplate jdbc, LedgerTables tables) {
		this.dataSource = dataSource;
		this.jdbc = jdbc;
		this.tables = tables;
	}

	/**
	 * Record a challenge created in Redis: its definition, unless one is recorded under
	 * its id, and a {@code AwardLedger.CHALLENGE} row in order with the awards. On a
	 * connection of its own, like direct awards.
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
			insertApplied(jdbc, AwardLedger.CHALLENGE, "", definition.id(), at, "CREATED");
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
			insertApplied(jdbc, join ? AwardLedger.JOIN : AwardLedger.LEAVE, userId, challengeId, at,
					join ? "JOINED" : "LEFT");
			return true;
		});
	}

	private void insertApplied(JdbcTemplate jdbc, String kind, String userId, String field, Instant at,
			String outcome) {
		jdbc.update(
				"INSERT INTO " + this.tables.ledger() + " (kind, lane, user_id, rule_name, points, field, event_at,"
						+ " state, outcome, applied_points, applied_at) VALUES (?, ?, ?, NULL, NULL, ?, ?, ?, ?, 0, ?)",
				kind, AwardLedger.laneOf(userId), userId, field, at.toEpochMilli(), AwardLedger.APPLIED, outcome,
				at.toEpochMilli());
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
