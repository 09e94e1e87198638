package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

import javax.sql.DataSource;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.BoardSource;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The two archive tables, {@code <prefix>archive_board} and {@code <prefix>archive},
 * shared by the period boards ({@link LedgerArchive}) and the challenges
 * ({@link LedgerChallengeArchive}): which boards are archived, writing one board once
 * across instances, and reading an archived board by its id.
 */
final class ArchivedBoards {

	private static final Log logger = LogFactory.getLog(ArchivedBoards.class);

	private final DataSource dataSource;

	private final LedgerTables tables;

	ArchivedBoards(DataSource dataSource, LedgerTables tables) {
		this.dataSource = dataSource;
		this.tables = tables;
	}

	DataSource dataSource() {
		return this.dataSource;
	}

	LedgerTables tables() {
		return this.tables;
	}

	/**
	 * The first entries of a board, read page by page.
	 * @param page reads a page: offset, limit
	 * @param size most entries
	 * @return the entries in board order
	 */
	static List<RankEntry> firstEntries(BiFunction<Long, Integer, List<RankEntry>> page, int size) {
		List<RankEntry> entries = new ArrayList<>();
		while (entries.size() < size) {
			int limit = Math.min(ActivityLimits.MAX_PAGE_SIZE, size - entries.size());
			List<RankEntry> slice = page.apply((long) entries.size(), limit);
			entries.addAll(slice);
			if (slice.size() < limit) {
				break;
			}
		}
		return entries;
	}

	/**
	 * Which of some boards are archived.
	 * @param connection the connection to read on
	 * @param ids board ids
	 * @return those archived
	 * @throws SQLException when the database fails
	 */
	List<String> archived(Connection connection, Collection<String> ids) throws SQLException {
		List<String> found = new ArrayList<>();
		List<String> all = new ArrayList<>(ids);
		for (int from = 0; from < all.size(); from += 100) {
			List<String> chunk = all.subList(from, Math.min(all.size(), from + 100));
			String marks = String.join(", ", Collections.nCopies(chunk.size(), "?"));
			try (PreparedStatement statement = connection.prepareStatement(
					"SELECT board FROM " + this.tables.archiveBoards() + " WHERE board IN (" + marks + ")")) {
				for (int i = 0; i < chunk.size(); i++) {
					statement.setString(i + 1, chunk.get(i));
				}
				try (ResultSet rows = statement.executeQuery()) {
					while (rows.next()) {
						found.add(rows.getString(1));
					}
				}
			}
		}
		return found;
	}

