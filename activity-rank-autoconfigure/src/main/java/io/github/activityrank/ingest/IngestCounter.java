package io.github.activityrank.ingest;

/**
 * The counters of ingestion, defined once for the meters and the actuator endpoint.
 */
public enum IngestCounter {

	/** Messages read from the partitions, claimed ones included. */
	CONSUMED("consumed", "Stream messages read by this instance, claimed ones included"),

	/** Messages whose request the engine (or the ledger's outbox) took. */
	APPLIED("applied", "Stream messages applied by the engine or written to the ledger's outbox"),

	/** Bad messages copied to the dead-letter stream. */
	DEAD_LETTERED("deadLettered", "Stream messages copied to the dead-letter stream with the reason");

	private final String key;

	private final String description;

	IngestCounter(String key, String description) {
		this.key = key;
		this.description = description;
	}

	/**
	 * The name in the actuator endpoint.
	 * @return the key, in camel case
	 */
	public String key() {
		return this.key;
	}

	/**
	 * The meter's name after {@code activity.rank.ingest.}.
	 * @return the name, dotted
	 */
	public String meterName() {
		return name().toLowerCase(java.util.Locale.ROOT).replace('_', '.');
	}

	/**
	 * What the counter counts.
	 * @return the description
	 */
	public String description() {
		return this.description;
	}

}
