package io.github.activityrank.autoconfigure;

import java.time.Duration;

import io.github.activityrank.ActivityLimits;

import static io.github.activityrank.autoconfigure.PropertyRequirements.between;
import static io.github.activityrank.autoconfigure.PropertyRequirements.positive;

/**
 * Application events published when a day, week or month board closes and when a
 * challenge ends (PeriodEndedEvent, ChallengeEndedEvent), once across all instances that
 * share the Redis.
 * <p>
 * Bound under {@code activity-rank.events.*} (see {@link ActivityRankProperties}).
 */
public class EventProperties {

	/**
	 * Whether the end of a board or a challenge is published as an application event.
	 */
	private boolean enabled = true;

	/**
	 * Number of best users an event carries.
	 */
	private int top = 10;

	/**
	 * How often an instance looks for boards and challenges that have ended; an event is
	 * published within this time of the end.
	 */
	private Duration checkInterval = Duration.ofMinutes(1);

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public int getTop() {
		return this.top;
	}

	public void setTop(int top) {
		this.top = top;
	}

	public Duration getCheckInterval() {
		return this.checkInterval;
	}

	public void setCheckInterval(Duration checkInterval) {
		this.checkInterval = checkInterval;
	}

	/**
	 * Check {@code activity-rank.events.*}; called by
	 * {@link ActivityRankPropertyChecks#check}.
	 */
	void check() {
		between("activity-rank.events.top", this.top, 1, ActivityLimits.MAX_PAGE_SIZE, "10");
		positive("activity-rank.events.check-interval", this.checkInterval, "1m");
	}

}
