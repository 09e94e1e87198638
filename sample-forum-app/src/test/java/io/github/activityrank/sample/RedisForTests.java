package io.github.activityrank.sample;

import io.github.activityrank.test.RedisTestServer;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Points a test's application at the shared test Redis, under a key prefix of its own.
 */
final class RedisForTests {

	private RedisForTests() {
	}

	static void register(DynamicPropertyRegistry registry, String name) {
		RedisTestServer redis = RedisTestServer.shared();
		String prefix = RedisTestServer.uniquePrefix(name);
		registry.add("spring.data.redis.host", redis::host);
		registry.add("spring.data.redis.port", redis::port);
		registry.add("activity-rank.key-prefix", () -> prefix);
	}

}
