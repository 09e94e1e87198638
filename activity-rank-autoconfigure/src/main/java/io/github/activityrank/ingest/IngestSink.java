package io.github.activityrank.ingest;

import java.time.Instant;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;
import io.github.activityrank.engine.SourceMessage;

/**
 * Where a batch of ingested requests goes: the engine ({@link EngineIngestSink}) or, with
 * the ledger on, the ledger's outbox ({@link LedgerIngestSink}). The messages are
 * acknowledged only after {@link #apply} returned.
 */
public interface IngestSink {

	/**
	 * Apply or durably hand over a batch, in order, each request at its own instant.
	 * @param events the requests
	 * @param times when each activity happened, in the same order
	 * @return one result per event; {@link AwardResult.Outcome#REJECTED} and
	 * {@link AwardResult.Outcome#SET_ASIDE} ones are dead-lettered with their reason,
	 * every other one counts as applied
	 * @throws RuntimeException when the batch could not be applied or handed over: a
	 * transient failure (see {@code TransientFailurePolicy}) is tried again, the batch
	 * not acknowledged; another is narrowed down to the messages that fail on their own,
	 * which are dead-lettered
	 */
	List<AwardResult> apply(List<ActivityEvent> events, List<Instant> times);

	/**
	 * Apply or durably hand over a batch of stream messages, in order, each request at
	 * its own instant. A sink that can should apply each message once, and never after a
	 * later message of its partition (the engine's score script does, by
	 * {@link SourceMessage}); by default the messages are applied as
	 * {@link #apply(List, List)} does.
	 * @param events the requests
	 * @param times when each activity happened, in the same order
	 * @param sources the message each request came from, in the same order
	 * @return one result per event, as {@link #apply(List, List)}
	 * @throws RuntimeException as {@link #apply(List, List)}
	 */
	default List<AwardResult> apply(List<ActivityEvent> events, List<Instant> times, List<SourceMessage> sources) {
		return apply(events, times);
	}

}
