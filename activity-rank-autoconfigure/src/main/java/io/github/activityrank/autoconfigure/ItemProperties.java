package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.Period;

/**
 * One item type under {@code activity-rank.items.<type>}: what awards of each rule give
 * an item of the type, and which boards the type keeps (see docs/items.md).
 */
public class ItemProperties {

	/** Default members kept per item board. */
	public static final int DEFAULT_KEEP = 100_000;

	/**
	 * Points an award of each rule gives the item, by rule name from activity-rank.rules.
	 */
	private final Map<String, Long> points = new LinkedHashMap<>();

	/**
	 * Periods the type keeps item boards for. Empty: the same as activity-rank.periods.
	 */
	private Set<Period> periods = new LinkedHashSet<>();

	private final Hot hot = new Hot();

	/**
	 * Members kept per item board (the periods' boards and the hot board); the lowest go.
	 */
	private int keep = DEFAULT_KEEP;

	/**
	 * Whether to count distinct users per item and period with a HyperLogLog.
	 */
	private boolean uniqueUsers;

	public Map<String, Long> getPoints() {
		return this.points;
	}

	public Set<Period> getPeriods() {
		return this.periods;
	}

	public void setPeriods(Set<Period> periods) {
		this.periods = periods;
	}

	public Hot getHot() {
		return this.hot;
	}

	public int getKeep() {
		return this.keep;
	}

	public void setKeep(int keep) {
		this.keep = keep;
	}

	public boolean isUniqueUsers() {
		return this.uniqueUsers;
	}

	public void setUniqueUsers(boolean uniqueUsers) {
		this.uniqueUsers = uniqueUsers;
	}

	/**
	 * The type's time-decayed board.
	 */
	public static class Hot {

		/**
		 * Time after which an award's weight on the hot board has halved. Absent: the
		 * type has no hot board.
		 */
		private Duration halfLife;

		public Duration getHalfLife() {
			return this.halfLife;
		}

		public void setHalfLife(Duration halfLife) {
			this.halfLife = halfLife;
		}

	}

}
