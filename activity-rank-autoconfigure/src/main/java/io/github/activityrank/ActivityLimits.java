package io.github.activityrank;

/**
 * The documented bounds of input that the starter accepts.
 */
public final class ActivityLimits {

	/** Longest user id, in characters. */
	public static final int MAX_USER_ID_LENGTH = 128;

	/** Longest idempotency field, in characters. */
	public static final int MAX_FIELD_LENGTH = 256;

	/**
	 * Longest rule name, in characters (letters, digits, {@code .}, {@code _} and
	 * {@code -}).
	 */
	public static final int MAX_RULE_NAME_LENGTH = 64;

	/**
	 * Longest challenge id, in characters (letters, digits, {@code .}, {@code _} and
	 * {@code -}).
	 */
	public static final int MAX_CHALLENGE_ID_LENGTH = 64;

	/** Longest item type name, in characters ({@code a-z}, {@code 0-9} and {@code -}). */
	public static final int MAX_ITEM_TYPE_LENGTH = 32;

	/** Longest scope kind name ({@code activity-rank.scopes.<kind>}), in characters. */
	public static final int MAX_SCOPE_KIND_LENGTH = 32;

	/**
	 * Most scope kinds configured: an award names at most one id of each, and every one
	 * it names costs its boards in the same script call.
	 */
	public static final int MAX_SCOPE_KINDS = 16;

	/**
	 * Most points one award or rule may carry, either sign; also the most points one
	 * award gives an item.
	 */
	public static final long MAX_POINTS = 1_000_000;

	/** Most entries one query returns. */
	public static final int MAX_PAGE_SIZE = 1000;

	/** Most neighbours on each side in an around query. */
	public static final int MAX_RADIUS = 100;

	/**
	 * Longest range of a history query ({@code ActivityRankService.history}), of an
	 * activity calendar ({@code StreakService.activeDays}) and of a rolling board's
	 * window ({@code activity-rank.rolling}), in days.
	 */
	public static final int MAX_HISTORY_DAYS = 366;

	/**
	 * Most challenges a user may have joined at once: challenges that have not ended yet,
	 * running or still to start.
	 */
	public static final int MAX_JOINED_CHALLENGES = 100;

	/**
	 * Most challenges open to all that may not have ended at once, running or still to
	 * start: every award reads them all.
	 */
	public static final int MAX_OPEN_CHALLENGES = 50;

	/** Most user ids one {@code among} query ranks. */
	public static final int MAX_AMONG_USERS = 1000;

	/**
	 * Largest score a board holds with {@code activity-rank.tie-break=none}: 2^53 - 1,
	 * the largest integer a Redis score (a double) holds exactly. An award that would
	 * take a user past it is rejected.
	 */
	public static final long MAX_BOARD_SCORE = 9_007_199_254_740_991L;

	/**
	 * Largest score a board holds with {@code activity-rank.tie-break=earliest}: 2^21 -
	 * 1, as the score shares the double's 53 exact bits with 32 bits of time
	 * (milliseconds on day, week and month boards, seconds on TOTAL). The same on every
	 * kind of board, challenges included. An award that would take a user past it is
	 * rejected.
	 */
	public static final long MAX_BOARD_SCORE_EARLIEST = 2_097_151;

	private ActivityLimits() {
	}

}