	/**
	 * Whether the ledger still holds pending entries made before an instant. The relay
	 * applies each at its own {@code event_at}, so such an entry may still change a board
	 * that ended at that instant: the board waits for the next check.
	 * @param connection the connection to read on
	 * @param endedAt the board's end, epoch milliseconds
	 * @return {@code true} when the board is not final yet
	 * @throws SQLException when the database fails
	 */
	boolean pendingBefore(Connection connection, long endedAt) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement("SELECT COUNT(*) FROM " + this.tables.ledger()
				+ " WHERE state = " + AwardLedger.PENDING + " AND event_at < ?")) {
			statement.setLong(1, endedAt);
			try (ResultSet rows = statement.executeQuery()) {
				return rows.next() && rows.getLong(1) > 0;
			}
		}
	}

	/**
	 * Archive one board in one transaction that starts with its row in
	 * {@code archive_board}, whose primary key lets one instance write it.
	 * @param connection the connection to write on
	 * @param board the board's id
	 * @param endedAt its end, epoch milliseconds
	 * @param entries its first entries, in board order
	 * @return {@code false} when another instance archived it
	 * @throws SQLException when the database fails
	 */
	boolean write(Connection connection, String board, long endedAt, List<RankEntry> entries) throws SQLException {
		boolean autoCommit = connection.getAutoCommit();
		connection.setAutoCommit(false);
		try {
			try (PreparedStatement statement = connection.prepareStatement(
					"INSERT INTO " + this.tables.archiveBoards() + " (board, ended_at, entries) VALUES (?, ?, ?)")) {
				statement.setString(1, board);
				statement.setLong(2, endedAt);
				statement.setInt(3, entries.size());
				statement.executeUpdate();
			}
			catch (SQLException ex) {
				if (isDuplicateKey(ex)) {
					connection.rollback();
					return false;
				}
				throw ex;
			}
			if (!entries.isEmpty()) {
				try (PreparedStatement statement = connection.prepareStatement("INSERT INTO " + this.tables.archive()
						+ " (board, entry_order, board_rank, user_id, points, score) VALUES (?, ?, ?, ?, ?, ?)")) {
					int order = 0;
					for (RankEntry entry : entries) {
						statement.setString(1, board);
						statement.setInt(2, ++order);
						statement.setLong(3, entry.rank());
						statement.setString(4, entry.id());
						statement.setLong(5, entry.score());
						statement.setLong(6, entry.score());
						statement.addBatch();
					}
					statement.executeBatch();
				}
			}
			connection.commit();
			logger.debug("activity-rank ledger archived " + entries.size() + " entries of " + board);
			return true;
		}
		catch (SQLException | RuntimeException ex) {
			connection.rollback();
			if (ex instanceof SQLException sql && isDuplicateKey(sql)) {
				return false;
			}
			throw ex;
		}
		finally {
			connection.setAutoCommit(autoCommit);
		}
	}

	private static boolean isDuplicateKey(SQLException ex) {
		for (Throwable t = ex; t != null; t = t.getCause()) {
			if (t instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("23")) {
				return true;
			}
		}
		return false;
	}

	/**
	 * A slice of an archived board, best first.
	 * @param board the board's id
	 * @param offset entries to skip
	 * @param limit most entries
	 * @return the entries, without display data; empty when the board was not archived
	 */
	List<RankEntry> page(String board, long offset, int limit) {
		return query("SELECT user_id, board_rank, points FROM " + this.tables.archive()
				+ " WHERE board = ? ORDER BY entry_order LIMIT " + limit + " OFFSET " + offset, board);
	}

	/**
	 * One user's entry on an archived board.
	 * @param board the board's id
	 * @param userId the user
	 * @return the entry, empty when the user is not in the archived standings
	 */
	Optional<RankEntry> rankOf(String board, String userId) {
		return query(
				"SELECT user_id, board_rank, points FROM " + this.tables.archive() + " WHERE board = ? AND user_id = ?",
				board, userId)
			.stream()
			.findFirst();
	}

	/**
	 * A user and their neighbours on an archived board.
	 * @param board the board's id
	 * @param userId the user
	 * @param radius neighbours on each side
	 * @return the window, empty when the user is not in the archived standings
	 */
	List<RankEntry> around(String board, String userId, int radius) {
		List<RankEntry> all = query("SELECT user_id, board_rank, points FROM " + this.tables.archive()
				+ " WHERE board = ? ORDER BY entry_order", board);
		for (int i = 0; i < all.size(); i++) {
			if (all.get(i).id().equals(userId)) {
				return List.copyOf(all.subList(Math.max(0, i - radius), Math.min(all.size(), i + radius + 1)));
			}
		}
		return List.of();
	}

	/**
	 * How many entries an archived board keeps.
	 * @param board the board's id
	 * @return the number, 0 when the board was not archived
	 */
	long size(String board) {
		try (Connection connection = this.dataSource.getConnection();
				PreparedStatement statement = connection
					.prepareStatement("SELECT COUNT(*) FROM " + this.tables.archive() + " WHERE board = ?")) {
			statement.setString(1, board);
			try (ResultSet rows = statement.executeQuery()) {
				return rows.next() ? rows.getLong(1) : 0;
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("activity-rank ledger could not read the archive: " + ex, ex);
		}
	}

	private List<RankEntry> query(String sql, String... args) {
		try (Connection connection = this.dataSource.getConnection();
				PreparedStatement statement = connection.prepareStatement(sql)) {
			for (int i = 0; i < args.length; i++) {
				statement.setString(i + 1, args[i]);
			}
			List<RankEntry> entries = new ArrayList<>();
			try (ResultSet rows = statement.executeQuery()) {
				while (rows.next()) {
					entries.add(new RankEntry(rows.getString(1), rows.getLong(2), rows.getLong(3), null));
				}
			}
			return entries;
		}
		catch (SQLException ex) {
			throw new IllegalStateException("activity-rank ledger could not read the archive: " + ex, ex);
		}
	}

	/**
	 * An archived board as a board: ids arrive validated. {@code among} is not kept in
	 * the archive and reads the live board, which past its retention is empty or gone.
	 * @param board the board's id
	 * @param live the live board, for {@code among}
	 * @return the archived board
	 */
	BoardSource source(String board, BoardSource live) {
		return new BoardSource() {

			@Override
			public List<RankEntry> range(long offset, int limit) {
				return page(board, offset, limit);
			}

			@Override
			public Optional<RankEntry> rank(String id) {
				return rankOf(board, id);
			}

			@Override
			public List<RankEntry> around(String id, int radius) {
				return ArchivedBoards.this.around(board, id, radius);
			}

			@Override
			public long size() {
				return ArchivedBoards.this.size(board);
			}

			@Override
			public List<RankEntry> among(List<String> ids) {
				return live.among(ids);
			}

		};
	}

}
