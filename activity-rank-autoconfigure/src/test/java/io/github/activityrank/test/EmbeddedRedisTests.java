package io.github.activityrank.test;

import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The private redis-server of the fault tests: empty after a restart by default, or with
 * its data when started to keep it.
 */
class EmbeddedRedisTests {

	@Test
	void aRestartedServerComesBackEmpty() {
		try (EmbeddedRedis redis = EmbeddedRedis.start()) {
			assertThat(writeStopStartAndRead(redis)).isNull();
		}
	}

	@Test
	void aServerThatKeepsItsDataComesBackWithEverythingWrittenBeforeTheStop() {
		try (EmbeddedRedis redis = EmbeddedRedis.startKeepingData()) {
			assertThat(writeStopStartAndRead(redis)).isEqualTo("v");
		}
	}

	private static String writeStopStartAndRead(EmbeddedRedis redis) {
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration("127.0.0.1", redis.port()));
		factory.afterPropertiesSet();
		factory.start();
		try {
			StringRedisTemplate template = new StringRedisTemplate(factory);
			template.opsForValue().set("k", "v");
			redis.stop();
			redis.startServer();
			return template.opsForValue().get("k");
		}
		finally {
			factory.destroy();
		}
	}

}
