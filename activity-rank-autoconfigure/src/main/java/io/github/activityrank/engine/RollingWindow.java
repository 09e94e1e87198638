package io.github.activityrank.engine;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.ActivityLimits;

/**
 * The days a rolling board sums: the last N days in the configured zone, today included.
 */
public final class RollingWindow {

	private RollingWindow() {
	}

	/**
	 * The days of a window ending today.
	 * @param today today in the configured zone
	 * @param days the window's length, 1 to {@link ActivityLimits#MAX_HISTORY_DAYS}
	 * @return the days, oldest first
	 */
	public static List<LocalDate> days(LocalDate today, int days) {
		List<LocalDate> window = new ArrayList<>(days);
		for (int d = days - 1; d >= 0; d--) {
			window.add(today.minusDays(d));
		}
		return window;
	}

}
