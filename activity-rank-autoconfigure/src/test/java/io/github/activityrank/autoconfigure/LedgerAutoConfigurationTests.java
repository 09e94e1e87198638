package io.github.activityrank.autoconfigure;

import javax.sql.DataSource;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.engine.ComposedActivityRankService;
import io.github.activityrank.engine.PeriodBoards;
import io.github.activityrank.ledger.AwardLedger;
import io.github.activityrank.ledger.LedgerActivityDispatcher;
import io.github.activityrank.ledger.LedgerActivityWrites;
import io.github.activityrank.ledger.LedgerArchive;
import io.github.activityrank.ledger.LedgerRelay;
import io.github.activityrank.test.RedisTestServer;
import io.github.activityrank.test.TestDatabase;
import io.github.activityrank.test.TestDatabases;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When the ledger is configured, and how a start without what it needs fails.
 */
class LedgerAutoConfigurationTests {

	private static final AutoConfigurations CONFIGURATIONS = AutoConfigurations.of(DataRedisAutoConfiguration.class,
			ActivityRankAutoConfiguration.class, ActivityRankLedgerAutoConfiguration.class,
			ActivityScoreAutoConfiguration.class, AopAutoConfiguration.class);

	private volatile Environment environment;

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(CONFIGURATIONS)
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + RedisTestServer.uniquePrefix("ledgerconf"),
				"activity-rank.rules.post.points=1")
		.withInitializer((context) -> this.environment = context.getEnvironment());

	@Test
	void isOffByDefaultEvenWithADataSource() {
		try (TestDatabase database = TestDatabases.h2()) {
			this.runner
				.withBean(DataSource.class, database::dataSource, (definition) -> definition.setDestroyMethodName(""))
				.run((context) -> {
					assertThat(context).hasNotFailed()
						.doesNotHaveBean(AwardLedger.class)
						.doesNotHaveBean(LedgerRelay.class);
					assertThat(context.getBean(ActivityDispatcher.class))
						.isNotInstanceOf(LedgerActivityDispatcher.class);
				});
		}
	}

	@Test
	void isOffByDefaultWithoutSpringJdbc() {
		this.runner.withClassLoader(new FilteredClassLoader(JdbcTemplate.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(AwardLedger.class));
	}

	@Test
	void routesAwardsAndDirectCallsThroughTheLedgerWhenEnabled() {
		try (TestDatabase database = TestDatabases.h2()) {
			this.runner
				.withBean(DataSource.class, database::dataSource, (definition) -> definition.setDestroyMethodName(""))
				.withPropertyValues("activity-rank.ledger.enabled=true")
				.run((context) -> {
					assertThat(context).hasNotFailed()
						.hasSingleBean(AwardLedger.class)
						.hasSingleBean(LedgerRelay.class);
					assertThat(context.getBean(ActivityDispatcher.class)).isInstanceOf(LedgerActivityDispatcher.class);
					assertThat(context.getBean(ActivityRankService.class)).isInstanceOfSatisfying(
							ComposedActivityRankService.class,
							(service) -> assertThat(service.writes()).isInstanceOf(LedgerActivityWrites.class));
					assertThat(context.getBean(PeriodBoards.class)).isInstanceOf(LedgerArchive.class);
					assertThat(context.getBean(LedgerRelay.class).isRunning()).isTrue();
					// embedded (the default) created the tables in H2
					assertThat(context.getBean(AwardLedger.class).pendingCount()).isZero();
				});
		}
	}

	@Test
	void enabledWithoutADataSourceStopsTheStartNamingTheFix() {
		this.runner.withPropertyValues("activity-rank.ledger.enabled=true").run((context) -> {
			FailureAnalysis analysis = failedOnEnabled(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains("activity-rank.ledger.enabled")
				.contains("the context has no DataSource")
				.contains("Set spring.datasource.url")
				.contains("or set activity-rank.ledger.enabled=false");
		});
	}

	@Test
	void enabledWithoutSpringJdbcStopsTheStartNamingTheFix() {
		this.runner.withClassLoader(new FilteredClassLoader(JdbcTemplate.class))
			.withPropertyValues("activity-rank.ledger.enabled=true")
			.run((context) -> {
				FailureAnalysis analysis = failedOnEnabled(context.getStartupFailure());
				assertThat(analysis.getDescription()).contains("activity-rank.ledger.enabled")
					.contains("spring-jdbc, which is not on the class path")
					.contains("Add spring-boot-starter-jdbc");
			});
	}

	private FailureAnalysis failedOnEnabled(Throwable failure) {
		assertThat(failure).isNotNull();
		assertThat(failure).rootCause()
			.isInstanceOf(InvalidConfigurationPropertyValueException.class)
			.extracting((cause) -> ((InvalidConfigurationPropertyValueException) cause).getName())
			.isEqualTo("activity-rank.ledger.enabled");
		FailureAnalysis analysis = RegisteredFailureAnalyzers.analyze(failure, this.environment);
		assertThat(analysis).isNotNull();
		return analysis;
	}

}
