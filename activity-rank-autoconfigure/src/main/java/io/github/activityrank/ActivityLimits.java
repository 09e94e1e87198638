package io.github.activityrank;

/**
 * The documented bounds of input that the starter accepts.
 */
public final class ActivityLimits {

	/** Longest user id, in characters. */
	public static final int MAX_USER_ID_LENGTH = 128;

	/** Longest idempotency field, in characters. */
	public static final int MAX_FIELD_LENGTH = 256;

	/** Most points one award or rule may carry, either sign. */
	public static final long MAX_POINTS = 1_000_000;

	/** Most entries one query returns. */
	public static final int MAX_PAGE_SIZE = 1000;

	/** Most neighbours on each side in an around query. */
	public static final int MAX_RADIUS = 100;

	/** Longest range of a history query, in days. */
	public static final int MAX_HISTORY_DAYS = 366;

	private ActivityLimits() {
	}

}
