package io.github.activityrank.ledger;

import java.util.regex.Pattern;

/**
 * The names of the ledger's tables, from {@code activity-rank.ledger.table-prefix}.
 *
 * @param prefix the prefix, a plain SQL identifier start such as {@code activity_rank_}
 */
public record LedgerTables(String prefix) {

	/** The prefix is put into SQL as is, so only a plain identifier is accepted. */
	private static final Pattern VALID_PREFIX = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,29}");

	/** The default prefix. */
	public static final String DEFAULT_PREFIX = "activity_rank_";

	/**
	 * Check the prefix.
	 * @param prefix the prefix
	 */
	public LedgerTables {
		if (!isValidPrefix(prefix)) {
			throw new IllegalArgumentException("Invalid ledger table prefix '" + prefix + "'");
		}
	}

	/**
	 * Whether a prefix can start table names: a letter, then up to 29 letters, digits or
	 * '_'.
	 * @param prefix the prefix
	 * @return {@code true} when it can
	 */
	public static boolean isValidPrefix(String prefix) {
		return prefix != null && VALID_PREFIX.matcher(prefix).matches();
	}

	/**
	 * The entries table.
	 * @return its name
	 */
	public String ledger() {
		return this.prefix + "ledger";
	}

	/**
	 * The lane table, whose rows relays lock.
	 * @return its name
	 */
	public String lanes() {
		return this.prefix + "ledger_lane";
	}

	/**
	 * The rebuild table: one row that a rebuild locks while it runs, so that a second
	 * one, on any instance, is refused.
	 * @return its name
	 */
	public String rebuild() {
		return this.prefix + "ledger_rebuild";
	}

	/**
	 * The challenge table: one row per challenge created while the ledger is on, its
	 * definition; its creation, joins and leaves are rows of the ledger.
	 * @return its name
	 */
	public String challenges() {
		return this.prefix + "challenge";
	}

	/**
	 * The standing awards: award entries whose points stand.
	 * @return its name
	 */
	public String standing() {
		return this.prefix + "ledger_standing";
	}

	/**
	 * The fence of stream ingestion: per partition stream, the id of the last message
	 * written to the ledger.
	 * @return its name
	 */
	public String ingestFence() {
		return this.prefix + "ingest_fence";
	}

	/**
	 * The top badges: one row per board, top badge and user it granted.
	 * @return its name
	 */
	public String topBadges() {
		return this.prefix + "top_badge";
	}

	/**
	 * The archived boards, one row each.
	 * @return its name
	 */
	String archiveBoards() {
		return this.prefix + "archive_board";
	}

	/**
	 * The archived standings, one row per entry of an archived board.
	 * @return its name
	 */
	public String archive() {
		return this.prefix + "archive";
	}

}
