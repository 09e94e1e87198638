package io.github.activityrank.actuator;

import java.util.function.LongSupplier;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.ingest.IngestCounters;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/**
 * The {@code activityrank} health contribution: the figures that say whether awards keep
 * flowing (queue depth against its capacity, the retry buffer, set-aside awards, the
 * ledger's pending rows, the stream consumers' lag), each only when the application
 * configured its part. {@code DOWN} when awards are failing (the retry buffer fills, too
 * many awards were set aside), {@code OUT_OF_SERVICE} when this instance falls behind
 * (the queue fills, the relay or the streams lag), else {@code UP}. The figures come from
 * memory, except the set-aside awards and the ledger's pending rows, which are read only
 * when their threshold is set.
 */
public class ActivityRankHealthIndicator extends AbstractHealthIndicator {

	private final HealthThresholds thresholds;

	private final ActivityDispatcher dispatcher;

	private final int queueCapacity;

	private final int retryCapacity;

	private final ActivityRankAdmin admin;

	private final IngestCounters ingest;

	private final LongSupplier ledgerPending;

	/**
	 * Create the indicator.
	 * @param thresholds where it turns from {@code UP}
	 * @param dispatcher the dispatcher, or {@code null}
	 * @param queueCapacity the queue's capacity, 0 without a queue
	 * @param retryCapacity the retry buffer's capacity, 0 without one
	 * @param admin where set-aside awards are read, or {@code null}
	 * @param ingest the stream ingestion's counters, or {@code null} when it is off
	 * @param ledgerPending counts the ledger's pending rows, or {@code null} when the
	 * ledger is off
	 */
	public ActivityRankHealthIndicator(HealthThresholds thresholds, ActivityDispatcher dispatcher, int queueCapacity,
			int retryCapacity, ActivityRankAdmin admin, IngestCounters ingest, LongSupplier ledgerPending) {
		super("activity-rank health check failed");
		this.thresholds = thresholds;
		this.dispatcher = dispatcher;
		this.queueCapacity = queueCapacity;
		this.retryCapacity = retryCapacity;
		this.admin = admin;
		this.ingest = ingest;
		this.ledgerPending = ledgerPending;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		Verdict verdict = new Verdict();
		if (this.dispatcher != null && this.queueCapacity > 0) {
			int size = this.dispatcher.queueSize();
			builder.withDetail("queueSize", size).withDetail("queueCapacity", this.queueCapacity);
			if (size >= this.thresholds.queueOutOfServiceRatio() * this.queueCapacity) {
				verdict.outOfService("queueSize");
			}
		}
		if (this.dispatcher != null && this.retryCapacity > 0) {
			int size = this.dispatcher.retryBufferSize();
			builder.withDetail("retryBufferSize", size).withDetail("retryBufferCapacity", this.retryCapacity);
			if (size > 0 && size >= this.thresholds.retryBufferDownRatio() * this.retryCapacity) {
				verdict.down("retryBufferSize");
			}
		}
		if (this.admin != null && this.thresholds.setAsideDown() > 0) {
			int setAside = this.admin.setAside(this.thresholds.setAsideDown()).size();
			builder.withDetail("setAside", setAside);
			if (setAside >= this.thresholds.setAsideDown()) {
				verdict.down("setAside");
			}
		}
		if (this.ledgerPending != null && this.thresholds.ledgerPendingOutOfService() > 0) {
			long pending = this.ledgerPending.getAsLong();
			builder.withDetail("ledgerPending", pending);
			if (pending >= this.thresholds.ledgerPendingOutOfService()) {
				verdict.outOfService("ledgerPending");
			}
		}
		if (this.ingest != null) {
			long lag = this.ingest.lagMillis();
			builder.withDetail("streamLagMillis", lag).withDetail("streamPending", this.ingest.pending());
			if (lag >= this.thresholds.streamLagOutOfService().toMillis()) {
				verdict.outOfService("streamLagMillis");
			}
		}
		builder.status(verdict.status);
		if (verdict.crossed != null) {
			builder.withDetail("threshold", verdict.crossed);
		}
	}

	/** The worst status so far, DOWN over OUT_OF_SERVICE over UP, and its figure. */
	private static final class Verdict {

		private Status status = Status.UP;

		private String crossed;

		void down(String figure) {
			if (this.status != Status.DOWN) {
				this.status = Status.DOWN;
				this.crossed = figure;
			}
		}

		void outOfService(String figure) {
			if (this.status == Status.UP) {
				this.status = Status.OUT_OF_SERVICE;
				this.crossed = figure;
			}
		}

	}

}
