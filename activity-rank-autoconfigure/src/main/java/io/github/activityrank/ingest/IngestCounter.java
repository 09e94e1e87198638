package io.github.activityrank.ingest;

import io.github.activityrank.support.CounterName;

/**
 * The counters of ingestion, defined once for the meters and the actuator endpoint.
 */
public enum IngestCounter implements CounterName {

	/** Messages read from the partitions, claimed ones included. */
	CONSUMED("Stream messages read by this instance, claimed ones included"),

	/** Messages whose request the engine (or the ledger's outbox) took. */
	APPLIED("Stream messages applied by the engine or written to the ledger's outbox"),

	/** Bad messages copied to the dead-letter stream. */
	DEAD_LETTERED("Stream messages copied to the dead-letter stream with the reason");

	private final String description;

	IngestCounter(String description) {
		this.description = description;
	}

	@Override
	public String description() {
		return this.description;
	}

}
