package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.mock.env.MockEnvironment;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A command to a Redis that stopped answering must fail well inside an ingestion lease,
 * so on a single server or behind Sentinel, as on a cluster, the client gets a bounded
 * command timeout unless the application chose one, and a timeout too close to
 * {@code activity-rank.ingest.claim-idle} stops the start.
 */
class CommandTimeoutAutoConfigurationTests {

	private final String prefix = RedisTestServer.uniquePrefix("timeouts");

	private volatile Environment environment;

	/**
	 * Spring Boot's Redis client and every auto-configuration the starter registers.
	 */
	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(registered()))
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.periods=day,total",
				"activity-rank.rules.checkin.points=2", "activity-rank.events.enabled=false")
		.withInitializer((context) -> this.environment = context.getEnvironment());

	@AfterEach
	void deleteTheKeysOfThisTest() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

	private static Class<?>[] registered() {
		List<Class<?>> classes = new ArrayList<>(List.of(DataRedisAutoConfiguration.class));
		ImportCandidates.load(AutoConfiguration.class, CommandTimeoutAutoConfigurationTests.class.getClassLoader())
			.forEach((name) -> {
				if (name.startsWith("io.github.activityrank.")) {
					classes.add(ClassUtils.resolveClassName(name, null));
				}
			});
		return classes.toArray(Class<?>[]::new);
	}

	private static Duration commandTimeout(AssertableApplicationContext context) {
		return context.getBean(LettuceConnectionFactory.class).getClientConfiguration().getCommandTimeout();
	}

	@Test
	void aSingleServerGetsAFiveSecondCommandTimeoutByDefault() {
		this.runner.run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(commandTimeout(context)).isEqualTo(Duration.ofSeconds(5));
		});
	}

	@Test
	void aSentinelDeploymentGetsTheSameBound() {
		this.runner
			.withPropertyValues("spring.data.redis.sentinel.master=mymaster",
					"spring.data.redis.sentinel.nodes=127.0.0.1:26399")
			.run((context) -> assertThat(commandTimeout(context)).isEqualTo(Duration.ofSeconds(5)));
	}

	@Test
	void theBoundIsAProperty() {
		this.runner.withPropertyValues("activity-rank.redis.command-timeout=2s")
			.run((context) -> assertThat(commandTimeout(context)).isEqualTo(Duration.ofSeconds(2)));
	}

	@Test
	void theApplicationsOwnTimeoutIsKept() {
		this.runner.withPropertyValues("spring.data.redis.timeout=20s")
			.run((context) -> assertThat(commandTimeout(context)).isEqualTo(Duration.ofSeconds(20)));
	}

	@Test
	void aTimeoutOverHalfTheClaimIdleStopsTheStartWhenIngesting() {
		this.runner
			.withPropertyValues("spring.data.redis.timeout=45s", "activity-rank.ingest.enabled=true",
					"activity-rank.ingest.claim-idle=1m")
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = RegisteredFailureAnalyzers.analyze(context.getStartupFailure(),
						this.environment);
				assertThat(analysis.getDescription()).contains("'spring.data.redis.timeout'")
					.contains("activity-rank.ingest.claim-idle (1m)")
					.contains("Set spring.data.redis.timeout to 30s or less");
			});
	}

	@Test
	void leftUnsetTheStartersBoundIsHalfAShortClaimIdle() {
		this.runner.withPropertyValues("activity-rank.ingest.enabled=true", "activity-rank.ingest.claim-idle=8s")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(commandTimeout(context)).isEqualTo(Duration.ofSeconds(4));
			});
	}

	@Test
	void theStartersBoundIsCheckedAgainstTheClaimIdleToo() {
		this.runner
			.withPropertyValues("activity-rank.redis.command-timeout=5s", "activity-rank.ingest.enabled=true",
					"activity-rank.ingest.claim-idle=8s")
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = RegisteredFailureAnalyzers.analyze(context.getStartupFailure(),
						this.environment);
				assertThat(analysis.getDescription()).contains("'activity-rank.redis.command-timeout'")
					.contains("activity-rank.ingest.claim-idle (8s)")
					.contains("Set activity-rank.redis.command-timeout to 4s or less");
			});
	}

	@Test
	void aClientTheApplicationConfiguresItselfIsCheckedAgainstTheClaimIdleToo() {
		// neither spring.data.redis.timeout nor the starter's bound made the client's 60s
		assertThatExceptionOfType(InvalidConfigurationPropertyValueException.class)
			.isThrownBy(() -> ActivityRankPropertyChecks.checkCommandTimeout(Duration.ofSeconds(60),
					Duration.ofMinutes(1), Duration.ofSeconds(5), new MockEnvironment()))
			.satisfies((ex) -> assertThat(ex.getName()).isEqualTo("activity-rank.ingest.claim-idle"))
			.withMessageContaining("from the application's own client configuration")
			.withMessageContaining("Give the client a command timeout of 30s or less");
	}

	@Test
	void withoutIngestionAnyTimeoutStarts() {
		this.runner.withPropertyValues("spring.data.redis.timeout=2m")
			.run((context) -> assertThat(context).hasNotFailed());
	}

}
