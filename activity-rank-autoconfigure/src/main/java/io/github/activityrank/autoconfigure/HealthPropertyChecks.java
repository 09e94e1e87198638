package io.github.activityrank.autoconfigure;

import static io.github.activityrank.autoconfigure.PropertyRequirements.atLeast;
import static io.github.activityrank.autoconfigure.PropertyRequirements.positive;
import static io.github.activityrank.autoconfigure.PropertyRequirements.require;

/**
 * The checks of {@code activity-rank.health.*}, called by
 * {@link ActivityRankPropertyChecks#check}: shares of a capacity, counts and durations
 * the health indicator compares with.
 */
final class HealthPropertyChecks {

	private HealthPropertyChecks() {
	}

	static void check(HealthProperties health) {
		String ratio = "A share of a capacity is above 0 and at most 1 (default %s).";
		double queue = health.getQueueOutOfServiceRatio();
		require(queue > 0 && queue <= 1, "activity-rank.health.queue-out-of-service-ratio", queue,
				ratio.formatted("0.9"));
		double retry = health.getRetryBufferDownRatio();
		require(retry > 0 && retry <= 1, "activity-rank.health.retry-buffer-down-ratio", retry, ratio.formatted("0.5"));
		require(health.getSetAsideDown() >= 0 && health.getSetAsideDown() <= 1000,
				"activity-rank.health.set-aside-down", health.getSetAsideDown(),
				"Set it from 1 to 1000, or 0 (the default) not to count set-aside awards.");
		positive("activity-rank.health.stream-lag-out-of-service", health.getStreamLagOutOfService(), "5m");
		atLeast("activity-rank.health.ledger-pending-out-of-service", health.getLedgerPendingOutOfService(), 0,
				"Set it to 0 (never) or a number of pending rows (default 100000).");
	}

}
