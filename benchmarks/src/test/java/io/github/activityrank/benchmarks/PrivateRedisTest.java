package io.github.activityrank.benchmarks;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PrivateRedisTest {

	@Test
	void startsAServerOfItsOwnWhoseCommandStatsCountOnlyItsClientsAndStopsIt() {
		int port;
		try (PrivateRedis redis = PrivateRedis.start();
				BenchRedis bench = new BenchRedis("127.0.0.1", redis.port(), 9)) {
			port = redis.port();
			bench.sync().set("k", "v");

			assertThat(bench.commandStats("set")[0]).isEqualTo(1);
			assertThat(bench.commandUsec()).containsKey("set");
		}
		assertThatThrownBy(() -> new java.net.Socket("127.0.0.1", port).close())
			.isInstanceOf(java.io.IOException.class);
	}

}
