package io.github.activityrank.test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Where the cluster tests get their cluster, and how they fail when they get none.
 */
class RedisClusterSearchTests {

	@Test
	void withNoClusterAndNoBinaryTheFailureListsEveryPlaceTried() {
		Path missing = Path.of("/nonexistent/redis-server");
		assertThatIllegalStateException()
			.isThrownBy(() -> RedisClusterTestServer.locate(Map.of(), List.of(missing), false, false))
			.withMessageContaining("No Redis Cluster for the tests")
			.withMessageContaining("1. environment variable REDIS_CLUSTER_NODES: not set")
			.withMessageContaining("2. cluster started from /nonexistent/redis-server: no such file")
			.withMessageContaining("Fix: set REDIS_CLUSTER_NODES");
	}

	@Test
	void aGivenClusterThatDoesNotAnswerIsAnErrorNotAReasonToStartAnother() {
		String nowhere = "127.0.0.1:" + RedisTestServer.freePort();
		assertThatIllegalStateException()
			.isThrownBy(() -> RedisClusterTestServer.locate(Map.of("REDIS_CLUSTER_NODES", nowhere),
					RedisServerBinary.installedCandidates(System.getenv("PATH")), true, false))
			.withMessageContaining("REDIS_CLUSTER_NODES=" + nowhere + " is not usable");
	}

	@Test
	void aGivenClusterIsUsedAsItIsAndNeverKilled() {
		RedisClusterTestServer running = RedisClusterTestServer.shared();
		String seeds = String.join(",", running.seedNodes().stream().map((node) -> node.asString()).toList());
		try (RedisClusterTestServer given = RedisClusterTestServer.locate(Map.of("REDIS_CLUSTER_NODES", seeds),
				List.of(), false, false)) {
			assertThat(given.seedNodes()).isEqualTo(running.seedNodes());
			assertThat(given.masters()).isEqualTo(running.masters());
			assertThatThrownBy(() -> given.kill(given.masters().get(0)))
				.isInstanceOf(UnsupportedOperationException.class);
		}
		assertThat(running.masters()).hasSize(3);
	}

	@Test
	void theMachinesRedisServerIsLookedForOnThePathFirst() {
		assertThat(RedisServerBinary.installedCandidates("/opt/redis/bin:/usr/bin")).containsExactly(
				Path.of("/opt/redis/bin/redis-server"), Path.of("/usr/bin/redis-server"),
				Path.of("/usr/local/bin/redis-server"));
	}

}
