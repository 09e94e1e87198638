package io.github.activityrank.dispatch;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.ActivityEvent;

/**
 * An award and the instant it was handed to the dispatcher, from the application's clock:
 * however long it waits in a lane or the retry buffer, it is applied on the day and in
 * the challenges of that instant, and a resend after a lost reply is the same award.
 *
 * @param event the award
 * @param at when it was made
 */
public record TimedAward(ActivityEvent event, Instant at) {

	/**
	 * The awards' events.
	 * @param awards the awards
	 * @return their events, in order
	 */
	public static List<ActivityEvent> events(List<TimedAward> awards) {
		List<ActivityEvent> events = new ArrayList<>(awards.size());
		for (TimedAward award : awards) {
			events.add(award.event);
		}
		return events;
	}

	static List<Instant> times(List<TimedAward> awards) {
		List<Instant> times = new ArrayList<>(awards.size());
		for (TimedAward award : awards) {
			times.add(award.at);
		}
		return times;
	}

	@Override
	public String toString() {
		return String.valueOf(this.event);
	}

}
