package io.github.activityrank.engine;

import java.time.Instant;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;

/**
 * Applies requests made at an earlier instant, on the day, week and month of that
 * instant: the ledger's relay passes each entry's own time, and its rebuild turns entries
 * into commands. {@link DefaultActivityRankService} implements it; a service that does
 * not is applied to as if every request were made now.
 */
public interface TimedActivityApplier {

	/**
	 * Apply requests, each at its own instant, in order.
	 * @param events the requests
	 * @param times when each was made, in the same order; {@code null} entries mean now
	 * @return one result per event, in the same order
	 */
	List<AwardResult> applyAll(List<ActivityEvent> events, List<Instant> times);

	/**
	 * Apply requests that came from stream messages, each at its own instant, in order;
	 * each message is applied once, and never after a later message of its partition (see
	 * {@link SourceMessage}).
	 * @param events the requests
	 * @param times when each was made, in the same order
	 * @param sources the message each came from, in the same order
	 * @return one result per event, in the same order; one whose message was applied
	 * before is {@link AwardResult.Outcome#ALREADY_AWARDED} and changes nothing
	 */
	default List<AwardResult> applyAll(List<ActivityEvent> events, List<Instant> times, List<SourceMessage> sources) {
		return applyAll(events, times);
	}

	/**
	 * The command the current rules make of a request, without applying it.
	 * @param event the request
	 * @param at when it was made
	 * @return the command, or {@code null} when the engine rejects the request
	 */
	ScoreCommand command(ActivityEvent event, Instant at);

}
