package io.github.activityrank.ingest;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;
import io.github.activityrank.engine.SourceMessage;
import io.github.activityrank.engine.TimedActivityApplier;
import io.github.activityrank.ledger.AwardLedger;
import io.github.activityrank.ledger.LedgerRelay;

/**
 * With the ledger on: writes a batch to the ledger's outbox as pending entries, each with
 * its own instant, in one insert that commits before the messages are acknowledged; the
 * {@link LedgerRelay} applies them to Redis as it applies every other award. So a message
 * acknowledged is in the ledger, and nothing is lost if Redis or the JVM dies after.
 * Requests the engine would reject are not written: the engine's check (which runs before
 * anything reaches Redis) gives the reason they are dead-lettered with.
 */
public class LedgerIngestSink implements IngestSink {

	private static final AwardResult HANDED_OVER = new AwardResult(AwardResult.Outcome.AWARDED, 0, null);

	/** A message the ledger holds already. */
	private static final AwardResult WRITTEN_BEFORE = new AwardResult(AwardResult.Outcome.ALREADY_AWARDED, 0, null);

	private final AwardLedger ledger;

	private final LedgerRelay relay;

	private final TimedActivityApplier engine;

	/**
	 * Create the sink.
	 * @param ledger the ledger
	 * @param relay the relay, woken after each write
	 * @param engine the engine, whose check decides what is rejected
	 */
	public LedgerIngestSink(AwardLedger ledger, LedgerRelay relay, TimedActivityApplier engine) {
		this.ledger = Objects.requireNonNull(ledger, "ledger must not be null");
		this.relay = Objects.requireNonNull(relay, "relay must not be null");
		this.engine = Objects.requireNonNull(engine, "engine must not be null");
	}

	@Override
	public List<AwardResult> apply(List<ActivityEvent> events, List<Instant> times) {
		return apply(events, times, null);
	}

	/**
	 * Writes each message once, and never after a later message of its partition: the
	 * insert locks the partition's row of the ledger's fence table and writes only the
	 * messages after the last one written
	 * ({@link AwardLedger#appendPending(List, List, List)}); the others answer
	 * {@link AwardResult.Outcome#ALREADY_AWARDED}.
	 */
	@Override
	public List<AwardResult> apply(List<ActivityEvent> events, List<Instant> times, List<SourceMessage> sources) {
		List<AwardResult> results = new ArrayList<>(events.size());
		List<Integer> positions = new ArrayList<>(events.size());
		List<ActivityEvent> pending = new ArrayList<>(events.size());
		List<Instant> pendingTimes = new ArrayList<>(events.size());
		List<SourceMessage> pendingSources = new ArrayList<>(events.size());
		for (int i = 0; i < events.size(); i++) {
			ActivityEvent event = events.get(i);
			if (this.engine.command(event, times.get(i)) == null) {
				// rejected before Redis is reached: this only produces the reason
				results.add(this.engine.applyAll(List.of(event), List.of(times.get(i))).get(0));
			}
			else if (!AwardLedger.storable(event)) {
				results.add(AwardResult.rejected("does not fit the ledger's columns"));
			}
			else {
				results.add(HANDED_OVER);
				positions.add(i);
				pending.add(event);
				pendingTimes.add(times.get(i));
				if (sources != null) {
					pendingSources.add(sources.get(i));
				}
			}
		}
		if (!pending.isEmpty()) {
			if (sources == null) {
				this.ledger.appendPending(pending, pendingTimes);
			}
			else {
				boolean[] written = this.ledger.appendPending(pending, pendingTimes, pendingSources);
				for (int p = 0; p < written.length; p++) {
					if (!written[p]) {
						results.set(positions.get(p), WRITTEN_BEFORE);
					}
				}
			}
			this.relay.wake();
		}
		return results;
	}

}
