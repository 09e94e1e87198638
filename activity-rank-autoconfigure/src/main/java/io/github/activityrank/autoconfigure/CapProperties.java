package io.github.activityrank.autoconfigure;

import static io.github.activityrank.autoconfigure.PropertyRequirements.positiveOrUnset;

/**
 * The most points one user can earn per day, ISO week and calendar month: over all rules
 * together under {@code activity-rank.*}, from one rule under
 * {@code activity-rank.rules.<name>.*}.
 */
public class CapProperties {

	/**
	 * Most points one user can earn per day: from all rules together at the top level,
	 * from the rule under rules.<name>. Unset means no cap.
	 */
	private Long dailyCap;

	/**
	 * Most points one user can earn per ISO week (Monday to Sunday in time-zone): from
	 * all rules together at the top level, from the rule under rules.<name>. Unset means
	 * no cap.
	 */
	private Long weeklyCap;

	/**
	 * Most points one user can earn per calendar month (in time-zone): from all rules
	 * together at the top level, from the rule under rules.<name>. Unset means no cap.
	 */
	private Long monthlyCap;

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

	/**
	 * Check the caps: each unset (no cap) or positive.
	 * @param property the name the caps are under, such as {@code activity-rank}
	 */
	void checkCaps(String property) {
		positiveOrUnset(property + ".daily-cap", this.dailyCap);
		positiveOrUnset(property + ".weekly-cap", this.weeklyCap);
		positiveOrUnset(property + ".monthly-cap", this.monthlyCap);
	}

}
