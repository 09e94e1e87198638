package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.engine.ChallengeBoards;
import io.github.activityrank.engine.ChallengeStore;

/**
 * Archived challenge standings: when a challenge has ended, the first
 * {@code activity-rank.ledger.archive-size} entries of its board are stored in the
 * archive tables under the board id {@code challenge:<id>}, once across instances, as
 * {@link LedgerArchive} stores the period boards (and on its thread). The candidates are
 * the challenges of the {@code <prefix>challenge} table that have ended and are still
 * within {@code activity-rank.retention.challenge}, so an instance started after an end
 * that no instance saw still archives the board while Redis keeps it. The board is read
 * through the store that reads Redis, so a sharded board gives its global standings,
 * ranked as the challenge board ranks them.
 * <p>
 * Once a challenge is past its retention ({@code end + retention <= now}, the instant its
 * keys expire), its board is read here, and its definition from the challenge table
 * ({@link #definition}).
 */
public class LedgerChallengeArchive implements ChallengeBoards {

	/** The start of a challenge's board id in the archive tables. */
	static final String BOARD_PREFIX = "challenge:";

	/** Most challenge ends kept in memory; past it, the memory starts again empty. */
	private static final int KNOWN_ENDS = 10_000;

	private final ArchivedBoards boards;

	private final ChallengeStore store;

	private final ChallengeBoards liveBoards;

	private final Supplier<Instant> clock;

	private final Duration retention;

	private final int size;

	/** Ends of challenges by id: a definition never changes, so it is read once. */
	private final Map<String, Instant> ends = new ConcurrentHashMap<>();

	/**
	 * Create the archive.
	 * @param ledger the ledger, whose database and table prefix it shares
	 * @param store the store that holds the challenges in Redis (not the ledger's)
	 * @param liveBoards the challenge boards in Redis
	 * @param clock the application's clock
	 * @param retention how long Redis keeps a challenge after its end
	 * @param size entries archived per challenge
	 */
	public LedgerChallengeArchive(AwardLedger ledger, ChallengeStore store, ChallengeBoards liveBoards,
			Supplier<Instant> clock, Duration retention, int size) {
		this.boards = new ArchivedBoards(ledger.dataSource(), ledger.tables());
		this.store = Objects.requireNonNull(store, "store must not be null");
		this.liveBoards = Objects.requireNonNull(liveBoards, "liveBoards must not be null");
		this.clock = Objects.requireNonNull(clock, "clock must not be null");
		this.retention = Objects.requireNonNull(retention, "retention must not be null");
		this.size = size;
	}

	/**
	 * The id of a challenge's board in the archive tables.
	 * @param id the challenge id
	 * @return for example {@code challenge:sprint}
	 */
	static String boardId(String id) {
		return BOARD_PREFIX + id;
	}

	/**
	 * Archive every ended challenge still retained in Redis that no instance archived
	 * yet. A challenge waits while the ledger holds pending entries made before its end.
	 * @return the number of challenges this call archived
	 * @throws SQLException when the database fails
	 */
	int archiveEnded() throws SQLException {
		long now = this.clock.get().toEpochMilli();
		try (Connection connection = this.boards.dataSource().getConnection()) {
			Map<String, Long> candidates = new LinkedHashMap<>();
			try (PreparedStatement statement = connection.prepareStatement("SELECT id, end_at FROM "
					+ this.boards.tables().challenges() + " WHERE end_at <= ? AND end_at > ? ORDER BY end_at, id")) {
				statement.setLong(1, now);
				statement.setLong(2, now - this.retention.toMillis());
				try (ResultSet rows = statement.executeQuery()) {
					while (rows.next()) {
						candidates.put(boardId(rows.getString(1)), rows.getLong(2));
					}
				}
			}
			if (candidates.isEmpty()) {
				return 0;
			}
			candidates.keySet().removeAll(this.boards.archived(connection, candidates.keySet()));
			int archived = 0;
			for (Map.Entry<String, Long> candidate : candidates.entrySet()) {
				if (archive(connection, candidate.getKey(), candidate.getValue())) {
					archived++;
				}
			}
			return archived;
		}
	}

	/**
	 * Archive one challenge; false when another instance has it, or when pending entries
	 * may still change it.
	 */
	private boolean archive(Connection connection, String board, long endedAt) throws SQLException {
		if (this.boards.pendingBefore(connection, endedAt)) {
			return false;
		}
		String id = board.substring(BOARD_PREFIX.length());
		List<RankEntry> entries = ArchivedBoards
			.firstEntries((offset, limit) -> this.liveBoards.board(id).range(offset, limit), this.size);
		return this.boards.write(connection, board, endedAt, entries);
	}

	/**
	 * Whether a challenge is past its Redis retention, so that its board is read here.
	 * Its end is kept in memory once read: a challenge still retained by it costs no
	 * call. Otherwise the end comes from Redis, whose definition wins (an id created
	 * again after the retention), or else from the challenge table.
	 * @param id a valid challenge id
	 * @return {@code true} when the challenge is known and {@code end + retention <= now}
	 */
	boolean answers(String id) {
		Instant now = this.clock.get();
		Instant end = this.ends.get(id);
		if (end != null && now.isBefore(end.plus(this.retention))) {
			return false;
		}
		end = this.store.find(id).or(() -> definition(id)).map(ChallengeDefinition::end).orElse(null);
		if (end == null) {
			return false;
		}
		if (this.ends.size() >= KNOWN_ENDS) {
			this.ends.clear();
		}
		this.ends.put(id, end);
		return !now.isBefore(end.plus(this.retention));
	}

	/**
	 * A challenge's definition as the challenge table records it.
	 * @param id a valid challenge id
	 * @return the definition, empty when the ledger has none
	 */
	@Override
	public Optional<ChallengeDefinition> definition(String id) {
		try (Connection connection = this.boards.dataSource().getConnection();
				PreparedStatement statement = connection.prepareStatement("SELECT start_at, end_at, rules, open_to_all"
						+ " FROM " + this.boards.tables().challenges() + " WHERE id = ?")) {
			statement.setString(1, id);
			try (ResultSet rows = statement.executeQuery()) {
				if (!rows.next()) {
					return Optional.empty();
				}
				String rules = rows.getString(3);
				return Optional.of(new ChallengeDefinition(id, Instant.ofEpochMilli(rows.getLong(1)),
						Instant.ofEpochMilli(rows.getLong(2)),
						(rules == null || rules.isEmpty()) ? Set.of() : Set.of(rules.split(",")), rows.getInt(4) == 1));
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("activity-rank ledger could not read challenge " + id + ": " + ex, ex);
		}
	}

	/**
	 * The board of a challenge: from Redis, or from the archive once the challenge is
	 * past its Redis retention ({@link #answers}), where entries have no display data
	 * from before and {@code among} reads Redis.
	 * @param id a valid challenge id
	 * @return the board
	 */
	@Override
	public BoardSource board(String id) {
		BoardSource live = this.liveBoards.board(id);
		return answers(id) ? this.boards.source(boardId(id), live) : live;
	}

}
