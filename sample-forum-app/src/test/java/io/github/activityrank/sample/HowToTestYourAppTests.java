package io.github.activityrank.sample;

import java.time.Duration;
import java.util.UUID;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.sample.forum.ForumService;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Import;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How to test an application that uses the starter (docs/testing.md), shown on the
 * sample: Redis from a Testcontainers container through {@code @ServiceConnection}, a key
 * prefix of this test's own, {@link ActivityRankAdmin#awaitApplied} before reading a
 * board, and the prefix's keys deleted after each test. Where no Docker engine answers
 * (some of this project's build machines), the same test runs against the Redis the
 * sample's other tests use. Stream ingestion, on in the sample, is off here: its
 * consumers would write keys of the prefix again after each test's cleanup, while the
 * context runs.
 */
@SpringBootTest(properties = { "activity-rank.ingest.enabled=false", "sample.embedded-redis.enabled=false" })
@Import(HowToTestYourAppTests.TestRedis.class)
class HowToTestYourAppTests {

	@Autowired
	private ForumService forum;

	@Autowired
	private ActivityRankService ranks;

	@Autowired
	private ActivityRankAdmin admin;

	@Autowired
	private StringRedisTemplate redis;

	/** Boards of this class's own: no other test on the same Redis sees its points. */
	private static final String PREFIX = "test-" + UUID.randomUUID();

	@DynamicPropertySource
	static void keyPrefix(DynamicPropertyRegistry registry) {
		registry.add("activity-rank.key-prefix", () -> PREFIX);
	}

	@Test
	void praisingAnArticleEarnsThePraiserTwoPoints() {
		this.forum.setPraise(2, 1, true);
		// awards run on background threads: wait for them before reading a board
		assertThat(this.admin.awaitApplied(Duration.ofSeconds(10))).isTrue();
		assertThat(this.ranks.board(Period.DAY).rankOf("2")).map(RankEntry::score).contains(2L);
	}

	@Test
	void eachTestStartsFromEmptyBoards() {
		assertThat(this.ranks.board(Period.DAY).size()).isZero();
	}

	@AfterEach
	void deleteTheBoards() {
		// the starter's keys are {prefix}:... (and {prefix:N}:... when sharded)
		try (Cursor<String> keys = this.redis.scan(ScanOptions.scanOptions().match("{" + PREFIX + "*").build())) {
			keys.forEachRemaining(this.redis::delete);
		}
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class TestRedis {

		/** What an application's test declares: Boot starts it and connects to it. */
		@Bean
		@ServiceConnection(name = "redis")
		@Conditional(DockerAnswers.class)
		GenericContainer<?> redisContainer() {
			return new GenericContainer<>(DockerImageName.parse("redis:7-alpine")).withExposedPorts(6379);
		}

		/** This project's build machines without Docker: the sample tests' Redis. */
		@Bean
		@Conditional(NoDocker.class)
		DataRedisConnectionDetails machineRedis() {
			RedisTestServer server = RedisTestServer.shared();
			return new DataRedisConnectionDetails() {
				@Override
				public Standalone getStandalone() {
					return Standalone.of(server.host(), server.port());
				}
			};
		}

	}

	static class DockerAnswers implements Condition {

		@Override
		public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
			return DockerClientFactory.instance().isDockerAvailable();
		}

	}

	static class NoDocker extends DockerAnswers {

		@Override
		public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
			return !super.matches(context, metadata);
		}

	}

}
