package io.github.activityrank.ledger;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

import io.github.activityrank.AwardResult;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The ledger's reads of rows and counts, and the retention's delete, each a statement of
 * its own that commits.
 *
 * @param jdbc the ledger's statements
 * @param tables the ledger's table names
 */
record LedgerRows(JdbcTemplate jdbc, LedgerTables tables) {

	/**
	 * How many entries wait for the relay.
	 * @return the count
	 */
	public long pendingCount() {
		Long count = this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM " + this.tables.ledger() + " WHERE state = " + AwardLedger.PENDING, Long.class);
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
				"DELETE FROM " + this.tables.ledger() + " WHERE state = " + AwardLedger.APPLIED + " AND event_at < ?",
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
		return this.jdbc.query(rowSelect() + " WHERE id > ? AND id <= ? ORDER BY id LIMIT ?", LedgerRows::row, afterId,
				upTo, limit);
	}

	/**
	 * The ids of the rows in some ranges of ids: one statement.
	 * @param ranges first and last id of each range
	 * @return the ids, ascending
	 */
	List<Long> idsIn(List<long[]> ranges) {
		if (ranges.isEmpty()) {
			return List.of();
		}
		StringBuilder sql = new StringBuilder("SELECT id FROM ").append(this.tables.ledger()).append(" WHERE ");
		Object[] bounds = new Object[ranges.size() * 2];
		for (int i = 0; i < ranges.size(); i++) {
			sql.append((i > 0) ? " OR " : "").append("(id >= ? AND id <= ?)");
			bounds[2 * i] = ranges.get(i)[0];
			bounds[2 * i + 1] = ranges.get(i)[1];
		}
		return this.jdbc.queryForList(sql.append(" ORDER BY id").toString(), Long.class, bounds);
	}

	/**
	 * One row of the ledger, as a rebuild reads it.
	 * @param id the row's id
	 * @return the row, or {@code null} when there is none (erased with its user)
	 */
	LedgerRow row(long id) {
		List<LedgerRow> rows = this.jdbc.query(rowSelect() + " WHERE id = ?", LedgerRows::row, id);
		return rows.isEmpty() ? null : rows.get(0);
	}

	/**
	 * Whether an award of a user and field stood just before a row: the latest award row
	 * before it that gave points, or that was answered {@code ALREADY_AWARDED} (applied
	 * twice after a crash, or while another stood), with no revoke that took points
	 * between them. A field left out is the rule's name, as for standing awards.
	 * @param userId the user
	 * @param field the field, the rule's name when the award has none
	 * @param beforeId the row
	 * @return whether an earlier award stood
	 */
	boolean awardStoodBefore(String userId, String field, long beforeId) {
		String table = this.tables.ledger();
		String pair = " WHERE user_id = ? AND COALESCE(field, rule_name) = ? AND kind = ?";
		List<Long> awards = this.jdbc.queryForList(
				"SELECT id FROM " + table + pair + " AND id < ?"
						+ " AND ((outcome IN (?, ?) AND applied_points > 0) OR outcome = ?) ORDER BY id DESC LIMIT 1",
				Long.class, userId, field, AwardLedger.AWARD, beforeId, AwardResult.Outcome.AWARDED.name(),
				AwardResult.Outcome.CAPPED.name(), AwardResult.Outcome.ALREADY_AWARDED.name());
		if (awards.isEmpty()) {
			return false;
		}
		Long revokes = this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM " + table + pair + " AND id > ? AND id < ? AND outcome = ?", Long.class, userId,
				field, AwardLedger.REVOKE, awards.get(0), beforeId, AwardResult.Outcome.REVOKED.name());
		return revokes == null || revokes == 0;
	}

	private String rowSelect() {
		return "SELECT id, kind, user_id, rule_name, points, field, event_at, state, outcome, applied_points,"
				+ " revoked_id, item_type, item_id, scopes FROM " + this.tables.ledger();
	}

	private static LedgerRow row(ResultSet rows, int n) throws SQLException {
		long points = rows.getLong(5);
		Long boxed = rows.wasNull() ? null : points;
		long applied = rows.getLong(10);
		Long appliedPoints = rows.wasNull() ? null : applied;
		long revoked = rows.getLong(11);
		Long revokedId = rows.wasNull() ? null : revoked;
		return new LedgerRow(rows.getLong(1), rows.getString(2), rows.getString(3), rows.getString(4), boxed,
				rows.getString(6), Instant.ofEpochMilli(rows.getLong(7)), rows.getInt(8) == AwardLedger.PENDING,
				rows.getString(9), appliedPoints, revokedId, rows.getString(12), rows.getString(13),
				rows.getString(14));
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

}
