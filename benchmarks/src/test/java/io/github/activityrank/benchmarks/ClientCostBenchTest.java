package io.github.activityrank.benchmarks;

import java.util.List;

import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the client-cost harness at a tiny size against the test Redis, so that it keeps
 * working; the figures mean nothing at this size.
 */
class ClientCostBenchTest {

	@Test
	void printsOneLineOfFiguresPerRound() throws Exception {
		RedisTestServer redis = RedisTestServer.shared();
		BenchOptions options = BenchOptions.parse("--redis", "redis://" + redis.host() + ":" + redis.port(), "--db",
				"9");
		List<String> lines = ClientCostBench.run(options, 4, 200, 2);
		assertThat(lines).hasSize(2)
			.allSatisfy((line) -> assertThat(line)
				.contains("threads=4 awards=200", "client bytes/award=", "redis us/award=", "awards/s=")
				.doesNotContain("NaN"));
	}

}
