package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Archived standings: when a day, week or month board has ended, its first
 * {@code activity-rank.ledger.archive-size} entries are stored in the database
 * ({@code <prefix>archive}, one row per entry, and {@code <prefix>archive_board}, one row
 * per board), once across instances: both go in one transaction that starts with the
 * board's row, whose primary key lets one instance write it; the others fail on the
 * duplicate key and roll back. A daemon thread ({@value #THREAD_NAME}) looks every
 * {@code activity-rank.events.check-interval}, and once right after the start, at every
 * board that has ended and may still be in Redis, so an instance started late still
 * archives what Redis keeps. Queries for a period past its Redis retention read the
 * archive ({@link LedgerActivityRankService}).
 */
public class LedgerArchive implements SmartLifecycle {

	/** The name of the thread that archives ended boards. */
	public static final String THREAD_NAME = "activity-rank-ledger-archive";

	private static final Log logger = LogFactory.getLog(LedgerArchive.class);

	private static final List<Period> ENDING = List.of(Period.DAY, Period.WEEK, Period.MONTH);

	private final DataSource dataSource;

	private final LedgerTables tables;

	private final ActivityRankService engine;

	private final ActivityCalendar calendar;

	private final List<Period> periods;

	private final int size;

	private final Duration checkInterval;

	private final WarnOnce failureLog = new WarnOnce(logger, "further failures are logged at debug level");

	private volatile ScheduledExecutorService executor;

	/**
	 * Create the archive.
	 * @param ledger the ledger, whose database and table prefix it shares
	 * @param engine the service that reads the boards in Redis
	 * @param calendar periods, retention and today
	 * @param periods the configured boards
	 * @param size entries archived per board
	 * @param checkInterval how often to look for ended boards
	 */
	public LedgerArchive(AwardLedger ledger, ActivityRankService engine, ActivityCalendar calendar, Set<Period> periods,
			int size, Duration checkInterval) {
		this.dataSource = ledger.dataSource();
		this.tables = ledger.tables();
		this.engine = Objects.requireNonNull(engine, "engine must not be null");
		this.calendar = Objects.requireNonNull(calendar, "calendar must not be null");
		this.periods = ENDING.stream().filter(periods::contains).toList();
		this.size = size;
		this.checkInterval = checkInterval;
	}

	/**
	 * The id of a period's board in the archive tables.
	 * @param period DAY, WEEK or MONTH
	 * @param day a day of the period
	 * @return for example {@code day:20261121}, {@code week:2026-W47}
	 */
	static String boardId(Period period, LocalDate day) {
		return period.name().toLowerCase(Locale.ROOT) + ":" + ActivityCalendar.periodId(period, day);
	}

	/**
	 * Archive every ended board still retained in Redis that no instance archived yet.
	 * @return the number of boards this call archived
	 * @throws SQLException when the database fails
	 */
	public int archiveEnded() throws SQLException {
		Map<String, LocalDate[]> candidates = new LinkedHashMap<>();
		for (Period period : this.periods) {
			List<LocalDate> starts = this.calendar.retainedPeriods(period);
			// the first is the running period
			for (LocalDate start : starts.subList(1, starts.size())) {
				candidates.put(boardId(period, start), new LocalDate[] { start, null });
			}
		}
		if (candidates.isEmpty()) {
			return 0;
		}
		try (Connection connection = this.dataSource.getConnection()) {
			candidates.keySet().removeAll(archived(connection, candidates.keySet()));
			int archived = 0;
			for (Map.Entry<String, LocalDate[]> candidate : candidates.entrySet()) {
				Period period = Period
					.valueOf(candidate.getKey().substring(0, candidate.getKey().indexOf(':')).toUpperCase(Locale.ROOT));
				if (archive(connection, candidate.getKey(), period, candidate.getValue()[0])) {
					archived++;
				}
			}
			return archived;
		}
	}

	private List<String> archived(Connection connection, Set<String> ids) throws SQLException {
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

	/** Archive one board in one transaction; false when another instance has it. */
	private boolean archive(Connection connection, String board, Period period, LocalDate start) throws SQLException {
		List<RankEntry> entries = new ArrayList<>();
		while (entries.size() < this.size) {
			int limit = Math.min(ActivityLimits.MAX_PAGE_SIZE, this.size - entries.size());
			List<RankEntry> page = this.engine.page(period, start, entries.size(), limit);
			entries.addAll(page);
			if (page.size() < limit) {
				break;
			}
		}
		boolean autoCommit = connection.getAutoCommit();
		connection.setAutoCommit(false);
		try {
			try (PreparedStatement statement = connection.prepareStatement(
					"INSERT INTO " + this.tables.archiveBoards() + " (board, ended_at, entries) VALUES (?, ?, ?)")) {
				statement.setString(1, board);
				statement.setLong(2,
						ActivityCalendar.end(period, start)
							.atStartOfDay(this.calendar.zone())
							.toInstant()
							.toEpochMilli());
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
						statement.setString(4, entry.userId());
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
	 * Whether a board's period is past its Redis retention and ended, so that queries
	 * read the archive.
	 * @param period the period
	 * @param day a day of it
	 * @return {@code true} for an ended DAY, WEEK or MONTH no longer retained
	 */
	boolean answers(Period period, LocalDate day) {
		if (period == Period.TOTAL || !this.periods.contains(period)) {
			return false;
		}
		LocalDate start = ActivityCalendar.start(period, day);
		List<LocalDate> retained = this.calendar.retainedPeriods(period);
		return start.isBefore(retained.get(retained.size() - 1));
	}

	/**
	 * A slice of an archived board, best first.
	 * @param period the period
	 * @param day a day of it
	 * @param offset entries to skip
	 * @param limit most entries
	 * @return the entries, without display data; empty when the board was not archived
	 */
	List<RankEntry> page(Period period, LocalDate day, long offset, int limit) {
		return query(
				"SELECT user_id, board_rank, points FROM " + this.tables.archive()
						+ " WHERE board = ? ORDER BY entry_order LIMIT " + limit + " OFFSET " + offset,
				boardId(period, day));
	}

	/**
	 * One user's entry on an archived board.
	 * @param period the period
	 * @param day a day of it
	 * @param userId the user
	 * @return the entry, empty when the user is not in the archived standings
	 */
	Optional<RankEntry> rankOf(Period period, LocalDate day, String userId) {
		return query(
				"SELECT user_id, board_rank, points FROM " + this.tables.archive() + " WHERE board = ? AND user_id = ?",
				boardId(period, day), userId)
			.stream()
			.findFirst();
	}

	/**
	 * A user and their neighbours on an archived board.
	 * @param period the period
	 * @param day a day of it
	 * @param userId the user
	 * @param radius neighbours on each side
	 * @return the window, empty when the user is not in the archived standings
	 */
	List<RankEntry> around(Period period, LocalDate day, String userId, int radius) {
		List<RankEntry> all = query("SELECT user_id, board_rank, points FROM " + this.tables.archive()
				+ " WHERE board = ? ORDER BY entry_order", boardId(period, day));
		for (int i = 0; i < all.size(); i++) {
			if (all.get(i).userId().equals(userId)) {
				return List.copyOf(all.subList(Math.max(0, i - radius), Math.min(all.size(), i + radius + 1)));
			}
		}
		return List.of();
	}

	/**
	 * How many entries an archived board keeps.
	 * @param period the period
	 * @param day a day of it
	 * @return the number, 0 when the board was not archived
	 */
	long size(Period period, LocalDate day) {
		try (Connection connection = this.dataSource.getConnection();
				PreparedStatement statement = connection
					.prepareStatement("SELECT COUNT(*) FROM " + this.tables.archive() + " WHERE board = ?")) {
			statement.setString(1, boardId(period, day));
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

	@Override
	public void start() {
		if (this.executor != null || this.periods.isEmpty()) {
			return;
		}
		ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor((run) -> {
			Thread thread = new Thread(run, THREAD_NAME);
			thread.setDaemon(true);
			return thread;
		});
		scheduler.scheduleWithFixedDelay(this::check, 0, this.checkInterval.toMillis(), TimeUnit.MILLISECONDS);
		this.executor = scheduler;
	}

	private void check() {
		try {
			archiveEnded();
		}
		catch (SQLException | RuntimeException ex) {
			this.failureLog.log("activity-rank ledger could not archive ended boards, trying again in "
					+ this.checkInterval.toMillis() + " ms: " + ex, ex);
		}
	}

	@Override
	public void stop() {
		ScheduledExecutorService scheduler = this.executor;
		if (scheduler != null) {
			scheduler.shutdownNow();
			this.executor = null;
		}
	}

	@Override
	public boolean isRunning() {
		return this.executor != null;
	}

	@Override
	public int getPhase() {
		return LedgerRelay.PHASE;
	}

}
