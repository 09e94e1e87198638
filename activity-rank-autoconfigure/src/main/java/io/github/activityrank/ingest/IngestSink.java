package io.github.activityrank.ingest;

import java.time.Instant;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;

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
	 * @return one result per event; {@link AwardResult.Outcome#REJECTED} ones are
	 * dead-lettered with their reason, every other one counts as applied
	 * @throws RuntimeException when the batch could not be applied or handed over; it is
	 * then tried again and not acknowledged
	 */
	List<AwardResult> apply(List<ActivityEvent> events, List<Instant> times);

}
