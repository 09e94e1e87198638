package io.github.activityrank.ingest;

import java.time.Duration;
import java.util.Set;

/**
 * How ingestion runs, as configured under {@code activity-rank.ingest}.
 *
 * @param group the consumer group, created if missing
 * @param batch most messages read per call, which is also the most applied in one script
 * call
 * @param claimIdle how long a partition's lease lasts without renewal: after it, another
 * instance takes the partition over with its pending messages
 * @param deadLetterSize about how many messages the dead-letter stream keeps
 * @param itemTypes the item types configured under {@code activity-rank.items}: a message
 * naming another type is dead-lettered
 * @param recordRetention how long idempotency records are kept
 * ({@code activity-rank.retention.record}): a message made longer ago is dead-lettered as
 * too old, since a second delivery of it would find no record and count again
 * @param scopeKinds the scope kinds configured under {@code activity-rank.scopes}: a
 * message naming another kind is dead-lettered
 */
public record IngestSettings(String group, int batch, Duration claimIdle, long deadLetterSize, Set<String> itemTypes,
		Duration recordRetention, Set<String> scopeKinds) {

	/** The records' retention when none is given, the default of the property. */
	static final Duration DEFAULT_RECORD_RETENTION = Duration.ofDays(31);

	public IngestSettings {
		itemTypes = Set.copyOf(itemTypes);
		scopeKinds = Set.copyOf(scopeKinds);
	}

	/**
	 * Settings without scope kinds.
	 * @param group the consumer group
	 * @param batch most messages read per call
	 * @param claimIdle how long a partition's lease lasts without renewal
	 * @param deadLetterSize about how many messages the dead-letter stream keeps
	 * @param itemTypes the item types configured under {@code activity-rank.items}
	 * @param recordRetention how long idempotency records are kept
	 */
	public IngestSettings(String group, int batch, Duration claimIdle, long deadLetterSize, Set<String> itemTypes,
			Duration recordRetention) {
		this(group, batch, claimIdle, deadLetterSize, itemTypes, recordRetention, Set.of());
	}

	/**
	 * Settings with the default record retention.
	 * @param group the consumer group
	 * @param batch most messages read per call
	 * @param claimIdle how long a partition's lease lasts without renewal
	 * @param deadLetterSize about how many messages the dead-letter stream keeps
	 * @param itemTypes the item types configured under {@code activity-rank.items}
	 */
	public IngestSettings(String group, int batch, Duration claimIdle, long deadLetterSize, Set<String> itemTypes) {
		this(group, batch, claimIdle, deadLetterSize, itemTypes, DEFAULT_RECORD_RETENTION);
	}

	/**
	 * Settings without item types.
	 * @param group the consumer group
	 * @param batch most messages read per call
	 * @param claimIdle how long a partition's lease lasts without renewal
	 * @param deadLetterSize about how many messages the dead-letter stream keeps
	 */
	public IngestSettings(String group, int batch, Duration claimIdle, long deadLetterSize) {
		this(group, batch, claimIdle, deadLetterSize, Set.of());
	}

	/** How often a lease and a heartbeat are renewed within {@code claimIdle}. */
	static final int RENEWALS_PER_LEASE = 3;

	/** Longest blocking read, so that leases are renewed and stops are seen in time. */
	Duration block() {
		return Duration.ofMillis(Math.min(500, leaseRenewal().toMillis()));
	}

	Duration leaseRenewal() {
		return this.claimIdle.dividedBy(RENEWALS_PER_LEASE);
	}

}
