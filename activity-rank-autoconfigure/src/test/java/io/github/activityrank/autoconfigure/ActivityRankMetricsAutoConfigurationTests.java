package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.actuator.ActivityRankMeterBinder;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class ActivityRankMetricsAutoConfigurationTests {

	private static final List<String> DISPATCH_COUNTERS = List.of("queued", "applied", "rejected", "failed", "dropped",
			"caller.runs", "evaluation.errors", "retry.buffered", "retried", "retry.dropped");

	private final String prefix = RedisTestServer.uniquePrefix("metrics");

	private final ApplicationContextRunner engine = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityScoreAutoConfiguration.class, ActivityRankMetricsAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.rules.praise.points=2");

	private final ApplicationContextRunner runner = this.engine
		.withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
				SimpleMetricsExportAutoConfiguration.class, CompositeMeterRegistryAutoConfiguration.class));

	@AfterEach
	void deleteKeys() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

	@Test
	void registersEveryMeterAtZero() {
		this.runner.run((context) -> {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			for (String outcome : List.of("awarded", "already_awarded", "capped", "revoked", "nothing_to_revoke",
					"rejected", "set_aside")) {
				assertThat(awards(registry, outcome)).as(outcome).isZero();
			}
			for (String name : DISPATCH_COUNTERS) {
				assertThat(dispatch(registry, name)).as(name).isZero();
			}
			assertThat(registry.get(ActivityRankMeterBinder.QUEUE_SIZE).gauge().value()).isZero();
			assertThat(registry.get(ActivityRankMeterBinder.RETRY_BUFFER_SIZE).gauge().value()).isZero();
			assertThat(registry.get(ActivityRankMeterBinder.AWARDS).meters()).hasSize(7);
		});
	}

	@Test
	void metersMoveWithAwardsThroughTheServiceAndTheDispatcher() {
		this.runner.run((context) -> {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			service.award("u1", "1_praise", "praise");
			service.award("u1", "1_praise", "praise");
			service.award(" ", "1_praise", "praise");
			service.revoke("u1", "1_praise", "praise");
			service.revoke("u1", "1_praise", "praise");
			context.publishEvent(ActivityEvent.award("u2", "2_praise", "praise"));
			context.publishEvent(ActivityEvent.award("u2\n", "2_praise", "praise"));
			awaitIdle(context);

			assertThat(awards(registry, "awarded")).isEqualTo(2);
			assertThat(awards(registry, "already_awarded")).isEqualTo(1);
			assertThat(awards(registry, "rejected")).isEqualTo(2);
			assertThat(awards(registry, "revoked")).isEqualTo(1);
			assertThat(awards(registry, "nothing_to_revoke")).isEqualTo(1);
			// "u2\n" is refused when it is dispatched, never queued
			assertThat(dispatch(registry, "queued")).isEqualTo(1);
			assertThat(dispatch(registry, "applied")).isEqualTo(1);
			assertThat(dispatch(registry, "rejected")).isEqualTo(1);
			assertThat(dispatch(registry, "failed")).isZero();
		});
	}

	@Test
	void bindsToTheApplicationsOwnSimpleMeterRegistry() {
		this.engine.withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class))
			.withBean(SimpleMeterRegistry.class)
			.run((context) -> {
				SimpleMeterRegistry registry = context.getBean(SimpleMeterRegistry.class);
				context.getBean(ActivityRankService.class).award("u1", "1_praise", "praise");
				assertThat(awards(registry, "awarded")).isOne();
			});
	}

	@Test
	void backsOffWithoutAMeterRegistry() {
		this.engine.run((context) -> {
			assertThat(context).hasNotFailed().doesNotHaveBean(ActivityRankMeterBinder.class);
			assertThat(context).hasSingleBean(ActivityRankService.class);
		});
	}

	@Test
	void backsOffWithoutMicrometerOnTheClasspath() {
		this.runner.withClassLoader(new FilteredClassLoader("io.micrometer.core")).run((context) -> {
			assertThat(context).hasNotFailed().doesNotHaveBean(ActivityRankMeterBinder.class);
			assertThat(context).hasSingleBean(ActivityRankService.class);
		});
	}

	@Test
	void backsOffForTheApplicationsOwnBinder() {
		this.runner
			.withBean("myBinder", ActivityRankMeterBinder.class, () -> new ActivityRankMeterBinder(null, null, null))
			.run((context) -> {
				assertThat(context).getBean(ActivityRankMeterBinder.class).isSameAs(context.getBean("myBinder"));
				assertThat(context.getBean(MeterRegistry.class).find(ActivityRankMeterBinder.AWARDS).meters())
					.isEmpty();
			});
	}

	@Test
	void offWhenActivityRankIsDisabled() {
		this.runner.withPropertyValues("activity-rank.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(ActivityRankMeterBinder.class));
	}

	private static double awards(MeterRegistry registry, String outcome) {
		return registry.get(ActivityRankMeterBinder.AWARDS).tag("outcome", outcome).functionCounter().count();
	}

	private static double dispatch(MeterRegistry registry, String name) {
		return registry.get(ActivityRankMeterBinder.DISPATCH + "." + name).functionCounter().count();
	}

	private static void awaitIdle(AssertableApplicationContext context) {
		assertThat(context.getBean(ActivityDispatcher.class).awaitIdle(Duration.ofSeconds(10))).isTrue();
	}

}
