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
	 * The standing awards: award entries whose points stand.
	 * @return its name
	 */
	public String standing() {
		return this.prefix + "ledger_standing";
	}

	/**
	 * The archived boards, one row each.
	 * @return its name
	 */
	public String archiveBoards() {
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
