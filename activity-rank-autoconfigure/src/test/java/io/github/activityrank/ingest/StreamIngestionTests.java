package io.github.activityrank.ingest;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import org.junit.jupiter.api.Test;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Ingestion against the local Redis: several producers and several consuming instances,
 * one of them killed halfway, end with the same boards as applying the same events
 * directly.
 */
class StreamIngestionTests {

	private static final int PRODUCERS = 3;

	private static final int USERS = 3000;

	private static final int MESSAGES = 100_000;

	private static final int PARTITIONS = 6;

	@Test
	void messagesOfThreeProducersThroughThreeInstancesOneKilledEndAsADirectApplyAll() throws Exception {
		RedisTestServer redis = RedisTestServer.shared();
		String prefix = RedisTestServer.uniquePrefix("ingest");
		String direct = RedisTestServer.uniquePrefix("ingestdirect");
		List<List<ActivityEvent>> perProducer = new ArrayList<>();
		for (int p = 0; p < PRODUCERS; p++) {
			perProducer.add(IngestTestSupport.events(p, PRODUCERS, USERS,
					MESSAGES / PRODUCERS + ((p < MESSAGES % PRODUCERS) ? 1 : 0)));
		}
		List<ConfigurableApplicationContext> instances = new ArrayList<>();
		LettuceConnectionFactory factory = redis.newConnectionFactory();
		try {
			for (int i = 0; i < 3; i++) {
				instances.add(IngestTestSupport.start(properties(redis, prefix, true)));
			}
			IngestKeys keys = instances.get(0).getBean(StreamIngester.class).keys();
			List<CompletableFuture<Void>> producers = new ArrayList<>();
			for (List<ActivityEvent> events : perProducer) {
				producers.add(CompletableFuture.runAsync(() -> produce(redis, keys, events)));
			}
			// kill one instance halfway, with batches in hand
			await().atMost(Duration.ofSeconds(60)).until(() -> applied(instances) >= MESSAGES / 2);
			StreamIngester killed = instances.get(0).getBean(StreamIngester.class);
			killed.abandon();
			// it had its share of the partitions and work in hand
			assertThat(killed.counters().get(IngestCounter.APPLIED)).isPositive();
			instances.get(0).close();
			CompletableFuture.allOf(producers.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);

			Map<String, Double> expected = applyDirectly(redis, direct, perProducer);
			await().atMost(Duration.ofSeconds(60))
				.pollInterval(Duration.ofMillis(500))
				.untilAsserted(() -> assertThat(IngestTestSupport.board(factory, "{" + prefix + "}:total"))
					.isEqualTo(expected));
			try (RedisConnection connection = factory.getConnection()) {
				for (int p = 0; p < PARTITIONS; p++) {
					assertThat(connection.streamCommands()
						.xPending(keys.partition(p).getBytes(), "activity-rank")
						.getTotalPendingMessages()).as("pending of partition %d", p).isZero();
				}
				assertThat(connection.keyCommands().exists(keys.deadLetter().getBytes())).isFalse();
			}
			long consumed = instances.stream()
				.skip(1)
				.mapToLong((c) -> c.getBean(StreamIngester.class).counters().get(IngestCounter.CONSUMED))
				.sum();
			assertThat(consumed + killed.counters().get(IngestCounter.CONSUMED)).isGreaterThanOrEqualTo(MESSAGES);
		}
		finally {
			instances.forEach(ConfigurableApplicationContext::close);
			RedisKeysCleaner.delete(factory, RedisKeysCleaner.prefixPattern(prefix));
			RedisKeysCleaner.delete(factory, RedisKeysCleaner.prefixPattern(direct));
			factory.destroy();
		}
	}

