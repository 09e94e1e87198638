package io.github.activityrank.autoconfigure;

import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Properties;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.ChallengeService;
import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ActivityRules;
import io.github.activityrank.engine.SetAsideStore;
import io.github.activityrank.engine.TransientFailurePolicy;
import io.github.activityrank.redis.EndedBoardEvents;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.RedisSetAsideStore;
import io.github.activityrank.redis.RedisTransientFailurePolicy;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.support.PropertiesLoaderUtils;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.mockito.Mockito.mock;

/**
 * Auto-configuration: defaults, backing off, switching off, missing classes and startup
 * failures.
 */
@ExtendWith(OutputCaptureExtension.class)
class ActivityRankAutoConfigurationTests {

	private final String prefix = RedisTestServer.uniquePrefix("autoconfig");

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix);

	@Test
	void aRuleOncePerEverWithoutTheLedgerWarnsThatEverEndsWithTheRecords(CapturedOutput output) {
		this.runner
			.withPropertyValues("activity-rank.rules.praise.points=2", "activity-rank.rules.praise.once-per=ever",
					"activity-rank.rules.post.points=1")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(output).containsOnlyOnce("activity-rank rules [praise] say once-per: ever")
					.contains("activity-rank.retention.record (31 days)", "activity-rank.ledger.enabled=true");
			});
	}

	@Test
	void rulesOncePerDayDoNotWarnAboutEver(CapturedOutput output) {
		this.runner.withPropertyValues("activity-rank.rules.praise.points=2")
			.run((context) -> assertThat(output).doesNotContain("once-per: ever"));
	}

	@Test
	void startsOnDefaultsAndAwardsOnRealRedis() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(ActivityRankService.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			assertThat(service.award("u1", "f", 3)).isEqualTo(new AwardResult(Outcome.AWARDED, 3, null));
			assertThat(service.board(Period.DAY).top(5)).hasSize(1);
			assertThat(service.board(Period.MONTH).top(5)).hasSize(1);
			assertThat(context.getBean(ActivityCalendar.class).zone()).isEqualTo(ZoneId.systemDefault());
			assertThat(context).getBean(TransientFailurePolicy.class).isInstanceOf(RedisTransientFailurePolicy.class);
			assertThat(context).getBean(SetAsideStore.class).isInstanceOf(RedisSetAsideStore.class);
			RedisKeysCleaner.delete(context.getBean(RedisConnectionFactory.class), "{" + this.prefix + "}:*");
		});
	}

	@Test
	void bindsRulesPeriodsZoneAndRetention() {
		this.runner
			.withPropertyValues("activity-rank.rules.praise.points=2", "activity-rank.rules.publish.points=10",
					"activity-rank.rules.publish.once-per=ever", "activity-rank.rules.comment.points=3",
					"activity-rank.rules.comment.daily-cap=9", "activity-rank.daily-cap=50",
					"activity-rank.periods=day,week,total", "activity-rank.time-zone=Asia/Tokyo",
					"activity-rank.retention.day=7d")
			.run((context) -> {
				ActivityRules rules = context.getBean(ActivityRules.class);
				assertThat(rules.names()).containsExactly("praise", "publish", "comment");
				assertThat(rules.get("publish").oncePerEver()).isTrue();
				assertThat(rules.get("comment").dailyCap()).isEqualTo(9);
				assertThat(rules.dailyCap()).isEqualTo(50);
				assertThat(context.getBean(ActivityCalendar.class).zone()).isEqualTo(ZoneId.of("Asia/Tokyo"));
				ActivityRankService service = context.getBean(ActivityRankService.class);
				service.award("u1", "42", "praise");
				assertThat(service.board(Period.WEEK).top(5)).hasSize(1);
				assertThat(service.board(Period.TOTAL).top(5)).hasSize(1);
				RedisKeysCleaner.delete(context.getBean(RedisConnectionFactory.class), "{" + this.prefix + "}:*");
			});
	}

	@Test
	void bindsWeeklyAndMonthlyCaps() {
		this.runner
			.withPropertyValues("activity-rank.rules.answer.points=4", "activity-rank.rules.answer.weekly-cap=10",
					"activity-rank.rules.answer.monthly-cap=30", "activity-rank.weekly-cap=50",
					"activity-rank.monthly-cap=150")
			.run((context) -> {
				ActivityRules rules = context.getBean(ActivityRules.class);
				assertThat(rules.get("answer").weeklyCap()).isEqualTo(10);
				assertThat(rules.get("answer").monthlyCap()).isEqualTo(30);
				assertThat(rules.weeklyCap()).isEqualTo(50);
				assertThat(rules.monthlyCap()).isEqualTo(150);
				ActivityRankService service = context.getBean(ActivityRankService.class);
				service.award("u1", "a1", "answer");
				service.award("u1", "a2", "answer");
				assertThat(service.award("u1", "a3", "answer").points()).isEqualTo(2);
				assertThat(service.award("u1", "a4", "answer").outcome()).isEqualTo(Outcome.CAPPED);
				assertThat(service.summary("u1", Period.WEEK).tally("answer").points()).isEqualTo(10);
				RedisKeysCleaner.delete(context.getBean(RedisConnectionFactory.class), "{" + this.prefix + "}:*");
			});
	}

	@Test
	void backsOffForTheUsersOwnService() {
		this.runner.withUserConfiguration(OwnService.class).run((context) -> {
			assertThat(context).hasSingleBean(ActivityRankService.class);
			assertThat(context.getBean(ActivityRankService.class)).isSameAs(context.getBean(OwnService.class).service);
		});
	}

	@Test
	void definesTheChallengeServiceAndTheEndedBoardEvents() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(ChallengeService.class).hasSingleBean(EndedBoardEvents.class);
			assertThat(context.getBean(ChallengeService.class).active()).isEmpty();
			assertThat(context.getBean(EndedBoardEvents.class).isRunning()).isTrue();
		});
	}

	@Test
	void backsOffForTheUsersChallengeService() {
		ChallengeService own = mock(ChallengeService.class);
		this.runner.withBean(ChallengeService.class, () -> own)
			.run((context) -> assertThat(context.getBean(ChallengeService.class)).isSameAs(own));
	}

	@Test
	void eventsCanBeSwitchedOffAlone() {
		this.runner.withPropertyValues("activity-rank.events.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(EndedBoardEvents.class)
				.hasSingleBean(ChallengeService.class));
	}

	@Test
	void backsOffForTheUsersKeyNaming() {
		this.runner.withBean(RankKeys.class, () -> new RankKeys("mine"))
			.run((context) -> assertThat(context.getBean(RankKeys.class).tag()).isEqualTo("{mine}"));
	}

	@Test
	void enabledFalseTurnsEverythingOff() {
		this.runner.withPropertyValues("activity-rank.enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(ActivityRankService.class);
			assertThat(context).doesNotHaveBean(ActivityRules.class);
			assertThat(context).doesNotHaveBean(ChallengeService.class).doesNotHaveBean(EndedBoardEvents.class);
		});
	}

	@Test
	void backsOffWithoutSpringDataRedis() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(ActivityRankAutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader(RedisConnectionFactory.class))
			.run((context) -> assertThat(context).doesNotHaveBean(ActivityRankService.class));
	}

	@Test
	void backsOffWithoutAConnectionFactory() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(ActivityRankAutoConfiguration.class))
			.run((context) -> assertThat(context).doesNotHaveBean(ActivityRankService.class));
	}

	@Test
	void aRuleWithZeroPointsStopsTheStartWithAnExplanation() {
		this.runner.withPropertyValues("activity-rank.rules.praise.once-per=day").run((context) -> {
			assertThat(context).hasFailed();
			Throwable failure = context.getStartupFailure();
			FailureAnalysis analysis = RegisteredFailureAnalyzers.analyze(failure, null);
			assertThat(analysis.getDescription()).contains("activity-rank.rules.praise.points is 0");
			// Spring Boot's analyzer has one action for every property, so the fix is in
			// the description's reason
			assertThat(analysis.getDescription())
				.contains("Set activity-rank.rules.praise.points to a non-zero number");
		});
	}

	@Test
	void anUnknownOncePerStopsTheStartNamingTheProperty() {
		this.runner
			.withPropertyValues("activity-rank.rules.praise.points=2", "activity-rank.rules.praise.once-per=weekly")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("weekly");
				assertThat(context.getStartupFailure()).hasStackTraceContaining("activity-rank.rules.praise.once-per");
			});
	}

	@Test
	void startupReportsExplainBadRulesToTheDeveloper(CapturedOutput output) {
		assertThatException().isThrownBy(() -> application("activity-rank.rules.praise.points=0").run());
		assertThat(output).contains("APPLICATION FAILED TO START", "activity-rank.rules.praise.points is 0",
				"Set activity-rank.rules.praise.points to a non-zero number");

		assertThatException().isThrownBy(
				() -> application("activity-rank.rules.praise.points=2", "activity-rank.rules.praise.once-per=weekly")
					.run());
		assertThat(output).contains("activity-rank.rules.praise.once-per", "weekly", "DAY", "EVER");
	}

	private SpringApplication application(String... properties) {
		SpringApplication application = new SpringApplication(MinimalApp.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		List<String> args = new java.util.ArrayList<>();
		for (String property : RedisTestServer.shared().springProperties()) {
			args.add("--" + property);
		}
		for (String property : properties) {
			args.add("--" + property);
		}
		args.add("--activity-rank.key-prefix=" + this.prefix);
		application.setDefaultProperties(java.util.Map.of("spring.main.banner-mode", "off"));
		application.addInitializers((context) -> context.getEnvironment()
			.getPropertySources()
			.addFirst(new org.springframework.core.env.SimpleCommandLinePropertySource(args.toArray(String[]::new))));
		return application;
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class })
	static class MinimalApp {

	}

	@Test
	void invalidPrefixCapsPeriodsAndRetentionStopTheStart() {
		for (String property : List.of("activity-rank.key-prefix=has{brace}", "activity-rank.daily-cap=0",
				"activity-rank.rules.x.points=2000000", "activity-rank.rules.x.points=-9223372036854775808",
				"activity-rank.retention.day=0s", "activity-rank.periods=")) {
			this.runner.withPropertyValues(property).run((context) -> {
				assertThat(context).as(property).hasFailed();
				assertThat(context.getStartupFailure()).as(property)
					.hasRootCauseInstanceOf(InvalidConfigurationPropertyValueException.class);
			});
		}
	}

	@Test
	void failureAnalyzersAreRegisteredUnderClassesThatLoad() throws Exception {
		Properties factories = PropertiesLoaderUtils.loadProperties(new ClassPathResource("META-INF/spring.factories"));
		String[] analyzers = factories.getProperty(FailureAnalyzer.class.getName()).split(",");
		for (String analyzer : analyzers) {
			assertThat(FailureAnalyzer.class).isAssignableFrom(Class.forName(analyzer.trim()));
		}
	}

	@Test
	void queriesOfADayUseTheConfiguredZone() {
		this.runner.withPropertyValues("activity-rank.time-zone=Pacific/Kiritimati").run((context) -> {
			ActivityRankService service = context.getBean(ActivityRankService.class);
			service.award("u1", "f", 1);
			LocalDate kiritimatiToday = LocalDate.now(ZoneId.of("Pacific/Kiritimati"));
			assertThat(service.board(Period.DAY, kiritimatiToday).top(5)).hasSize(1);
			RedisKeysCleaner.delete(context.getBean(RedisConnectionFactory.class), "{" + this.prefix + "}:*");
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class OwnService {

		final ActivityRankService service = mock(ActivityRankService.class);

		@Bean
		ActivityRankService myService() {
			return this.service;
		}

	}

}
