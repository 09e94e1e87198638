package io.github.activityrank.autoconfigure;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.ShardMap;
import io.github.activityrank.test.RedisClusterTestServer;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import io.lettuce.core.cluster.ClusterClientOptions;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code activity-rank.shards} through the auto-configuration: on the local cluster the
 * users spread over the three masters, Lettuce follows the topology, and on keys written
 * with another shard count the application refuses to start and says what to do.
 */
class ShardedAutoConfigurationTests {

	private volatile Environment environment;

	private static final AutoConfigurations CONFIGURATIONS = AutoConfigurations.of(DataRedisAutoConfiguration.class,
			ActivityRankClusterAutoConfiguration.class, ActivityRankAutoConfiguration.class);

	@Test
	void threeShardsSpreadTheUsersOverTheThreeMasters() {
		RedisClusterTestServer cluster = RedisClusterTestServer.shared();
		String prefix = RedisTestServer.uniquePrefix("spread");
		new ApplicationContextRunner().withConfiguration(CONFIGURATIONS)
			.withPropertyValues("spring.data.redis.cluster.nodes="
					+ String.join(",", cluster.seedNodes().stream().map(RedisNode::asString).toList()))
			.withPropertyValues("activity-rank.key-prefix=" + prefix, "activity-rank.shards=3",
					"activity-rank.periods=day,total", "activity-rank.rules.comment.points=3",
					"activity-rank.events.enabled=false")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				LettuceConnectionFactory factory = context.getBean(LettuceConnectionFactory.class);
				ClusterClientOptions options = (ClusterClientOptions) factory.getClientConfiguration()
					.getClientOptions()
					.orElseThrow();
				assertThat(options.getTopologyRefreshOptions().isPeriodicRefreshEnabled()).isTrue();
				assertThat(options.getTopologyRefreshOptions().getAdaptiveRefreshTriggers()).isNotEmpty();
				ActivityRankService service = context.getBean(ActivityRankService.class);
				ShardMap shards = context.getBean(ShardMap.class);
				int users = 900;
				try {
					for (int u = 0; u < users; u++) {
						assertThat(service.award("user-" + u, "c1", "comment").outcome())
							.isEqualTo(AwardResult.Outcome.AWARDED);
					}
					assertThat(service.board(Period.TOTAL).size()).isEqualTo(users);
					assertThat(service.board(Period.TOTAL).top(3)).extracting(RankEntry::score).containsOnly(3L);
					// users per master: each shard's members of the total board, by the
					// master serving the shard's slot; and keys per master, each shard's
					// slot
					Map<RedisNode, Long> usersPerMaster = new LinkedHashMap<>();
					Map<RedisNode, Long> keysPerMaster = new LinkedHashMap<>();
					try (RedisConnection connection = factory.getConnection()) {
						for (RankKeys keys : shards.allKeys()) {
							int slot = RedisClusterTestServer.slotOf(keys.tag());
							RedisNode master = cluster.masterForSlot(slot);
							usersPerMaster.merge(master,
									connection.zSetCommands()
										.zCard(keys.board(Period.TOTAL, null).getBytes(StandardCharsets.UTF_8)),
									Long::sum);
							keysPerMaster.merge(master, cluster.countKeysInSlot(slot), Long::sum);
						}
					}
					assertThat(usersPerMaster).hasSize(3);
					usersPerMaster.values()
						.forEach((count) -> assertThat(count).isBetween((long) (users * 0.25), (long) (users * 0.42)));
					long keys = keysPerMaster.values().stream().mapToLong(Long::longValue).sum();
					keysPerMaster.values()
						.forEach((count) -> assertThat(count).isBetween((long) (keys * 0.25), (long) (keys * 0.42)));
				}
				finally {
					deleteShardKeys(factory, shards, prefix);
				}
			});
	}

	@Test
	void refusesToStartOnKeysWrittenWithAnotherShardCount() {
		String prefix = RedisTestServer.uniquePrefix("reshard");
		ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(CONFIGURATIONS)
			.withPropertyValues(RedisTestServer.shared().springProperties())
			.withPropertyValues("activity-rank.key-prefix=" + prefix, "activity-rank.events.enabled=false")
			.withInitializer((context) -> this.environment = context.getEnvironment());
		try {
			runner.withPropertyValues("activity-rank.shards=3").run((context) -> assertThat(context).hasNotFailed());
			for (String other : List.of("1", "2")) {
				runner.withPropertyValues("activity-rank.shards=" + other).run((context) -> {
					assertThat(context).hasFailed();
					FailureAnalysis analysis = RegisteredFailureAnalyzers.analyze(context.getStartupFailure(),
							this.environment);
					assertThat(analysis.getDescription())
						.contains("Invalid value '" + other + "' for configuration property 'activity-rank.shards'")
						.contains("written with activity-rank.shards=3")
						.contains("ActivityRankAdmin.rebuild()");
					assertThat(context.getStartupFailure())
						.hasRootCauseInstanceOf(InvalidConfigurationPropertyValueException.class);
				});
			}
			// the same count starts again
			runner.withPropertyValues("activity-rank.shards=3").run((context) -> assertThat(context).hasNotFailed());
		}
		finally {
			RedisKeysCleaner.deletePrefix(prefix);
		}
	}

	@Test
	void refusesShardsOverKeysFromBeforeTheShardCountWasRecorded() {
		String prefix = RedisTestServer.uniquePrefix("unsharded");
		LettuceConnectionFactory factory = RedisTestServer.shared().newConnectionFactory();
		try (RedisConnection connection = factory.getConnection()) {
			connection.zSetCommands()
				.zAdd(("{" + prefix + "}:total").getBytes(StandardCharsets.UTF_8), 3,
						"a".getBytes(StandardCharsets.UTF_8));
		}
		try {
			new ApplicationContextRunner().withConfiguration(CONFIGURATIONS)
				.withPropertyValues(RedisTestServer.shared().springProperties())
				.withPropertyValues("activity-rank.key-prefix=" + prefix, "activity-rank.shards=2",
						"activity-rank.events.enabled=false")
				.withInitializer((context) -> this.environment = context.getEnvironment())
				.run((context) -> {
					assertThat(context).hasFailed();
					assertThat(RegisteredFailureAnalyzers.analyze(context.getStartupFailure(), this.environment)
						.getDescription()).contains("written with activity-rank.shards=1");
				});
		}
		finally {
			RedisKeysCleaner.deletePrefix(prefix);
			factory.destroy();
		}
	}

	private static void deleteShardKeys(LettuceConnectionFactory factory, ShardMap shards, String prefix) {
		try (RedisClusterConnection connection = factory.getClusterConnection()) {
			List<String> tags = new ArrayList<>();
			shards.allKeys().forEach((keys) -> tags.add(keys.tag()));
			tags.add("{" + prefix + "}");
			for (String tag : tags) {
				List<byte[]> keys = connection.clusterGetKeysInSlot(RedisClusterTestServer.slotOf(tag), 100_000);
				for (byte[] key : (keys != null) ? keys : List.<byte[]>of()) {
					if (new String(key, StandardCharsets.UTF_8).startsWith(tag)) {
						connection.keyCommands().del(key);
					}
				}
			}
		}
	}

}
