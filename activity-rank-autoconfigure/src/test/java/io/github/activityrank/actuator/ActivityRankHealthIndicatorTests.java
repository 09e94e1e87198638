package io.github.activityrank.actuator;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.LongSupplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.SetAsideAward;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.ingest.IngestCounters;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verifyNoInteractions;

class ActivityRankHealthIndicatorTests {

	private static final HealthThresholds DEFAULTS = new HealthThresholds(0.9, 0.5, 0, Duration.ofMinutes(5), 100_000);

	private final ActivityDispatcher dispatcher = mock(ActivityDispatcher.class);

	@Test
	void upWithTheQueueAndTheRetryBufferInTheDetails() {
		given(this.dispatcher.queueSize()).willReturn(3);
		given(this.dispatcher.retryBufferSize()).willReturn(0);
		Health health = health(DEFAULTS, null, null, null);
		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat(health.getDetails()).containsEntry("queueSize", 3)
			.containsEntry("queueCapacity", 10)
			.containsEntry("retryBufferSize", 0)
			.containsEntry("retryBufferCapacity", 100)
			.doesNotContainKeys("threshold", "setAside", "ledgerPending", "streamLagMillis");
	}

	@Test
	void outOfServiceWhenTheQueueReachesItsShare() {
		given(this.dispatcher.queueSize()).willReturn(9);
		Health health = health(DEFAULTS, null, null, null);
		assertThat(health.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
		assertThat(health.getDetails()).containsEntry("queueSize", 9).containsEntry("threshold", "queueSize");
	}

	@Test
	void downWhenTheRetryBufferReachesItsShareEvenWithAFullQueue() {
		given(this.dispatcher.queueSize()).willReturn(10);
		given(this.dispatcher.retryBufferSize()).willReturn(50);
		Health health = health(DEFAULTS, null, null, null);
		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
		assertThat(health.getDetails()).containsEntry("retryBufferSize", 50)
			.containsEntry("threshold", "retryBufferSize");
	}

	@Test
	void setAsideAwardsAreNotReadWithoutTheirThreshold() {
		ActivityRankAdmin admin = mock(ActivityRankAdmin.class);
		Health health = health(DEFAULTS, admin, null, null);
		assertThat(health.getStatus()).isEqualTo(Status.UP);
		verifyNoInteractions(admin);
	}

	@Test
	void downWhenAsManyAwardsAsTheThresholdWereSetAside() {
		ActivityRankAdmin admin = mock(ActivityRankAdmin.class);
		SetAsideAward award = new SetAsideAward("1-0", ActivityEvent.award("u1", "f", "praise"), Instant.EPOCH,
				"WRONGTYPE", Instant.EPOCH);
		given(admin.setAside(2)).willReturn(List.of(award));
		HealthThresholds two = new HealthThresholds(0.9, 0.5, 2, Duration.ofMinutes(5), 100_000);
		assertThat(health(two, admin, null, null).getStatus()).isEqualTo(Status.UP);
		given(admin.setAside(2)).willReturn(List.of(award, award));
		Health health = health(two, admin, null, null);
		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
		assertThat(health.getDetails()).containsEntry("setAside", 2).containsEntry("threshold", "setAside");
	}

	@Test
	void outOfServiceWhenTheLedgerRelayFallsBehind() {
		Health health = health(DEFAULTS, null, null, () -> 100_000);
		assertThat(health.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
		assertThat(health.getDetails()).containsEntry("ledgerPending", 100_000L)
			.containsEntry("threshold", "ledgerPending");
	}

	@Test
	void outOfServiceWhenTheStreamsLag() {
		IngestCounters ingest = mock(IngestCounters.class);
		given(ingest.lagMillis()).willReturn(Duration.ofMinutes(4).toMillis());
		assertThat(health(DEFAULTS, null, ingest, null).getStatus()).isEqualTo(Status.UP);
		given(ingest.lagMillis()).willReturn(Duration.ofMinutes(5).toMillis());
		given(ingest.pending()).willReturn(7);
		Health health = health(DEFAULTS, null, ingest, null);
		assertThat(health.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
		assertThat(health.getDetails()).containsEntry("streamLagMillis", 300_000L)
			.containsEntry("streamPending", 7)
			.containsEntry("threshold", "streamLagMillis");
	}

	@Test
	void withoutAQueueOnlyWhatTheApplicationConfiguredIsReported() {
		Health health = new ActivityRankHealthIndicator(DEFAULTS, this.dispatcher, 0, 0, null, null, null).health(true);
		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat(health.getDetails()).isEmpty();
	}

	private Health health(HealthThresholds thresholds, ActivityRankAdmin admin, IngestCounters ingest,
			LongSupplier ledgerPending) {
		return new ActivityRankHealthIndicator(thresholds, this.dispatcher, 10, 100, admin, ingest, ledgerPending)
			.health(true);
	}

}
