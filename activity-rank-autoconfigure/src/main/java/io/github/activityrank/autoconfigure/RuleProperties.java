package io.github.activityrank.autoconfigure;

import io.github.activityrank.engine.OncePer;

/**
 * How one kind of activity scores.
 * <p>
 * Bound under {@code activity-rank.rules.<name>.*} (see {@link ActivityRankProperties}).
 */
public class RuleProperties {

	/**
	 * Points per award; must not be zero. Negative points are penalties, clamped at zero.
	 */
	private long points;

	/**
	 * How often the same field scores for one user: "day" (once per day) or "ever" (once
	 * while the record is retained, see retention.record).
	 */
	private OncePer oncePer = OncePer.DAY;

	/**
	 * Most points one user can earn from this rule in one day. Unset means no cap.
	 */
	private Long dailyCap;

	/**
	 * Most points one user can earn from this rule in one ISO week (Monday to Sunday in
	 * time-zone). Unset means no cap.
	 */
	private Long weeklyCap;

	/**
	 * Most points one user can earn from this rule in one calendar month (in time-zone).
	 * Unset means no cap.
	 */
	private Long monthlyCap;

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

	public Long getDailyCap() {
		return this.dailyCap;
	}

	public void setDailyCap(Long dailyCap) {
		this.dailyCap = dailyCap;
	}

	public Long getWeeklyCap() {
		return this.weeklyCap;
	}

	public void setWeeklyCap(Long weeklyCap) {
		this.weeklyCap = weeklyCap;
	}

	public Long getMonthlyCap() {
		return this.monthlyCap;
	}

	public void setMonthlyCap(Long monthlyCap) {
		this.monthlyCap = monthlyCap;
	}

}
