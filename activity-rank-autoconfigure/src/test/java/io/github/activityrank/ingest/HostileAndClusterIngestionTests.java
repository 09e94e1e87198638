package io.github.activityrank.ingest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.actuator.ActivityRankEndpoint;
import io.github.activityrank.actuator.IngestMeterBinder;
import io.github.activityrank.test.RedisClusterTestServer;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Hostile messages are dead-lettered and store nothing; on a 3-master Redis Cluster with
 * sharded boards, ingestion ends as a direct applyAll.
 */
class HostileAndClusterIngestionTests {

	@Test
	void aThousandHostileMessagesAreAllDeadLetteredAndNoneStored() {
		RedisTestServer redis = RedisTestServer.shared();
		String prefix = RedisTestServer.uniquePrefix("hostile");
		LettuceConnectionFactory factory = redis.newConnectionFactory();
		try (ConfigurableApplicationContext context = IngestTestSupport.start(redis.springProperties()[0],
				redis.springProperties()[1], "activity-rank.key-prefix=" + prefix, "activity-rank.periods=day,total",
				"activity-rank.rules.checkin.points=2", "activity-rank.events.enabled=false",
				"activity-rank.ingest.enabled=true", "activity-rank.ingest.partitions=1",
				"activity-rank.ingest.claim-idle=2s")) {
			StreamIngester ingester = context.getBean(StreamIngester.class);
			List<Map<String, String>> hostile = hostile();
			try (RedisConnection connection = factory.getConnection()) {
				for (Map<String, String> fields : hostile) {
					Map<byte[], byte[]> raw = new LinkedHashMap<>();
					fields.forEach((k, v) -> raw.put(k.getBytes(), v.getBytes()));
					connection.streamCommands().xAdd(ingester.keys().partition(0).getBytes(), raw);
				}
			}
			await().atMost(Duration.ofSeconds(30))
				.untilAsserted(() -> assertThat(ingester.counters().get(IngestCounter.DEAD_LETTERED))
					.isEqualTo(hostile.size()));
			assertThat(ingester.counters().get(IngestCounter.APPLIED)).isZero();
			SimpleMeterRegistry registry = new SimpleMeterRegistry();
			new IngestMeterBinder(ingester.counters()).bindTo(registry);
			assertThat(registry.get("activity.rank.ingest.dead.lettered").functionCounter().count()).isEqualTo(1000);
			assertThat(registry.get("activity.rank.ingest.consumed").functionCounter().count()).isEqualTo(1000);
			assertThat(registry.get(IngestMeterBinder.PENDING).gauge().value()).isZero();
			Map<String, Object> section = new ActivityRankEndpoint(prefix, "UTC", Set.of(Period.TOTAL), null, null,
					null, null, null, ingester)
				.activityRank()
				.ingest();
			assertThat(section).containsEntry("deadLettered", 1000L)
				.containsEntry("applied", 0L)
				.containsEntry("streams", "{" + prefix + ":activity:<n>}")
				.containsEntry("deadLetters", "{" + prefix + "}:activity:dead")
				.containsEntry("ownedPartitions", 1);
			try (RedisConnection connection = factory.getConnection()) {
				assertThat(connection.streamCommands().xLen(ingester.keys().deadLetter().getBytes()))
					.isEqualTo(hostile.size());
			}
			// nothing but the ingestion keys: no board, no record
			assertThat(RedisKeysCleaner.keys(factory, RedisKeysCleaner.prefixPattern(prefix)))
				.allMatch((key) -> key.startsWith("{" + prefix + "}:activity:")
						|| key.startsWith("{" + prefix + ":activity:0}"));
			assertThat(context.getBean(ActivityRankService.class).board(Period.TOTAL).size()).isZero();
		}
		finally {
			RedisKeysCleaner.delete(factory, RedisKeysCleaner.prefixPattern(prefix));
			factory.destroy();
		}
	}

	private static List<Map<String, String>> hostile() {
		List<Map<String, String>> kinds = new ArrayList<>();
		kinds.add(Map.of("field", "f"));
		kinds.add(Map.of("user", "u1"));
		kinds.add(Map.of("user", "u1", "field", "f", "rule", "no-such-rule"));
		kinds.add(Map.of("user", "u1", "field", "f"));
		kinds.add(Map.of("user", "u1", "field", "f", "points", "abc"));
		kinds.add(Map.of("user", "u1", "field", "f", "points", "-5"));
		kinds.add(Map.of("user", "u1", "field", "f", "points", "0"));
		kinds.add(Map.of("user", "u1", "field", "f", "points", "1e3"));
		kinds.add(Map.of("user", "u1", "field", "f", "points", "99999999999999999999999"));
		kinds.add(Map.of("user", "u1", "field", "f", "rule", "checkin", "revoke", "2"));
		kinds.add(Map.of("user", "u1", "field", "f", "rule", "checkin", "at", "yesterday"));
		kinds.add(Map.of("user", "u1", "field", "f", "rule", "checkin", "at", "99999999999999"));
		kinds.add(Map.of("user", "u".repeat(5000), "field", "f", "rule", "checkin"));
		kinds.add(Map.of("user", "u\u0000x", "field", "f", "rule", "checkin"));
		kinds.add(Map.of("user", "  ", "field", "f", "rule", "checkin"));
		kinds.add(Map.of("user", "u1", "field", "f\nx", "rule", "checkin"));
		kinds.add(Map.of("user", "u1", "field", "f", "rule", "checkin", "item-type", "article", "item", "42"));
		kinds.add(Map.of("user", "u1", "field", "f", "rule", "checkin", "item", "42"));
		Map<String, String> many = new HashMap<>(Map.of("user", "u1", "field", "f", "rule", "checkin"));
		for (int i = 0; i < 20; i++) {
			many.put("x" + i, "y");
		}
		kinds.add(many);
		List<Map<String, String>> messages = new ArrayList<>();
		for (int i = 0; i < 1000; i++) {
			messages.add(kinds.get(i % kinds.size()));
		}
		return messages;
	}

