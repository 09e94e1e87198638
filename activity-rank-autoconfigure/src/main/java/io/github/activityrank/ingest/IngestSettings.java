package io.github.activityrank.ingest;

import java.time.Duration;

/**
 * How ingestion runs, as configured under {@code activity-rank.ingest}.
 *
 * @param group the consumer group, created if missing
 * @param batch most messages read per call, which is also the most applied in one script
 * call
 * @param claimIdle how long a partition's lease lasts without renewal: after it, another
 * instance takes the partition over with its pending messages
 * @param deadLetterSize about how many messages the dead-letter stream keeps
 */
public record IngestSettings(String group, int batch, Duration claimIdle, long deadLetterSize) {

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
