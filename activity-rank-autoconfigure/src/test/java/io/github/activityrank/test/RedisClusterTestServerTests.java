package io.github.activityrank.test;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The shared Redis Cluster: three masters serving every slot, reached through a cluster
 * connection factory.
 */
class RedisClusterTestServerTests {

	private static final RedisClusterTestServer cluster = RedisClusterTestServer.shared();

	private static LettuceConnectionFactory factory;

	private static StringRedisTemplate redis;

	private final String prefix = RedisTestServer.uniquePrefix("cluster");

	@BeforeAll
	static void connect() {
		factory = cluster.newConnectionFactory();
		redis = new StringRedisTemplate(factory);
	}

	@AfterAll
	static void disconnect() {
		factory.destroy();
	}

	@Test
	void threeMastersServeEverySlot() {
		List<RedisNode> masters = cluster.masters();
		assertThat(masters).hasSize(3).doesNotHaveDuplicates();
		assertThat(RedisNodeAdmin.view(masters.get(0).asString()).coveredSlots()).isEqualTo(ClusterView.SLOTS);
		assertThat(cluster.masterForSlot(0)).isEqualTo(masters.get(0));
		assertThat(cluster.masterForSlot(ClusterView.SLOTS - 1)).isEqualTo(masters.get(2));
		for (RedisNode master : masters) {
			assertThat(RedisNodeAdmin.clusterInfo(master.asString(), "cluster_state")).isEqualTo("ok");
		}
	}

	@Test
	void keysWrittenThroughTheFactoryAreReadBackFromEveryMaster() {
		List<String> keys = IntStream.range(0, 30).mapToObj((i) -> this.prefix + ":" + i).toList();
		try {
			keys.forEach((key) -> redis.opsForValue().set(key, "v-" + key));
			assertThat(keys).allSatisfy((key) -> assertThat(redis.opsForValue().get(key)).isEqualTo("v-" + key));
			assertThat(keys.stream().map(cluster::masterForKey).distinct()).hasSize(3);
		}
		finally {
			redis.delete(keys);
		}
	}

	@Test
	void keysWithOneHashTagLandOnTheMasterServingTheTag() {
		String tag = "{" + this.prefix + "}";
		List<String> keys = List.of(tag + ":a", tag + ":b", tag + ":c");
		RedisNode expected = cluster.masterForKey(tag);
		try {
			keys.forEach((key) -> redis.opsForValue().set(key, "v"));
			assertThat(cluster.countKeysInSlot(RedisClusterTestServer.slotOf(tag))).isEqualTo(3);
			assertThat(keys).allSatisfy((key) -> assertThat(cluster.masterForKey(key)).isEqualTo(expected));
			Long onExpected = RedisNodeAdmin.on(expected.asString(),
					(commands) -> commands.exists(keys.toArray(String[]::new)));
			assertThat(onExpected).isEqualTo(3);
			Map<RedisNode, Long> perMaster = cluster.keysPerMaster();
			assertThat(perMaster).containsOnlyKeys(cluster.masters());
			assertThat(perMaster.get(expected)).isGreaterThanOrEqualTo(3);
		}
		finally {
			redis.delete(keys);
		}
	}

	@Test
	void aMasterWithoutAReplicaIsNotKilled() {
		RedisNode master = cluster.masters().get(0);
		assertThatIllegalStateException().isThrownBy(() -> cluster.kill(master))
			.withMessageContaining("has no replica to take over");
		assertThat(cluster.masters()).hasSize(3).contains(master);
	}

	@Test
	void springPropertiesNameEverySeedNodeAndTheTopologyRefresh() {
		String nodes = String.join(",", cluster.seedNodes().stream().map(RedisNode::asString).toList());
		assertThat(cluster.springProperties()).contains("spring.data.redis.cluster.nodes=" + nodes,
				"spring.data.redis.lettuce.cluster.refresh.adaptive=true");
	}

	@Test
	void aClusterFormsFromTheRedis62OfTheEmbeddedRedisArtifactToo() {
		try (RedisClusterTestServer old = RedisClusterTestServer.locate(Map.of(), List.of(), true, false)) {
			assertThat(old.source()).contains("redis-server 6.2");
			assertThat(old.masters()).hasSize(3);
			LettuceConnectionFactory oldFactory = old.newConnectionFactory();
			try {
				StringRedisTemplate template = new StringRedisTemplate(oldFactory);
				template.opsForValue().set(this.prefix, "v");
				assertThat(template.opsForValue().get(this.prefix)).isEqualTo("v");
			}
			finally {
				oldFactory.destroy();
			}
		}
	}

}
