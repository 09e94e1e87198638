package io.github.activityrank.ingest;

import java.time.Duration;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankClusterAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankIngestAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankRedisClientAutoConfiguration;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Test;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Messages naming a scope ({@code scope-type}, {@code scope}) score the scope's boards in
 * the award's own script call; a kind that is not configured is dead-lettered. Redis
 * database 3.
 */
class IngestScopesTests {

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ DataRedisAutoConfiguration.class, ActivityRankClusterAutoConfiguration.class,
			ActivityRankRedisClientAutoConfiguration.class, ActivityRankAutoConfiguration.class,
			ActivityRankIngestAutoConfiguration.class })
	static class App {

	}

	@Test
	void aMessageWithAScopeScoresTheScopeAndAnUnknownKindIsDeadLettered() {
		RedisTestServer redis = RedisTestServer.shared();
		String prefix = RedisTestServer.uniquePrefix("ingestscope");
		LettuceConnectionFactory factory = redis.newConnectionFactory(3);
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(App.class)
			.web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.properties(redis.springProperties(3))
			.properties("activity-rank.key-prefix=" + prefix, "activity-rank.periods=day,total",
					"activity-rank.rules.praise.points=2", "activity-rank.scopes.category.periods=total",
					"activity-rank.events.enabled=false", "activity-rank.ingest.enabled=true",
					"activity-rank.ingest.partitions=2", "activity-rank.ingest.claim-idle=2s",
					"activity-rank.redis.command-timeout=1s")
			.run()) {
			StreamIngester ingester = context.getBean(StreamIngester.class);
			IngestItemsTests.praise(factory, ingester, "scope-type", "scope", new String[][] {
					{ "u1", "category", "java" }, { "u2", "category", "java" }, { "u3", "tenant", "acme" } });
			ActivityRankService service = context.getBean(ActivityRankService.class);
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(
						() -> assertThat(service.scopes("category", Period.TOTAL).rankOf("java").map(RankEntry::score))
							.contains(4L));
			assertThat(service.board("category", "java", Period.TOTAL).size()).isEqualTo(2);
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(ingester.counters().get(IngestCounter.DEAD_LETTERED)).isEqualTo(1));
			assertThat(ingester.counters().get(IngestCounter.APPLIED)).isEqualTo(2);
		}
		finally {
			RedisKeysCleaner.delete(factory, RedisKeysCleaner.prefixPattern(prefix));
			factory.destroy();
		}
	}

}
