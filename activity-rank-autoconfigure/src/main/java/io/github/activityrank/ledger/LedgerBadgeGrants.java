package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BadgeDefinition;
import io.github.activityrank.engine.BadgeDefinition.Kind;
import io.github.activityrank.engine.BadgeGrants;
import io.github.activityrank.engine.BadgeSettings;
import io.github.activityrank.redis.RetroBadgeGrants;

/**
 * {@code grantBadges()} with the ledger on: first from what the ledger records, which
 * reaches back to when it was turned on, then from what Redis holds
 * ({@link RetroBadgeGrants}), which also counts what Redis saw before the ledger. From
 * the standing awards ({@code <prefix>ledger_standing}, which the ledger's retention does
 * not purge): a count badge from the user's rows of its rule, whose count also becomes
 * the counter Redis keeps of the rule when Redis counts fewer; a points badge from the
 * sum of the user's rows' points in the levels' board's current period (all of them for
 * {@code total}). Each grant never lowers a tier and publishes no event.
 *
 * @param ledger the ledger, whose standing awards they read
 * @param redis the grants from what Redis holds, which also write the ledger's
 * @param settings the badges
 * @param calendar today, for the levels' board of a period
 */
public record LedgerBadgeGrants(AwardLedger ledger, RetroBadgeGrants redis, BadgeSettings settings,
		ActivityCalendar calendar) implements BadgeGrants {

	@Override
	public long grantBadges() {
		// the ledger's first: Redis then finds those tiers held and grants only what it
		// counts more of
		long granted;
		try (Connection connection = this.ledger.dataSource().getConnection()) {
			granted = fromCounts(connection) + fromPoints(connection);
		}
		catch (SQLException ex) {
			throw new IllegalStateException(
					"activity-rank ledger could not read the standing awards to grant badges: " + ex.getMessage(), ex);
		}
		return granted + this.redis.grantBadges();
	}

	private long fromCounts(Connection connection) throws SQLException {
		Map<String, List<BadgeDefinition>> byRule = new LinkedHashMap<>();
		for (BadgeDefinition badge : this.settings.badges()) {
			if (badge.kind() == Kind.COUNT) {
				byRule.computeIfAbsent(badge.rule(), (rule) -> new ArrayList<>()).add(badge);
			}
		}
		if (byRule.isEmpty()) {
			return 0;
		}
		String sql = "SELECT user_id, rule_name, COUNT(*) FROM " + this.ledger.tables().standing()
				+ " WHERE rule_name IN (" + String.join(", ", byRule.keySet().stream().map((r) -> "?").toList())
				+ ") GROUP BY user_id, rule_name";
		long granted = 0;
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			int p = 1;
			for (String rule : byRule.keySet()) {
				statement.setString(p++, rule);
			}
			try (ResultSet rows = statement.executeQuery()) {
				while (rows.next()) {
					String user = rows.getString(1);
					long count = rows.getLong(3);
					for (BadgeDefinition badge : byRule.get(rows.getString(2))) {
						granted += this.redis.grant(user, badge, count);
					}
				}
			}
		}
		return granted;
	}

	private long fromPoints(Connection connection) throws SQLException {
		List<BadgeDefinition> badges = this.settings.badges()
			.stream()
			.filter((badge) -> badge.kind() == Kind.POINTS)
			.toList();
		if (badges.isEmpty()) {
			return 0;
		}
		long lowest = badges.stream().mapToLong((badge) -> badge.thresholds().get(0)).min().orElseThrow();
		Period period = this.settings.levelPeriod();
		boolean total = period == Period.TOTAL;
		String sql = "SELECT user_id, SUM(points) FROM " + this.ledger.tables().standing()
				+ (total ? "" : " WHERE event_at >= ? AND event_at < ?") + " GROUP BY user_id HAVING SUM(points) >= ?";
		long granted = 0;
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			int p = 1;
			if (!total) {
				LocalDate today = this.calendar.today();
				ZoneId zone = this.calendar.zone();
				statement.setLong(p++,
						ActivityCalendar.start(period, today).atStartOfDay(zone).toInstant().toEpochMilli());
				statement.setLong(p++,
						ActivityCalendar.end(period, today).atStartOfDay(zone).toInstant().toEpochMilli());
			}
			statement.setLong(p, lowest);
			try (ResultSet rows = statement.executeQuery()) {
				while (rows.next()) {
					for (BadgeDefinition badge : badges) {
						granted += this.redis.grant(rows.getString(1), badge, rows.getLong(2));
					}
				}
			}
		}
		return granted;
	}

}