	@Test
	void twoInstancesShareThePartitionsAndABadMessageBlocksNothingBehindIt() {
		RedisTestServer redis = RedisTestServer.shared();
		String prefix = RedisTestServer.uniquePrefix("ingestshare");
		LettuceConnectionFactory factory = redis.newConnectionFactory();
		List<ConfigurableApplicationContext> instances = new ArrayList<>();
		try {
			instances.add(IngestTestSupport.start(properties(redis, prefix, true)));
			instances.add(IngestTestSupport.start(properties(redis, prefix, true)));
			List<StreamIngester> ingesters = instances.stream().map((c) -> c.getBean(StreamIngester.class)).toList();
			// each takes half of the partitions: the first gives back what the second
			// needs
			await().atMost(Duration.ofSeconds(20))
				.untilAsserted(() -> assertThat(ingesters)
					.allSatisfy((i) -> assertThat(i.counters().ownedPartitions()).isEqualTo(PARTITIONS / 2)));
			IngestKeys keys = ingesters.get(0).keys();
			String stream = keys.partitionOfUser("u1");
			try (RedisConnection connection = factory.getConnection()) {
				connection.streamCommands()
					.xAdd(stream.getBytes(), Map.of("user".getBytes(), "u1".getBytes(), "field".getBytes(),
							"a".getBytes(), "points".getBytes(), "lots".getBytes()));
				connection.streamCommands()
					.xAdd(stream.getBytes(), Map.of("user".getBytes(), "u1".getBytes(), "field".getBytes(),
							"b".getBytes(), "rule".getBytes(), "checkin".getBytes()));
			}
			ActivityRankService service = instances.get(1).getBean(ActivityRankService.class);
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(service.board(Period.TOTAL).rankOf("u1")).isPresent());
			assertThat(service.board(Period.TOTAL).rankOf("u1").orElseThrow().score()).isEqualTo(2);
			assertThat(ingesters.stream().mapToLong((i) -> i.counters().get(IngestCounter.DEAD_LETTERED)).sum())
				.isEqualTo(1);
		}
		finally {
			instances.forEach(ConfigurableApplicationContext::close);
			RedisKeysCleaner.delete(factory, RedisKeysCleaner.prefixPattern(prefix));
			factory.destroy();
		}
	}

	@Test
	void stoppingAppliesTheBatchReadAheadAndLeavesNothingPending() {
		RedisTestServer redis = RedisTestServer.shared();
		String prefix = RedisTestServer.uniquePrefix("ingeststop");
		LettuceConnectionFactory factory = redis.newConnectionFactory();
		List<String> properties = new ArrayList<>(List.of(properties(redis, prefix, true)));
		// small batches: a stop finds one being applied and the next one read ahead
		properties.add("activity-rank.ingest.batch=3");
		try {
			ConfigurableApplicationContext context = IngestTestSupport.start(properties.toArray(String[]::new));
			StreamIngester ingester = context.getBean(StreamIngester.class);
			CompletableFuture<Void> producer = CompletableFuture
				.runAsync(() -> produce(redis, ingester.keys(), IngestTestSupport.events(0, 1, USERS, 20_000)));
			await().atMost(Duration.ofSeconds(30)).until(() -> ingester.counters().get(IngestCounter.APPLIED) >= 2_000);
			context.close();
			producer.orTimeout(60, TimeUnit.SECONDS).join();
			assertThat(ingester.counters().get(IngestCounter.APPLIED))
				.isEqualTo(ingester.counters().get(IngestCounter.CONSUMED));
			assertThat(ingester.counters().pending()).isZero();
			try (RedisConnection connection = factory.getConnection()) {
				for (int p = 0; p < PARTITIONS; p++) {
					assertThat(connection.streamCommands()
						.xPending(ingester.keys().partition(p).getBytes(), "activity-rank")
						.getTotalPendingMessages()).as("pending of partition %d", p).isZero();
				}
			}
		}
		finally {
			RedisKeysCleaner.delete(factory, RedisKeysCleaner.prefixPattern(prefix));
			factory.destroy();
		}
	}

	@Test
	void aMessageIsAppliedAtItsOwnInstant() {
		RedisTestServer redis = RedisTestServer.shared();
		String prefix = RedisTestServer.uniquePrefix("ingestat");
		LettuceConnectionFactory factory = redis.newConnectionFactory();
		try (ConfigurableApplicationContext context = IngestTestSupport.start(properties(redis, prefix, true))) {
			StreamIngester ingester = context.getBean(StreamIngester.class);
			ZoneId zone = context.getBean(ActivityCalendar.class).zone();
			LocalDate yesterday = LocalDate.now(zone).minusDays(1);
			long at = yesterday.atTime(12, 0).atZone(zone).toInstant().toEpochMilli();
			try (RedisConnection connection = factory.getConnection()) {
				connection.streamCommands()
					.xAdd(ingester.keys().partitionOfUser("u1").getBytes(),
							Map.of("user".getBytes(), "u1".getBytes(), "field".getBytes(), "old".getBytes(),
									"rule".getBytes(), "checkin".getBytes(), "at".getBytes(),
									Long.toString(at).getBytes()));
			}
			ActivityRankService service = context.getBean(ActivityRankService.class);
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(service.board(Period.DAY, yesterday).rankOf("u1")).isPresent());
			assertThat(service.board(Period.DAY, yesterday).rankOf("u1").orElseThrow().score()).isEqualTo(2);
			assertThat(service.board(Period.DAY).rankOf("u1")).isEmpty();
		}
		finally {
			RedisKeysCleaner.delete(factory, RedisKeysCleaner.prefixPattern(prefix));
			factory.destroy();
		}
	}

	private static String[] properties(RedisTestServer redis, String prefix, boolean ingest) {
		List<String> properties = new ArrayList<>(List.of(redis.springProperties()));
		properties.addAll(List.of("activity-rank.key-prefix=" + prefix, "activity-rank.periods=day,total",
				"activity-rank.rules.checkin.points=2", "activity-rank.events.enabled=false",
				"activity-rank.ingest.enabled=" + ingest, "activity-rank.ingest.partitions=" + PARTITIONS,
				"activity-rank.ingest.claim-idle=2s"));
		return properties.toArray(String[]::new);
	}

	private static long applied(List<ConfigurableApplicationContext> instances) {
		return instances.stream()
			.filter(ConfigurableApplicationContext::isActive)
			.mapToLong((c) -> c.getBean(StreamIngester.class).counters().get(IngestCounter.APPLIED))
			.sum();
	}

	/** XADD each event to its user's partition, pipelined. */
	static void produce(RedisTestServer redis, IngestKeys keys, List<ActivityEvent> events) {
		RedisClient client = RedisClient.create(RedisURI.create(redis.host(), redis.port()));
		try (StatefulRedisConnection<String, String> connection = client.connect()) {
			connection.setAutoFlushCommands(false);
			RedisAsyncCommands<String, String> commands = connection.async();
			List<RedisFuture<String>> sent = new ArrayList<>();
			for (ActivityEvent event : events) {
				sent.add(commands.xadd(keys.partitionOfUser(event.userId()), IngestTestSupport.fields(event)));
				if (sent.size() == 500) {
					connection.flushCommands();
					sent.forEach((f) -> f.toCompletableFuture().join());
					sent.clear();
				}
			}
			connection.flushCommands();
			sent.forEach((f) -> f.toCompletableFuture().join());
		}
		finally {
			client.shutdown();
		}
	}

	private static Map<String, Double> applyDirectly(RedisTestServer redis, String prefix,
			List<List<ActivityEvent>> perProducer) {
		try (ConfigurableApplicationContext context = IngestTestSupport.start(properties(redis, prefix, false))) {
			ActivityRankService service = context.getBean(ActivityRankService.class);
			for (List<ActivityEvent> events : perProducer) {
				for (int from = 0; from < events.size(); from += 256) {
					List<AwardResult> results = service
						.applyAll(events.subList(from, Math.min(events.size(), from + 256)));
					assertThat(results).extracting(AwardResult::outcome)
						.doesNotContain(AwardResult.Outcome.REJECTED, AwardResult.Outcome.NOTHING_TO_REVOKE);
				}
			}
			return IngestTestSupport.board(context.getBean(LettuceConnectionFactory.class), "{" + prefix + "}:total");
		}
	}

}
