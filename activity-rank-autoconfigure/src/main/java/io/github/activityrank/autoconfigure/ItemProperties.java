package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.Period;
import io.github.activityrank.engine.ItemType;

import static io.github.activityrank.autoconfigure.PropertyRequirements.positive;
import static io.github.activityrank.autoconfigure.PropertyRequirements.require;

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
	 * Check this item type; called by {@link ActivityRankPropertyChecks#check}.
	 * @param type the type's name under {@code activity-rank.items}
	 * @param ruleNames the configured rules
	 */
	void check(String type, Collection<String> ruleNames) {
		String name = "activity-rank.items." + type;
		require(ItemType.isValidName(type), name, type, "An item type names keys, so it must be 1 to "
				+ ActivityLimits.MAX_ITEM_TYPE_LENGTH + " of a-z, 0-9 or '-'. Rename it, for example " + "article.");
		require(!this.points.isEmpty(), name + ".points", this.points,
				"The type gets no points from any rule. List rules with the points they give an item, for " + "example "
						+ name + ".points.praise=5.");
		this.points.forEach((rule, points) -> {
			require(ruleNames.contains(rule), name + ".points." + rule, points,
					"There is no rule '" + rule + "'. Name a rule of activity-rank.rules, or add it there.");
			require(points != null && points > 0 && points <= ActivityLimits.MAX_POINTS, name + ".points." + rule,
					points, "Set the points an award gives the item between 1 and " + ActivityLimits.MAX_POINTS + ".");
		});
		require(this.keep >= 1, name + ".keep", this.keep,
				"Set the members kept per item board to 1 or more (default " + DEFAULT_KEEP + ").");
		if (this.hot.getHalfLife() != null) {
			positive(name + ".hot.half-life", this.hot.getHalfLife(), "12h");
		}
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
