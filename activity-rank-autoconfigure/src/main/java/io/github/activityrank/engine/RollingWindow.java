package io.github.activityrank.engine;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * The days a rolling board sums: the last N days in the configured zone, today included.
 */
public final class RollingWindow {

	/** The longest window, in days. */
	public static final int MAX_DAYS = 366;

	private RollingWindow() {
	}

	/**
	 * The days of a window ending today.
	 * @param today today in the configured zone
	 * @param days the window's length, 1 to {@link #MAX_DAYS}
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
