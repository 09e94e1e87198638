package io.github.activityrank.autoconfigure;

import io.github.activityrank.engine.OncePer;

/**
 * How one kind of activity scores, and its caps ({@link CapProperties}).
 * <p>
 * Bound under {@code activity-rank.rules.<name>.*} (see {@link ActivityRankProperties}).
 */
public class RuleProperties extends CapProperties {

	/**
	 * Points per award; must not be zero. Negative points are penalties, clamped at zero.
	 */
	private long points;

	/**
	 * How often the same field scores for one user: "day" (once per day) or "ever" (once
	 * while the record is retained, see retention.record).
	 */
	private OncePer oncePer = OncePer.DAY;

	public long getPoints() {
		return this.points;
	}

	public void setPoints(long points) {
		this.points = points;
	}

	public OncePer getOncePer() {
		return this.oncePer;
	}

	public void setOncePer(OncePer oncePer) {
		this.oncePer = oncePer;
	}

}
