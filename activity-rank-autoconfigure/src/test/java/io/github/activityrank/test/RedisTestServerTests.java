package io.github.activityrank.test;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the tests recognise a Redis server that already runs on the machine.
 */
class RedisTestServerTests {

	@Test
	void aRunningServerAnswersThePing() {
		try (EmbeddedRedis redis = EmbeddedRedis.start()) {
			assertThat(RedisTestServer.answersPing("127.0.0.1", redis.port())).isTrue();
		}
	}

	@Test
	void aPortWithNothingBehindItIsNoServer() {
		assertThat(RedisTestServer.answersPing("127.0.0.1", RedisTestServer.freePort())).isFalse();
	}

}
