package io.github.activityrank.actuator;

import java.time.Duration;

/**
 * Where the {@link ActivityRankHealthIndicator} turns from {@code UP}.
 *
 * @param queueOutOfServiceRatio share of the queue's capacity that, queued, means
 * {@code OUT_OF_SERVICE}
 * @param retryBufferDownRatio share of the retry buffer's capacity that, waiting, means
 * {@code DOWN}
 * @param setAsideDown set-aside awards that mean {@code DOWN}; 0 for never, uncounted
 * @param streamLagOutOfService age of the last stream message applied that means
 * {@code OUT_OF_SERVICE}
 * @param ledgerPendingOutOfService ledger rows waiting for the relay that mean
 * {@code OUT_OF_SERVICE}; 0 for never, uncounted
 */
public record HealthThresholds(double queueOutOfServiceRatio, double retryBufferDownRatio, int setAsideDown,
		Duration streamLagOutOfService, long ledgerPendingOutOfService) {

}
