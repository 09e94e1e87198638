package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ActivityScore;
import io.github.activityrank.Period;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.engine.ActivityObservations;
import io.github.activityrank.engine.CheckedLeaderboard;
import io.github.activityrank.observation.AwardObservationContext;
import io.github.activityrank.observation.AwardObservationConvention;
import io.github.activityrank.observation.MicrometerActivityObservations;
import io.github.activityrank.support.ReactorObservation;
import io.github.activityrank.test.ObservationThreads;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

class ActivityRankObservationAutoConfigurationTests {

	private static final String AWARD = "activity.rank.award";

	private static final String BOARD_READ = "activity.rank.board.read";

	private final String prefix = RedisTestServer.uniquePrefix("observe");

	private final TestObservationRegistry registry = TestObservationRegistry.create();

	private final ObservationThreads threads = new ObservationThreads();

	private final ApplicationContextRunner withoutRegistry = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(AopAutoConfiguration.class, DataRedisAutoConfiguration.class,
				ActivityRankAutoConfiguration.class, ActivityScoreAutoConfiguration.class,
				ActivityRankObservationAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.rules.praise.points=2")
		.withUserConfiguration(PraiseConfiguration.class);

	private final ApplicationContextRunner runner = this.withoutRegistry.withBean(ObservationRegistry.class,
			() -> this.registry);

	ActivityRankObservationAutoConfigurationTests() {
		this.registry.observationConfig().observationHandler(this.threads);
	}

	@AfterEach
	void deleteKeys() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

	@Test
	void anAnnotatedAwardIsAChildOfTheRequestAndEndsOnTheLaneThatAppliedIt() {
		this.runner.run((context) -> {
			inRequest(() -> context.getBean(Praise.class).praise("u1"));
			awaitIdle(context);

			TestObservationRegistryAssert.assertThat(this.registry)
				.hasObservationWithNameEqualTo(AWARD)
				.that()
				.hasLowCardinalityKeyValue("rule", "praise")
				.hasLowCardinalityKeyValue("path", "annotated")
				.hasLowCardinalityKeyValue("outcome", "awarded")
				.hasParentObservationContextMatching((parent) -> "request".equals(parent.getName()))
				.doesNotHaveError();
			String caller = Thread.currentThread().getName();
			List<String> steps = this.threads.of(AWARD);
			assertThat(steps).hasSize(4);
			assertThat(steps.get(0)).isEqualTo("start " + caller);
			// taken from the queue, current while Redis is called, ended: all on the lane
			assertThat(steps.subList(1, 4)).satisfiesExactly(
					(step) -> assertThat(step).startsWith("taken activity-rank-"),
					(step) -> assertThat(step).startsWith("scope activity-rank-"),
					(step) -> assertThat(step).startsWith("stop activity-rank-"));
		});
	}

	@Test
	void aMonosAwardIsAChildOfTheObservationInItsSubscribersContextAsInAWebFluxRequest() {
		this.runner.run((context) -> {
			Observation request = Observation.start("request", this.registry);
			// WebFlux keeps the request's observation in the Reactor context, not on the
			// thread; the Mono completes on another thread
			context.getBean(Praise.class)
				.praiseLater("u3")
				.contextWrite(Context.of(ReactorObservation.CONTEXT_KEY, request))
				.block(Duration.ofSeconds(10));
			request.stop();
			awaitIdle(context);

			TestObservationRegistryAssert.assertThat(this.registry)
				.hasObservationWithNameEqualTo(AWARD)
				.that()
				.hasLowCardinalityKeyValue("path", "annotated")
				.hasLowCardinalityKeyValue("outcome", "awarded")
				.hasParentObservationContextMatching((parent) -> "request".equals(parent.getName()));
		});
	}

	@Test
	void aDirectAwardIsObservedOnTheCallersThread() {
		this.runner.run((context) -> {
			inRequest(() -> context.getBean(ActivityRankService.class).award("u2", "f", "praise"));

			TestObservationRegistryAssert.assertThat(this.registry)
				.hasObservationWithNameEqualTo(AWARD)
				.that()
				.hasLowCardinalityKeyValue("rule", "praise")
				.hasLowCardinalityKeyValue("path", "direct")
				.hasLowCardinalityKeyValue("outcome", "awarded")
				.hasParentObservationContextMatching((parent) -> "request".equals(parent.getName()));
			String caller = Thread.currentThread().getName();
			assertThat(this.threads.of(AWARD)).containsExactly("start " + caller, "scope " + caller, "stop " + caller);
		});
	}

	@Test
	void aPublishedEventTakesThePathEvent() {
		this.runner.run((context) -> {
			inRequest(() -> context.publishEvent(ActivityEvent.award("u3", "f", "praise")));
			awaitIdle(context);

			TestObservationRegistryAssert.assertThat(this.registry)
				.hasObservationWithNameEqualTo(AWARD)
				.that()
				.hasLowCardinalityKeyValue("path", "event")
				.hasLowCardinalityKeyValue("outcome", "awarded")
				.hasParentObservationContextMatching((parent) -> "request".equals(parent.getName()));
		});
	}

	@Test
	void aRuleThatIsNotConfiguredIsReportedAsUnknown() {
		this.runner.run((context) -> {
			context.getBean(ActivityRankService.class).award("u4", "f", "no such rule, free text");
			context.getBean(ActivityRankService.class).award("u4", "g", 5);

			TestObservationRegistryAssert.assertThat(this.registry)
				.hasNumberOfObservationsWithNameEqualTo(AWARD, 2)
				.hasAnObservation((observation) -> observation.hasLowCardinalityKeyValue("rule", "unknown")
					.hasLowCardinalityKeyValue("outcome", "rejected"))
				.hasAnObservation((observation) -> observation.hasLowCardinalityKeyValue("rule", "none")
					.hasLowCardinalityKeyValue("outcome", "awarded"));
		});
	}

	@Test
	void aBoardReadIsAChildOfTheRequest() {
		this.runner.run((context) -> {
			ActivityRankService service = context.getBean(ActivityRankService.class);
			service.award("u5", "f", "praise");
			inRequest(() -> assertThat(service.board(Period.DAY).top(3)).hasSize(1));

			TestObservationRegistryAssert.assertThat(this.registry)
				.hasObservationWithNameEqualTo(BOARD_READ)
				.that()
				.hasLowCardinalityKeyValue("board.kind", "period")
				.hasLowCardinalityKeyValue("period", "day")
				.hasLowCardinalityKeyValue("operation", "top")
				.hasParentObservationContextMatching((parent) -> "request".equals(parent.getName()))
				.doesNotHaveError();
		});
	}

	@Test
	void usesTheApplicationsConvention() {
		this.runner.withBean(AwardObservationConvention.class, () -> new AwardObservationConvention() {
			@Override
			public String getName() {
				return "my.award";
			}
		}).run((context) -> {
			context.getBean(ActivityRankService.class).award("u6", "f", "praise");
			TestObservationRegistryAssert.assertThat(this.registry)
				.hasObservationWithNameEqualTo("my.award")
				.that()
				.satisfies((observation) -> assertThat(observation).isInstanceOf(AwardObservationContext.class));
		});
	}

	@Test
	void springBootsRegistryMakesTimersTaggedWithTheKeys() {
		this.withoutRegistry
			.withConfiguration(AutoConfigurations.of(ObservationAutoConfiguration.class, MetricsAutoConfiguration.class,
					SimpleMetricsExportAutoConfiguration.class, CompositeMeterRegistryAutoConfiguration.class))
			.run((context) -> {
				context.getBean(Praise.class).praise("u7");
				awaitIdle(context);
				context.getBean(ActivityRankService.class).board(Period.DAY).size();
				MeterRegistry meters = context.getBean(MeterRegistry.class);
				assertThat(meters.get(AWARD)
					.tags("rule", "praise", "path", "annotated", "outcome", "awarded")
					.timer()
					.count()).isOne();
				assertThat(meters.get(AWARD + ".taken").counter().count()).isOne();
				assertThat(meters.get(BOARD_READ)
					.tags("board.kind", "period", "period", "day", "operation", "size")
					.timer()
					.count()).isOne();
			});
	}

	@Test
	void withoutARegistryNothingIsObservedAndBoardsAreNotWrapped() {
		this.withoutRegistry.run((context) -> {
			assertThat(context).hasNotFailed().doesNotHaveBean(ActivityObservations.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			assertThat(service.board(Period.DAY)).isInstanceOf(CheckedLeaderboard.class);
		});
	}

	@Test
	void withARegistryTheObservationsAreMicrometers() {
		this.runner.run((context) -> assertThat(context).getBean(ActivityObservations.class)
			.isInstanceOf(MicrometerActivityObservations.class));
	}

	@Test
	void offWhenActivityRankIsDisabled() {
		this.runner.withPropertyValues("activity-rank.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(ActivityObservations.class));
	}

	private void inRequest(Runnable call) {
		Observation request = Observation.start("request", this.registry);
		try (Observation.Scope scope = request.openScope()) {
			call.run();
		}
		finally {
			request.stop();
		}
	}

	private static void awaitIdle(AssertableApplicationContext context) {
		assertThat(context.getBean(ActivityDispatcher.class).awaitIdle(Duration.ofSeconds(10))).isTrue();
	}

	@Configuration(proxyBeanMethods = false)
	static class PraiseConfiguration {

		@Bean
		Praise praise() {
			return new Praise();
		}

	}

	static class Praise {

		@ActivityScore(rule = "praise", user = "#user", field = "'article_1'")
		public void praise(String user) {
		}

		@ActivityScore(rule = "praise", user = "#user", field = "'article_2'")
		public Mono<String> praiseLater(String user) {
			return Mono.delay(Duration.ofMillis(50)).thenReturn(user);
		}

	}

}
