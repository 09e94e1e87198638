package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import io.github.activityrank.engine.Achievement;
import io.github.activityrank.engine.BadgeDefinition;
import io.github.activityrank.engine.BadgeDefinition.Kind;
import io.github.activityrank.engine.TopBadgeRecorder;
import io.github.activityrank.redis.BadgeStore;

/**
 * The top badges in the ledger ({@code <prefix>top_badge}): one row per board that ended,
 * top badge and user it granted, written before the grant in Redis and once across
 * instances (the primary key: a second writer finds the row and adds nothing). A rebuild
 * restores each user's top badges from them ({@link #restore()}): the count of rows is
 * {@code times}, the latest row's end is {@code earnedAt}. Erasing a user deletes their
 * rows with their other rows.
 */
public class LedgerTopBadges implements TopBadgeRecorder {

	/** SQLSTATE class of integrity constraint violations, a duplicate key among them. */
	private static final String CONSTRAINT_VIOLATION = "23";

	private final AwardLedger ledger;

	private final BadgeStore store;

	private final String insert;

	/**
	 * Create the top badges of a ledger.
	 * @param ledger the ledger, whose database and table prefix they share
	 * @param store the badges in Redis, which {@link #restore()} writes; {@code null}
	 * without the starter's badges: nothing to restore
	 */
	public LedgerTopBadges(AwardLedger ledger, BadgeStore store) {
		this.ledger = ledger;
		this.store = store;
		this.insert = "INSERT INTO " + ledger.tables().topBadges()
				+ " (board, badge, user_id, tier, earned_at) VALUES (?, ?, ?, ?, ?)";
	}

	@Override
	public void record(String board, List<Achievement> earned) {
		try (Connection connection = this.ledger.dataSource().getConnection()) {
			// a row each, so that a duplicate fails alone
			connection.setAutoCommit(true);
			for (Achievement achievement : earned) {
				insertOnce(connection, board, achievement);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(
					"activity-rank ledger could not record the top badges of " + board + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * Write every user's top badges the ledger holds to Redis, for the badges configured
	 * today, unless Redis counts as many grants of a badge already.
	 * @return how many users' badges were written
	 */
	public long restore() {
		if (this.store == null) {
			return 0;
		}
		Set<String> configured = this.store.settings()
			.badges()
			.stream()
			.filter((badge) -> badge.kind() == Kind.TOP)
			.map(BadgeDefinition::name)
			.collect(Collectors.toSet());
		if (configured.isEmpty()) {
			return 0;
		}
		String sql = "SELECT user_id, badge, board, earned_at FROM " + this.ledger.tables().topBadges()
				+ " ORDER BY user_id, badge, earned_at, board";
		long written = 0;
		try (Connection connection = this.ledger.dataSource().getConnection();
				PreparedStatement statement = connection.prepareStatement(sql);
				ResultSet rows = statement.executeQuery()) {
			Latest latest = null;
			while (rows.next()) {
				String user = rows.getString(1);
				String badge = rows.getString(2);
				if (latest != null && latest.is(user, badge)) {
					latest = new Latest(user, badge, rows.getString(3), rows.getLong(4), latest.times() + 1);
					continue;
				}
				written += write(latest, configured);
				latest = new Latest(user, badge, rows.getString(3), rows.getLong(4), 1);
			}
			written += write(latest, configured);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("activity-rank ledger could not read the top badges: " + ex.getMessage(),
					ex);
		}
		return written;
	}

	private long write(Latest latest, Set<String> configured) {
		if (latest == null || !configured.contains(latest.badge())) {
			return 0;
		}
		return this.store.restoreTop(latest.user(), latest.badge(), latest.board(), Instant.ofEpochMilli(latest.at()),
				latest.times()) ? 1 : 0;
	}

	private void insertOnce(Connection connection, String board, Achievement achievement) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(this.insert)) {
			statement.setString(1, board);
			statement.setString(2, achievement.badge());
			statement.setString(3, achievement.userId());
			statement.setInt(4, achievement.tier());
			statement.setLong(5, achievement.at().toEpochMilli());
			statement.executeUpdate();
		}
		catch (SQLException ex) {
			if (!isDuplicate(ex)) {
				throw ex;
			}
			// recorded by another instance, or an end published again
		}
	}

	private static boolean isDuplicate(SQLException ex) {
		return ex.getSQLState() != null && ex.getSQLState().startsWith(CONSTRAINT_VIOLATION);
	}

	/** The latest grant of a badge to a user, and how many rows grant it. */
	private record Latest(String user, String badge, String board, long at, long times) {

		boolean is(String user, String badge) {
			return this.user.equals(user) && this.badge.equals(badge);
		}

	}

}
