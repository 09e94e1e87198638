package io.github.activityrank.sample;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.MergedContextConfiguration;
import org.springframework.test.context.TestContextAnnotationUtils;

/**
 * Points a test's application at the shared test Redis, under a key prefix of its own,
 * and removes that prefix's keys afterwards.
 */
final class RedisForTests {

	private static final Map<Class<?>, String> PREFIXES = new ConcurrentHashMap<>();

	private RedisForTests() {
	}

	/**
	 * The key prefix of a {@link SampleAppTest} class, the same for all its tests.
	 * @param testClass the test class
	 * @return the prefix
	 */
	static String prefix(Class<?> testClass) {
		return PREFIXES.computeIfAbsent(testClass, (type) -> prefix(type.getSimpleName()));
	}

	/**
	 * A key prefix no other test uses.
	 * @param name a readable part
	 * @return the prefix
	 */
	static String prefix(String name) {
		return RedisTestServer.uniquePrefix("sample_" + name);
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

	/**
	 * Gives each {@link SampleAppTest} class's app the test Redis and the class's own
	 * prefix. The customizer is per class, so no two classes share an app, nor their
	 * boards.
	 */
	static final class ContextCustomizers implements ContextCustomizerFactory {

		@Override
		public ContextCustomizer createContextCustomizer(Class<?> testClass,
				List<ContextConfigurationAttributes> configAttributes) {
			if (!TestContextAnnotationUtils.hasAnnotation(testClass, SampleAppTest.class)) {
				return null;
			}
			return new RedisProperties(testClass);
		}

	}

	private record RedisProperties(Class<?> testClass) implements ContextCustomizer {

		@Override
		public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration config) {
			RedisTestServer redis = RedisTestServer.shared();
			context.getEnvironment()
				.getPropertySources()
				.addFirst(new MapPropertySource("sampleAppTestRedis",
						Map.of("spring.data.redis.host", redis.host(), "spring.data.redis.port", redis.port(),
								"spring.data.redis.database", 0, "activity-rank.key-prefix", prefix(this.testClass),
								"sample.embedded-redis.enabled", false)));
		}

	}

	/** Deletes a {@link SampleAppTest} class's keys after its last test. */
	static final class DeleteKeysAfterAll implements AfterAllCallback {

		@Override
		public void afterAll(ExtensionContext context) {
			deleteKeys(prefix(context.getRequiredTestClass()));
		}

	}

}
