package io.github.activityrank.autoconfigure;

import java.time.Duration;

import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.ingest.IngestKeys;

import static io.github.activityrank.autoconfigure.PropertyRequirements.atLeast;
import static io.github.activityrank.autoconfigure.PropertyRequirements.between;
import static io.github.activityrank.autoconfigure.PropertyRequirements.require;

/**
 * Awards from other services through Redis Streams (see docs/ingest.md).
 * <p>
 * Bound under {@code activity-rank.ingest.*} (see {@link ActivityRankProperties}).
 */
public class IngestProperties {

	private static final String INGEST = "activity-rank.ingest.";

	/**
	 * Whether this instance consumes award messages from the ingestion streams.
	 */
	private boolean enabled;

	/**
	 * Name of the streams under the key prefix: partition n is the stream
	 * "{prefix:<stream>:<n>}" (a hash tag of its own, so that partitions spread over the
	 * masters of a Redis Cluster), the dead letters go to "{prefix}:<stream>:dead". 1 to
	 * 64 letters, digits, '_' or '-'.
	 */
	private String stream = "activity";

	/**
	 * Consumer group every instance joins, created if missing.
	 */
	private String group = "activity-rank";

	/**
	 * Most messages read per call, 1 to 256: also the most applied in one script call,
	 * and what one partition holds in memory.
	 */
	private int batch = 256;

	/**
	 * How long a partition's lease lasts without renewal, at least 1s: after it, a
	 * consumer that died takes no more part, and another instance takes over the
	 * partition with the messages the dead one had read and not acknowledged.
	 */
	private Duration claimIdle = Duration.ofMinutes(1);

	/**
	 * How many streams a user's messages are spread over, 1 to 256: a user's messages go
	 * to partition CRC32(UTF-8 bytes of the user id) mod partitions, and each partition
	 * is applied by one instance at a time, in order. More partitions let more instances
	 * share the work. Producers and consumers must agree on it.
	 */
	private int partitions = 4;

	/**
	 * About how many messages the dead-letter stream keeps (older ones are trimmed).
	 */
	private long deadLetterSize = 10000;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public String getStream() {
		return this.stream;
	}

	public void setStream(String stream) {
		this.stream = stream;
	}

	public String getGroup() {
		return this.group;
	}

	public void setGroup(String group) {
		this.group = group;
	}

	public int getBatch() {
		return this.batch;
	}

	public void setBatch(int batch) {
		this.batch = batch;
	}

	public Duration getClaimIdle() {
		return this.claimIdle;
	}

	public void setClaimIdle(Duration claimIdle) {
		this.claimIdle = claimIdle;
	}

	public int getPartitions() {
		return this.partitions;
	}

	public void setPartitions(int partitions) {
		this.partitions = partitions;
	}

	public long getDeadLetterSize() {
		return this.deadLetterSize;
	}

	public void setDeadLetterSize(long deadLetterSize) {
		this.deadLetterSize = deadLetterSize;
	}

	/**
	 * Check {@code activity-rank.ingest.*}; called by
	 * {@link ActivityRankPropertyChecks#checkIngest} when ingestion is enabled.
	 */
	void check() {
		require(IngestKeys.isValidStreamName(this.stream), INGEST + "stream", this.stream,
				"A stream name is 1 to 64 letters, digits, '_' or '-'. Set " + INGEST
						+ "stream to such a name, such as activity.");
		require(this.group != null && this.group.matches("[A-Za-z0-9._:-]{1,64}"), INGEST + "group", this.group,
				"A group name is 1 to 64 letters, digits, '.', '_', ':' or '-'. Set " + INGEST
						+ "group to such a name, such as activity-rank.");
		between(INGEST + "batch", this.batch, 1, ActivityStore.MAX_BATCH, "256");
		between(INGEST + "partitions", this.partitions, 1, IngestKeys.MAX_PARTITIONS, "4");
		atLeast(INGEST + "dead-letter-size", this.deadLetterSize, 1,
				"The dead-letter stream must keep at least one message. Set " + INGEST
						+ "dead-letter-size to 1 or more, such as 10000.");
		require(this.claimIdle != null && this.claimIdle.compareTo(Duration.ofSeconds(1)) >= 0, INGEST + "claim-idle",
				this.claimIdle, "Leases are renewed three times per claim-idle, so it cannot be shorter than 1s. Set "
						+ INGEST + "claim-idle to 1s or more, such as 1m.");
	}

}
