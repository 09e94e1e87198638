package io.github.activityrank.dispatch;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.engine.AwardObservation;

/**
 * An award and the instant it was handed to the dispatcher, from the application's clock:
 * however long it waits in a lane or the retry buffer, it is applied on the day and in
 * the challenges of that instant, and a resend after a lost reply is the same award.
 *
 * The award's observation travels with it, so the thread that answers it ends it.
 *
 * @param event the award
 * @param at when it was made
 * @param observation its observation, {@link AwardObservation#NONE} when nothing observes
 */
public record TimedAward(ActivityEvent event, Instant at, AwardObservation observation) {

	/**
	 * An award nothing observes.
	 * @param event the award
	 * @param at when it was made
	 */
	public TimedAward(ActivityEvent event, Instant at) {
		this(event, at, AwardObservation.NONE);
	}

	/** End the observations of awards that could not be applied. */
	static void failed(List<TimedAward> awards, Throwable failure) {
		for (TimedAward award : awards) {
			award.observation.failed(failure);
		}
	}

	/** End the observations of awards that were dropped. */
	static void dropped(Iterable<TimedAward> awards) {
		for (TimedAward award : awards) {
			award.observation.dropped();
		}
	}

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
