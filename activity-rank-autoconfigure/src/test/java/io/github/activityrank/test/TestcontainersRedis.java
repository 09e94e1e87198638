package io.github.activityrank.test;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * Starts Redis in a container when a Docker engine answers. Kept apart so that a missing
 * Testcontainers jar only disables this option.
 */
final class TestcontainersRedis {

	private TestcontainersRedis() {
	}

	@SuppressWarnings("resource") // stopped by Testcontainers' reaper when the JVM ends
	static RedisTestServer startIfDockerAvailable() {
		if (!DockerClientFactory.instance().isDockerAvailable()) {
			return null;
		}
		GenericContainer<?> redis = new GenericContainer<>(DockerImageName.parse("redis:7-alpine"))
			.withExposedPorts(6379);
		redis.start();
		return RedisTestServer.container(redis.getHost(), redis.getMappedPort(6379));
	}

}