	/**
	 * Each partition is a hash tag of its own: the streams land on the masters that serve
	 * their slots, more than one, and every message is applied once, as a direct
	 * applyAll.
	 */
	@Test
	void onAThreeMasterClusterThePartitionsSpreadOverTheMastersAndIngestionEndsAsADirectApplyAll() {
		RedisClusterTestServer cluster = RedisClusterTestServer.shared();
		String prefix = RedisTestServer.uniquePrefix("ingestcluster");
		String direct = RedisTestServer.uniquePrefix("ingestclusterdirect");
		List<ActivityEvent> events = IngestTestSupport.events(0, 1, 300, 3000);
		List<ConfigurableApplicationContext> instances = new ArrayList<>();
		try {
			for (int i = 0; i < 2; i++) {
				instances.add(IngestTestSupport.start(clusterProperties(cluster, prefix, true)));
			}
			IngestKeys keys = instances.get(0).getBean(StreamIngester.class).keys();
			RedisClusterClient client = RedisClusterClient.create(cluster.seedNodes()
				.stream()
				.map((RedisNode node) -> RedisURI.create(node.getHost(), node.getPort()))
				.toList());
			Set<RedisNode> masters = new HashSet<>();
			try (StatefulRedisClusterConnection<String, String> connection = client.connect()) {
				for (ActivityEvent event : events) {
					connection.sync().xadd(keys.partitionOfUser(event.userId()), IngestTestSupport.fields(event));
				}
				for (int p = 0; p < keys.partitions(); p++) {
					String stream = keys.partition(p);
					RedisNode master = cluster.masterForSlot(connection.sync().clusterKeyslot(stream).intValue());
					// asked of that master alone: a key it does not serve would be MOVED
					assertThat(connection.getConnection(master.getHost(), master.getPort()).sync().exists(stream))
						.as(stream + " on " + master)
						.isOne();
					masters.add(master);
				}
			}
			finally {
				client.shutdown();
			}
			List<RankEntry> expected;
			try (ConfigurableApplicationContext context = IngestTestSupport
				.start(clusterProperties(cluster, direct, false))) {
				context.getBean(ActivityRankService.class).applyAll(events);
				expected = top(context);
			}
			await().atMost(Duration.ofSeconds(30))
				.untilAsserted(() -> assertThat(top(instances.get(1))).isEqualTo(expected));
			assertThat(expected).hasSizeGreaterThan(100);
			assertThat(masters).as("masters holding the partitions").hasSizeGreaterThan(1);
			await().atMost(Duration.ofSeconds(30))
				.untilAsserted(() -> assertThat(instances.stream()
					.mapToLong((i) -> i.getBean(StreamIngester.class).counters().get(IngestCounter.APPLIED))
					.sum()).isEqualTo(events.size()));
			assertThat(instances).allSatisfy(
					(i) -> assertThat(i.getBean(StreamIngester.class).counters().get(IngestCounter.DEAD_LETTERED))
						.isZero());
		}
		finally {
			instances.forEach(ConfigurableApplicationContext::close);
			LettuceConnectionFactory factory = cluster.newConnectionFactory();
			try {
				RedisKeysCleaner.delete(factory, RedisKeysCleaner.prefixPattern(prefix));
				RedisKeysCleaner.delete(factory, RedisKeysCleaner.prefixPattern(direct));
			}
			finally {
				factory.destroy();
			}
		}
	}

	private static List<RankEntry> top(ConfigurableApplicationContext context) {
		ActivityRankService service = context.getBean(ActivityRankService.class);
		return service.board(Period.TOTAL)
			.page(0, 1000)
			.stream()
			.map((e) -> new RankEntry(e.id(), e.rank(), e.score(), null))
			.toList();
	}

	private static String[] clusterProperties(RedisClusterTestServer cluster, String prefix, boolean ingest) {
		List<String> properties = new ArrayList<>(List.of(cluster.springProperties()));
		properties.addAll(List.of("activity-rank.key-prefix=" + prefix, "activity-rank.shards=3",
				"activity-rank.periods=day,total", "activity-rank.rules.checkin.points=2",
				"activity-rank.events.enabled=false", "activity-rank.ingest.enabled=" + ingest,
				"activity-rank.ingest.partitions=4", "activity-rank.ingest.claim-idle=2s"));
		return properties.toArray(String[]::new);
	}

}
