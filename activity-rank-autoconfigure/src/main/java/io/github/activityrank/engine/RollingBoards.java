package io.github.activityrank.engine;

import java.util.List;

/**
 * The read side of the rolling boards: the points of the last days, today included,
 * summed from the day boards into a board of their own that is rebuilt at most once per
 * refresh interval.
 */
public interface RollingBoards {

	/** No rolling board configured. */
	RollingBoards NONE = new RollingBoards() {

		@Override
		public List<Integer> days() {
			return List.of();
		}

		@Override
		public BoardSource rolling(int days) {
			throw unconfigured(days, List.of());
		}

		@Override
		public BoardSource rolling(int days, String kind, String scopeId) {
			return rolling(days);
		}

	};

	/**
	 * The configured windows.
	 * @return the numbers of days, as configured
	 */
	List<Integer> days();

	/**
	 * Check that a window is configured, before its board is read.
	 * @param days the window's length
	 * @return {@code days}
	 * @throws IllegalArgumentException when {@code days} is not among {@link #days()},
	 * naming the configured windows and the property to change
	 */
	default int check(int days) {
		if (!days().contains(days)) {
			throw unconfigured(days, days());
		}
		return days;
	}

	/**
	 * The failure of a read of a window that is not configured: the one place its message
	 * is written.
	 * @param days the window asked for
	 * @param configured the configured windows
	 * @return the exception to throw
	 */
	static IllegalArgumentException unconfigured(int days, List<Integer> configured) {
		return new IllegalArgumentException("No rolling board of " + days + " days: activity-rank.rolling "
				+ (configured.isEmpty() ? "is empty" : "configures " + configured) + "; add " + days
				+ " to activity-rank.rolling");
	}

	/**
	 * The board of the last {@code days} days, built at most the refresh interval ago;
	 * the first read of a board that was never built builds it.
	 * @param days one of {@link #days()}
	 * @return its reads
	 */
	BoardSource rolling(int days);

	/**
	 * The board of the last {@code days} days of one scope id, summed from that scope's
	 * day boards, built and refreshed like {@link #rolling(int)}.
	 * @param days one of {@link #days()}
	 * @param kind a configured scope kind that keeps day boards
	 * @param scopeId a valid scope id
	 * @return its reads
	 */
	BoardSource rolling(int days, String kind, String scopeId);

}
