package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.actuator.ActivityRankEndpoint;
import io.github.activityrank.actuator.ActivityRankEndpoint.ActivityRankDescriptor;
import io.github.activityrank.actuator.RuleDescriptor;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class ActivityRankEndpointAutoConfigurationTests {

	private final String prefix = RedisTestServer.uniquePrefix("endpoint");

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityScoreAutoConfiguration.class, ActivityRankEndpointAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.time-zone=Asia/Shanghai",
				"activity-rank.periods=day,week,total", "activity-rank.daily-cap=100", "activity-rank.weekly-cap=500",
				"activity-rank.monthly-cap=1500", "activity-rank.rules.praise.points=2",
				"activity-rank.rules.praise.once-per=ever", "activity-rank.rules.comment.points=3",
				"activity-rank.rules.comment.daily-cap=30", "activity-rank.rules.comment.weekly-cap=100",
				"activity-rank.rules.comment.monthly-cap=300", "activity-rank.rules.spam.points=-5");

	private final ApplicationContextRunner exposed = this.runner
		.withPropertyValues("management.endpoints.web.exposure.include=health,activityrank");

	@AfterEach
	void deleteKeys() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

	@Test
	void describesTheConfigurationInForce() {
		this.exposed.run((context) -> {
			ActivityRankDescriptor descriptor = context.getBean(ActivityRankEndpoint.class).activityRank();
			assertThat(descriptor.keyPrefix()).isEqualTo(this.prefix);
			assertThat(descriptor.timeZone()).isEqualTo("Asia/Shanghai");
			assertThat(descriptor.periods()).containsExactly("day", "week", "total");
			assertThat(descriptor.tieBreak()).isEqualTo("none");
			assertThat(descriptor.ranking()).isEqualTo("competition");
			assertThat(descriptor.tieBreakEpoch()).isNull();
			assertThat(descriptor.dailyCap()).isEqualTo(100);
			assertThat(descriptor.weeklyCap()).isEqualTo(500);
			assertThat(descriptor.monthlyCap()).isEqualTo(1500);
			assertThat(descriptor.rules()).containsOnlyKeys("praise", "comment", "spam");
			assertThat(descriptor.rules().get("praise")).isEqualTo(new RuleDescriptor(2, "ever", null, null, null));
			assertThat(descriptor.rules().get("comment")).isEqualTo(new RuleDescriptor(3, "day", 30L, 100L, 300L));
			assertThat(descriptor.rules().get("spam")).isEqualTo(new RuleDescriptor(-5, "day", null, null, null));
			assertThat(descriptor.awards()).containsOnlyKeys("awarded", "already_awarded", "capped", "revoked",
					"nothing_to_revoke", "rejected", "set_aside");
			assertThat(descriptor.dispatch().async()).isTrue();
			assertThat(descriptor.dispatch().queueSize()).isZero();
			assertThat(descriptor.dispatch().retryBufferSize()).isZero();
		});
	}

	@Test
	void describesTheBoardOrderInForce() {
		this.exposed.withPropertyValues("activity-rank.ranking=dense").run((context) -> {
			ActivityRankDescriptor descriptor = context.getBean(ActivityRankEndpoint.class).activityRank();
			assertThat(descriptor.tieBreak()).isEqualTo("none");
			assertThat(descriptor.ranking()).isEqualTo("dense");
		});
		this.exposed
			.withPropertyValues("activity-rank.tie-break=earliest", "activity-rank.ranking=dense",
					"activity-rank.tie-break-epoch=2025-01-01T00:00:00Z")
			.run((context) -> {
				ActivityRankDescriptor descriptor = context.getBean(ActivityRankEndpoint.class).activityRank();
				assertThat(descriptor.tieBreak()).isEqualTo("earliest");
				assertThat(descriptor.ranking()).as("earliest numbers every rank apart").isEqualTo("ordinal");
				assertThat(descriptor.tieBreakEpoch()).isEqualTo("2025-01-01T00:00:00Z");
			});
	}

	@Test
	void countersMoveWithAwards() {
		this.exposed.run((context) -> {
			ActivityRankEndpoint endpoint = context.getBean(ActivityRankEndpoint.class);
			context.getBean(ActivityRankService.class).award("u1", "1_praise", "praise");
			context.publishEvent(ActivityEvent.award("u2", "1_praise", "praise"));
			context.publishEvent(ActivityEvent.award("u2", "1_praise", "praise"));
			context.publishEvent(ActivityEvent.award("", "1_praise", "praise"));
			assertThat(context.getBean(ActivityDispatcher.class).awaitIdle(Duration.ofSeconds(10))).isTrue();

			ActivityRankDescriptor descriptor = endpoint.activityRank();
			assertThat(descriptor.awards()).containsEntry("awarded", 2L)
				.containsEntry("already_awarded", 1L)
				.containsEntry("rejected", 1L);
			// the blank user is refused when it is dispatched, never queued
			assertThat(descriptor.dispatch().queued()).isEqualTo(2);
			assertThat(descriptor.dispatch().applied()).isEqualTo(2);
			assertThat(descriptor.dispatch().rejected()).isEqualTo(1);
		});
	}

	@Test
	void notAvailableUnlessExposed() {
		this.runner.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(ActivityRankEndpoint.class));
	}

	@Test
	void notAvailableWhenItsAccessIsNone() {
		this.exposed.withPropertyValues("management.endpoint.activityrank.access=NONE")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(ActivityRankEndpoint.class));
	}

	@Test
	void backsOffWithoutTheActuatorOnTheClasspath() {
		this.exposed.withClassLoader(new FilteredClassLoader(Endpoint.class)).run((context) -> {
			assertThat(context).hasNotFailed().doesNotHaveBean(ActivityRankEndpoint.class);
			assertThat(context).hasSingleBean(ActivityRankService.class);
		});
	}

	@Test
	void backsOffWithoutTheActuatorAutoConfiguration() {
		this.exposed.withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate.autoconfigure"))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(ActivityRankEndpoint.class));
	}

	@Test
	void bothAutoConfigurationsAreRegisteredUnderClassesThatLoad() throws Exception {
		List<String> registered = new ArrayList<>();
		ImportCandidates.load(AutoConfiguration.class, getClass().getClassLoader()).forEach(registered::add);
		assertThat(registered).contains(ActivityRankMetricsAutoConfiguration.class.getName(),
				ActivityRankEndpointAutoConfiguration.class.getName());
		for (String name : registered) {
			if (name.startsWith("io.github.activityrank.")) { // other jars' entries need
																// libraries absent here
				assertThat(Class.forName(name)).hasAnnotation(AutoConfiguration.class);
			}
		}
	}

	@Test
	void offWhenActivityRankIsDisabled() {
		this.exposed.withPropertyValues("activity-rank.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(ActivityRankEndpoint.class));
	}

}
