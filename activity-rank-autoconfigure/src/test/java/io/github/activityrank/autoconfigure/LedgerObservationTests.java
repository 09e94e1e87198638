package io.github.activityrank.autoconfigure;

import java.time.Duration;

import javax.sql.DataSource;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ledger.LedgerRelay;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import io.github.activityrank.test.TestDatabase;
import io.github.activityrank.test.TestDatabases;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * With the ledger on, a direct call is observed once, in its caller's trace, and an award
 * the relay applies is observed on the relay's thread.
 */
class LedgerObservationTests {

	private static final String AWARD = "activity.rank.award";

	private final String prefix = RedisTestServer.uniquePrefix("ledgerobs");

	private final TestObservationRegistry registry = TestObservationRegistry.create();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityRankLedgerAutoConfiguration.class, ActivityScoreAutoConfiguration.class,
				AopAutoConfiguration.class, ActivityRankObservationAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.rules.post.points=1",
				"activity-rank.ledger.enabled=true")
		.withBean(ObservationRegistry.class, () -> this.registry);

	@AfterEach
	void deleteKeys() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

	@Test
	void aDirectCallIsObservedOnceAsDirect() {
		try (TestDatabase database = TestDatabases.h2()) {
			this.runner
				.withBean(DataSource.class, database::dataSource, (definition) -> definition.setDestroyMethodName(""))
				.run((context) -> {
					Observation request = Observation.start("request", this.registry);
					try (Observation.Scope scope = request.openScope()) {
						context.getBean(ActivityRankService.class).award("u1", "f", "post");
					}
					request.stop();

					TestObservationRegistryAssert.assertThat(this.registry)
						.hasNumberOfObservationsWithNameEqualTo(AWARD, 1)
						.hasObservationWithNameEqualTo(AWARD)
						.that()
						.hasLowCardinalityKeyValue("path", "direct")
						.hasLowCardinalityKeyValue("outcome", "awarded")
						.hasParentObservationContextMatching((parent) -> "request".equals(parent.getName()));
				});
		}
	}

	@Test
	void anAwardTheRelayAppliesIsObservedAsRelay() {
		try (TestDatabase database = TestDatabases.h2()) {
			this.runner
				.withBean(DataSource.class, database::dataSource, (definition) -> definition.setDestroyMethodName(""))
				.run((context) -> {
					context.publishEvent(ActivityEvent.award("u2", "f", "post"));
					assertThat(context.getBean(LedgerRelay.class).awaitIdle(Duration.ofSeconds(10))).isTrue();

					// the relay ends the observation just after its commit
					await().atMost(Duration.ofSeconds(10))
						.untilAsserted(() -> TestObservationRegistryAssert.assertThat(this.registry)
							.hasObservationWithNameEqualTo(AWARD)
							.that()
							.hasLowCardinalityKeyValue("path", "relay")
							.hasLowCardinalityKeyValue("rule", "post")
							.hasLowCardinalityKeyValue("outcome", "awarded"));
				});
		}
	}

}
