package io.github.activityrank.sample;

import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Points a test's application at the shared test Redis, under a key prefix of its own, and removes
 * that prefix's keys afterwards.
 */
final class RedisForTests {

	private RedisForTests() {
	}

	/**
	 * A key prefix no other test uses.
	 * @param name a readable part
	 * @return the prefix
	 */
	static String prefix(String name) {
		return RedisTestServer.uniquePrefix("sample_" + name);
	}

	static void register(DynamicPropertyRegistry registry, String prefix) {
		register(registry, prefix, 0);
	}

	/**
	 * Point the application at one logical database of the test Redis, under a prefix.
	 * @param registry the test's properties
	 * @param prefix the key prefix
	 * @param database the database index
	 */
	static void register(DynamicPropertyRegistry registry, String prefix, int database) {
		RedisTestServer redis = RedisTestServer.shared();
		registry.add("spring.data.redis.host", redis::host);
		registry.add("spring.data.redis.port", redis::port);
		registry.add("spring.data.redis.database", () -> database);
		registry.add("activity-rank.key-prefix", () -> prefix);
	}

	static void deleteKeys(String prefix) {
		deleteKeys(prefix, 0);
	}

	static void deleteKeys(String prefix, int database) {
		LettuceConnectionFactory factory = RedisTestServer.shared().newConnectionFactory(database);
		try {
			RedisKeysCleaner.delete(factory, "*" + prefix + "*");
		}
		finally {
			factory.destroy();
		}
	}

}
