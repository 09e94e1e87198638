package io.github.activityrank.test;

import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A private cluster with a replica for each master, whose masters a test may kill.
 */
class RedisClusterFailoverTests {

	private RedisClusterTestServer cluster;

	private LettuceConnectionFactory factory;

	private final String prefix = RedisTestServer.uniquePrefix("failover");

	@BeforeEach
	void start() {
		this.cluster = RedisClusterTestServer.startWithReplicas();
		this.factory = this.cluster.newConnectionFactory();
	}

	@AfterEach
	void stop() {
		this.factory.destroy();
		this.cluster.close();
	}

	@Test
	void eachOfTheThreeMastersHasItsOwnReplica() {
		assertThat(this.cluster.masters()).hasSize(3);
		assertThat(this.cluster.masters()).allSatisfy((master) -> assertThat(this.cluster.replicasOf(master)).hasSize(1)
			.doesNotContainAnyElementsOf(this.cluster.masters()));
		assertThat(this.cluster.seedNodes()).hasSize(6);
	}

	@Test
	void whenAMasterIsKilledItsReplicaTakesOverAndWritesGoOn() {
		StringRedisTemplate redis = new StringRedisTemplate(this.factory);
		String key = "{" + this.prefix + "}:before";
		redis.opsForValue().set(key, "v");
		RedisNode victim = this.cluster.masterForKey(key);
		RedisNode replica = this.cluster.replicasOf(victim).get(0);

		this.cluster.kill(victim);
		RedisNode promoted = this.cluster.awaitFailover();

		assertThat(promoted).isEqualTo(replica);
		assertThat(this.cluster.masters()).hasSize(3).contains(promoted).doesNotContain(victim);
		String after = "{" + this.prefix + "}:after";
		await("a write to the failed-over slot").atMost(Duration.ofSeconds(10)).ignoreExceptions().untilAsserted(() -> {
			redis.opsForValue().set(after, "w");
			assertThat(redis.opsForValue().get(after)).isEqualTo("w");
		});
		assertThat(this.cluster.countKeysInSlot(RedisClusterTestServer.slotOf(after))).isGreaterThanOrEqualTo(1);
	}

}
