package io.github.activityrank.ledger;

import java.time.Instant;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.SetAsideAward;
import io.github.activityrank.engine.ScopeSettings;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The ledger's entries that Redis failed on for good ({@link AwardLedger#SET_ASIDE}): the
 * set-aside store when the ledger is on, listed and made pending again by the admin.
 */
final class SetAsideRows {

	/**
	 * The reason of an entry set aside by a version that kept none: the relay logged it
	 * when it set the entry aside.
	 */
	static final String UNKNOWN_REASON = "Redis failed on it for good; the relay's WARN line names the failure";

	private final JdbcTemplate jdbc;

	private final LedgerTables tables;

	SetAsideRows(AwardLedger ledger) {
		this.jdbc = new JdbcTemplate(ledger.dataSource());
		this.tables = ledger.tables();
	}

	/**
	 * The entries set aside because Redis failed on them for good, oldest first.
	 * @param limit most entries
	 * @return the entries
	 */
	List<SetAsideAward> list(int limit) {
		return this.jdbc.query("SELECT id, kind, user_id, rule_name, points, field, event_at, item_type, item_id,"
				+ " applied_at, scopes, reason FROM " + this.tables.ledger() + " WHERE state = " + AwardLedger.SET_ASIDE
				+ " ORDER BY id LIMIT ?", (rows, n) -> {
					long points = rows.getLong(5);
					Long boxed = rows.wasNull() ? null : points;
					ActivityEvent event = new ActivityEvent(rows.getString(3), rows.getString(6), rows.getString(4),
							boxed, AwardLedger.REVOKE.equals(rows.getString(2)), rows.getString(8), rows.getString(9),
							ScopeSettings.parse(rows.getString(11)));
					String reason = rows.getString(12);
					long setAsideAt = rows.getLong(10);
					return new SetAsideAward(Long.toString(rows.getLong(1)), event,
							Instant.ofEpochMilli(rows.getLong(7)), (reason != null) ? reason : UNKNOWN_REASON,
							rows.wasNull() ? null : Instant.ofEpochMilli(setAsideAt));
				}, limit);
	}

	/**
	 * Make every entry set aside pending again, for the relay to apply in id order.
	 * @return how many entries are pending again
	 */
	int makePending() {
		return this.jdbc.update("UPDATE " + this.tables.ledger() + " SET state = " + AwardLedger.PENDING
				+ ", outcome = NULL, applied_points = NULL, applied_at = NULL, reason = NULL WHERE state = "
				+ AwardLedger.SET_ASIDE);
	}

}
