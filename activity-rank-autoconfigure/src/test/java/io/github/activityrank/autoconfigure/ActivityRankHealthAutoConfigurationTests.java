package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.actuator.ActivityRankHealthIndicator;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.test.RecordingActivityRankService;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.health.autoconfigure.contributor.HealthContributorAutoConfiguration;
import org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.health.registry.HealthContributorRegistry;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class ActivityRankHealthAutoConfigurationTests {

	private final ApplicationContextRunner withoutBootHealth = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(ActivityScoreAutoConfiguration.class, ActivityRankHealthAutoConfiguration.class))
		.withBean(RecordingActivityRankService.class, RecordingActivityRankService::new)
		.withPropertyValues("activity-rank.async.threads=1", "activity-rank.async.queue-capacity=4");

	private final ApplicationContextRunner runner = this.withoutBootHealth.withConfiguration(AutoConfigurations
		.of(HealthContributorAutoConfiguration.class, HealthContributorRegistryAutoConfiguration.class));

	@Test
	void absentByDefault() {
		this.runner.run((context) -> assertThat(context).hasNotFailed()
			.doesNotHaveBean(ActivityRankHealthIndicator.class)
			.doesNotHaveBean("activityrankHealthIndicator"));
	}

	@Test
	void notTurnedOnByTheDefaultsOfAllIndicators() {
		this.runner.withPropertyValues("management.health.defaults.enabled=true")
			.run((context) -> assertThat(context).doesNotHaveBean(ActivityRankHealthIndicator.class));
	}

	@Test
	void contributesActivityrankWhenEnabled() {
		this.runner.withPropertyValues("management.health.activityrank.enabled=true").run((context) -> {
			assertThat(context).hasSingleBean(ActivityRankHealthIndicator.class);
			assertThat(context.getBean(HealthContributorRegistry.class).getContributor("activityrank"))
				.isSameAs(context.getBean(ActivityRankHealthIndicator.class));
		});
	}

	@Test
	void upWithTheQueueInTheDetailsThenOutOfServiceWhileTheQueueIsFull() {
		this.runner.withPropertyValues("management.health.activityrank.enabled=true").run((context) -> {
			HealthIndicator indicator = context.getBean(ActivityRankHealthIndicator.class);
			Health health = indicator.health(true);
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("queueSize", 0)
				.containsEntry("queueCapacity", 4)
				.containsEntry("retryBufferSize", 0)
				.containsEntry("retryBufferCapacity", 100_000);

			RecordingActivityRankService service = context.getBean(RecordingActivityRankService.class);
			ActivityDispatcher dispatcher = context.getBean(ActivityDispatcher.class);
			service.block();
			try {
				dispatcher.dispatch(List.of(ActivityEvent.award("u1", "f0", "praise")));
				service.awaitBlockedCall(Duration.ofSeconds(10));
				for (int i = 1; i <= 4; i++) {
					dispatcher.dispatch(List.of(ActivityEvent.award("u1", "f" + i, "praise")));
				}
				health = indicator.health(true);
				assertThat(health.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
				assertThat(health.getDetails()).containsEntry("queueSize", 4).containsEntry("threshold", "queueSize");
			}
			finally {
				service.release();
			}
			assertThat(dispatcher.awaitIdle(Duration.ofSeconds(10))).isTrue();
			assertThat(indicator.health(true).getStatus()).isEqualTo(Status.UP);
		});
	}

	@Test
	void aThresholdOutOfRangeStopsTheStartNamingTheProperty() {
		this.runner.withConfiguration(AutoConfigurations.of(ActivityRankAutoConfiguration.class))
			.withPropertyValues("management.health.activityrank.enabled=true",
					"activity-rank.health.queue-out-of-service-ratio=1.5")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.isInstanceOf(InvalidConfigurationPropertyValueException.class)
				.hasMessageContaining("activity-rank.health.queue-out-of-service-ratio"));
	}

	@Test
	void offWhenActivityRankIsDisabled() {
		this.runner.withPropertyValues("management.health.activityrank.enabled=true", "activity-rank.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(ActivityRankHealthIndicator.class));
	}

	@Test
	void backsOffWithoutSpringBootHealth() {
		this.withoutBootHealth.withPropertyValues("management.health.activityrank.enabled=true")
			.withClassLoader(new FilteredClassLoader("org.springframework.boot.health"))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(ActivityRankHealthIndicator.class));
	}

}
