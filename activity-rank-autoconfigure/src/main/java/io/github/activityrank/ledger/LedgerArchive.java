package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.engine.PeriodBoards;
import io.github.activityrank.support.WarnOnce;
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
 * archives what Redis keeps; a board waits while the ledger holds pending entries made
 * before its end, which the relay may still apply to it. It is also the period boards'
 * read side: a board of a period past its Redis retention is read from the archive. The
 * same thread archives the ended challenges ({@link LedgerChallengeArchive}).
 */
public class LedgerArchive implements PeriodBoards, SmartLifecycle {

	/** The name of the thread that archives ended boards. */
	public static final String THREAD_NAME = "activity-rank-ledger-archive";

	private static final Log logger = LogFactory.getLog(LedgerArchive.class);

	private static final List<Period> ENDING = List.of(Period.DAY, Period.WEEK, Period.MONTH);

	private final DataSource dataSource;

	private final ArchivedBoards boards;

	private final LedgerChallengeArchive challenges;

	private final PeriodBoards live;

	private final ActivityCalendar calendar;

	private final List<Period> periods;

	private final int size;

	private final Duration checkInterval;

	private final WarnOnce failureLog = new WarnOnce(logger, "further failures are logged at debug level");

	private volatile ScheduledExecutorService executor;

	/**
	 * Create the archive.
	 * @param ledger the ledger, whose database and table prefix it shares
	 * @param live the boards in Redis
	 * @param calendar periods, retention and today
	 * @param periods the configured boards
	 * @param size entries archived per board
	 * @param checkInterval how often to look for ended boards
	 */
	public LedgerArchive(AwardLedger ledger, PeriodBoards live, ActivityCalendar calendar, Set<Period> periods,
			int size, Duration checkInterval) {
		this(ledger, live, calendar, periods, size, checkInterval, null);
	}

	/**
	 * Create the archive of the period boards and the challenges: its thread archives
	 * both.
	 * @param ledger the ledger, whose database and table prefix it shares
	 * @param live the boards in Redis
	 * @param calendar periods, retention and today
	 * @param periods the configured boards
	 * @param size entries archived per board
	 * @param checkInterval how often to look for ended boards
	 * @param challenges archives the ended challenges, or {@code null} for none
	 */
	public LedgerArchive(AwardLedger ledger, PeriodBoards live, ActivityCalendar calendar, Set<Period> periods,
			int size, Duration checkInterval, LedgerChallengeArchive challenges) {
		this.dataSource = ledger.dataSource();
		this.boards = new ArchivedBoards(this.dataSource, ledger.tables());
		this.challenges = challenges;
		this.live = Objects.requireNonNull(live, "live must not be null");
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
	 * Archive every ended board still retained in Redis that no instance archived yet,
	 * and the ended challenges too when there is a {@link LedgerChallengeArchive}.
	 * @return the number of boards and challenges this call archived
	 * @throws SQLException when the database fails
	 */
	int archiveEnded() throws SQLException {
		int archived = archiveEndedPeriods();
		if (this.challenges != null) {
			archived += this.challenges.archiveEnded();
		}
		return archived;
	}

	private int archiveEndedPeriods() throws SQLException {
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
			candidates.keySet().removeAll(this.boards.archived(connection, candidates.keySet()));
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

	/**
	 * Archive one board in one transaction; false when another instance has it, or when
	 * pending entries may still change it.
	 */
	private boolean archive(Connection connection, String board, Period period, LocalDate start) throws SQLException {
		long endedAt = ActivityCalendar.end(period, start)
			.atStartOfDay(this.calendar.zone())
			.toInstant()
			.toEpochMilli();
		if (this.boards.pendingBefore(connection, endedAt)) {
			return false;
		}
		List<RankEntry> entries = ArchivedBoards
			.firstEntries((offset, limit) -> this.live.board(period, start).range(offset, limit), this.size);
		return this.boards.write(connection, board, endedAt, entries);
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
	 * {@inheritDoc}
	 * <p>
	 * The archived board once {@link #answers} says so (empty when the board was not
	 * archived; {@code among} reads Redis), else the live one.
	 */
	@Override
	public BoardSource board(Period period, LocalDate day) {
		BoardSource live = this.live.board(period, day);
		return answers(period, day) ? this.boards.source(boardId(period, day), live) : live;
	}

	@Override
	public void start() {
		if (this.executor != null || (this.periods.isEmpty() && this.challenges == null)) {
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
		// each on its own, so a failure of one does not hold back the other
		try {
			archiveEndedPeriods();
		}
		catch (SQLException | RuntimeException ex) {
			logFailure(ex);
		}
		try {
			if (this.challenges != null) {
				this.challenges.archiveEnded();
			}
		}
		catch (SQLException | RuntimeException ex) {
			logFailure(ex);
		}
	}

	private void logFailure(Exception ex) {
		this.failureLog.log("activity-rank ledger could not archive ended boards, trying again in "
				+ this.checkInterval.toMillis() + " ms: " + ex, ex);
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
