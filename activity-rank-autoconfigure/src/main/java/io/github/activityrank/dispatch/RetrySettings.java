package io.github.activityrank.dispatch;

import java.time.Duration;

import io.github.activityrank.engine.TransientFailurePolicy;

/**
 * How an {@link AsyncActivityDispatcher} keeps and re-sends batches that failed.
 *
 * @param capacity most failed awards kept for retry; 0 keeps none
 * @param initialBackoff wait before the first retry, doubled after each failed retry
 * @param maxBackoff longest wait between retries
 * @param transientFailures which failures are kept for retry; the others count as failed
 */
public record RetrySettings(int capacity, Duration initialBackoff, Duration maxBackoff,
		TransientFailurePolicy transientFailures) {

}
