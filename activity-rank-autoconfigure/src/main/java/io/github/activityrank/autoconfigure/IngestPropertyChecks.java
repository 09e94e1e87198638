package io.github.activityrank.autoconfigure;

import java.time.Duration;

import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.ingest.IngestKeys;

/**
 * The checks of {@code activity-rank.ingest.*}, run when ingestion is enabled; each
 * failure names the property and the fix (see {@link ActivityRankPropertyChecks}).
 */
final class IngestPropertyChecks {

	private static final String PREFIX = "activity-rank.ingest.";

	private IngestPropertyChecks() {
	}

	static void check(IngestProperties ingest) {
		ActivityRankPropertyChecks.require(IngestKeys.isValidStreamName(ingest.getStream()), PREFIX + "stream",
				ingest.getStream(), "A stream name is 1 to 64 letters, digits, '_' or '-'. Set " + PREFIX
						+ "stream to such a name, such as activity.");
		String group = ingest.getGroup();
		ActivityRankPropertyChecks.require(group != null && group.matches("[A-Za-z0-9._:-]{1,64}"), PREFIX + "group",
				group, "A group name is 1 to 64 letters, digits, '.', '_', ':' or '-'. Set " + PREFIX
						+ "group to such a name, such as activity-rank.");
		ActivityRankPropertyChecks.between(PREFIX + "batch", ingest.getBatch(), 1, ActivityStore.MAX_BATCH, "256");
		ActivityRankPropertyChecks.between(PREFIX + "partitions", ingest.getPartitions(), 1, IngestKeys.MAX_PARTITIONS,
				"4");
		ActivityRankPropertyChecks.atLeast(PREFIX + "dead-letter-size", ingest.getDeadLetterSize(), 1,
				"The dead-letter stream must keep at least one message. Set " + PREFIX
						+ "dead-letter-size to 1 or more, such as 10000.");
		Duration claimIdle = ingest.getClaimIdle();
		ActivityRankPropertyChecks.require(claimIdle != null && claimIdle.compareTo(Duration.ofSeconds(1)) >= 0,
				PREFIX + "claim-idle", claimIdle, "Leases are renewed three times per claim-idle, so it cannot be "
						+ "shorter than 1s. Set " + PREFIX + "claim-idle to 1s or more, such as 1m.");
	}

}
