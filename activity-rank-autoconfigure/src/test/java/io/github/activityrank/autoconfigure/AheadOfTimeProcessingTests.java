package io.github.activityrank.autoconfigure;

import java.util.Arrays;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.util.TestPropertyValues;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter in an application processed ahead of time, as {@code process-aot} does
 * before a native image is built: the generated bean definitions start and award, and
 * {@code activity-rank.enabled=false} given when the application starts still leaves out
 * every bean of the starter, though the definitions were fixed at build time; the other
 * way round it warns.
 */
@ExtendWith(OutputCaptureExtension.class)
class AheadOfTimeProcessingTests {

	private static final String PREFIX = RedisTestServer.uniquePrefix("aot");

	private static ProcessedAheadOfTime processed;

	@BeforeAll
	static void processAheadOfTime() throws Exception {
		AnnotationConfigApplicationContext buildTime = new AnnotationConfigApplicationContext();
		properties().applyTo(buildTime);
		buildTime.register(App.class);
		processed = ProcessedAheadOfTime.process(buildTime, App.class);
	}

	@AfterAll
	static void deleteKeys() {
		RedisKeysCleaner.deletePrefix(PREFIX);
	}

	@Test
	void theGeneratedBeanDefinitionsStartAndAward() {
		try (GenericApplicationContext context = start(new ActivityRankEnabledInitializer(() -> true))) {
			ActivityRankService service = context.getBean(ActivityRankService.class);
			assertThat(service.award("u1", "f", 3)).isEqualTo(new AwardResult(Outcome.AWARDED, 3, null));
			assertThat(service.board(Period.DAY).top(5)).hasSize(1);
		}
	}

	@Test
	void enabledFalseWhenTheApplicationStartsLeavesOutEveryBeanOfTheStarter() {
		try (GenericApplicationContext context = start(new ActivityRankEnabledInitializer(() -> true),
				"activity-rank.enabled=false")) {
			assertThat(context.getBeanNamesForType(ActivityRankService.class)).isEmpty();
			assertThat(Arrays.stream(context.getBeanDefinitionNames())
				.map((name) -> context.getBeanFactory().getBeanDefinition(name).getBeanClassName()))
				.noneMatch((className) -> className != null && className.startsWith("io.github.activityrank"));
			assertThat(context.getBeanNamesForType(RedisConnectionFactory.class)).hasSize(1);
		}
	}

	@Test
	void withoutAotTheInitializerLeavesTheConditionsToDecide() {
		try (GenericApplicationContext context = start(new ActivityRankEnabledInitializer(() -> false),
				"activity-rank.enabled=false")) {
			assertThat(context.getBeanNamesForType(ActivityRankService.class)).hasSize(1);
		}
	}

	@Test
	void theGeneratedHintsHoldTheStartersScriptsAndSchemas() {
		assertThat(RuntimeHintsPredicates.resource().forResource("io/github/activityrank/redis/lua/award.lua"))
			.accepts(processed.hints());
		assertThat(RuntimeHintsPredicates.resource().forResource("io/github/activityrank/ledger/schema-h2.sql"))
			.accepts(processed.hints());
		assertThat(RuntimeHintsPredicates.reflection().onType(ActivityRankProperties.class)).accepts(processed.hints());
	}

	@Test
	void enabledTrueWhenTheBuildLeftTheStarterOutWarnsThatItMustBeProcessedAgain(CapturedOutput output)
			throws Exception {
		AnnotationConfigApplicationContext buildTime = new AnnotationConfigApplicationContext();
		properties().and("activity-rank.enabled=false").applyTo(buildTime);
		buildTime.register(App.class);
		ProcessedAheadOfTime withoutStarter = ProcessedAheadOfTime.process(buildTime, App.class, "Disabled");
		try (GenericApplicationContext context = start(withoutStarter, new ActivityRankEnabledInitializer(() -> true),
				"activity-rank.enabled=true")) {
			assertThat(context.getBeanNamesForType(ActivityRankService.class)).isEmpty();
			assertThat(output).contains("activity-rank.enabled=true, but this application was processed ahead of time "
					+ "without the beans of activity-rank");
		}
	}

	private static GenericApplicationContext start(ActivityRankEnabledInitializer enabled, String... properties) {
		return start(processed, enabled, properties);
	}

	private static GenericApplicationContext start(ProcessedAheadOfTime application,
			ActivityRankEnabledInitializer enabled, String... properties) {
		GenericApplicationContext context = new GenericApplicationContext();
		properties().and(properties).applyTo(context);
		application.initializer().initialize(context);
		enabled.initialize(context);
		context.refresh();
		return context;
	}

	private static TestPropertyValues properties() {
		return TestPropertyValues.of(RedisTestServer.shared().springProperties())
			.and("activity-rank.key-prefix=" + PREFIX);
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ DataRedisAutoConfiguration.class, ActivityRankRedisClientAutoConfiguration.class,
			ActivityRankAutoConfiguration.class, ActivityRankClusterAutoConfiguration.class,
			ActivityRankLedgerAutoConfiguration.class, ActivityScoreAutoConfiguration.class,
			ActivityRankMetricsAutoConfiguration.class, ActivityRankEndpointAutoConfiguration.class,
			ActivityRankIngestAutoConfiguration.class, ActivityRankItemsAutoConfiguration.class,
			ActivityRankStreakAutoConfiguration.class })
	static class App {

	}

}
