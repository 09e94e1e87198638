package io.github.activityrank.ingest;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.ChallengeService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.ActivityRankCounters;
import io.github.activityrank.engine.SourceMessage;
import io.github.activityrank.test.EmbeddedRedis;
import io.lettuce.core.RedisClient;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Stream ingestion under faults, each on a private Redis: nothing a partition holds is
 * lost or counted twice, and a message that can never be applied is dead-lettered with
 * its reason while the partition goes on.
 */
class StreamFaultTests {

	private static final String GROUP = "activity-rank";

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	private final RedisClient client = RedisClient.create("redis://127.0.0.1:" + this.redis.port());

	private final StatefulRedisConnection<String, String> connection = this.client.connect();

	private final RedisCommands<String, String> commands = this.connection.sync();

	@AfterEach
	void close() {
		this.connection.close();
		this.client.shutdown();
		this.redis.close();
	}

	@Test
	void aPoisonedMessageFirstInItsPartitionIsDeadLetteredAndTheThreeHundredBehindItAreApplied() {
		try (ConfigurableApplicationContext context = start()) {
			IngestKeys keys = context.getBean(StreamIngester.class).keys();
			// the poisoned user's record of today is a string: WRONGTYPE on each of their
			// awards
			this.commands.set(
					"{activity_rank}:rec:" + LocalDate.now(ZoneOffset.UTC).toString().replace("-", "") + ":poisoned",
					"x");
			String stream = keys.partitionOfUser("poisoned");
			this.commands.xadd(stream, Map.of("user", "poisoned", "field", "f", "points", "1"));
			List<String> healthy = usersOf(stream, keys, 30);
			for (int m = 0; m < 300; m++) {
				this.commands.xadd(stream, Map.of("user", healthy.get(m % 30), "field", "f" + m, "points", "1"));
			}
			ActivityRankService service = context.getBean(ActivityRankService.class);
			await().atMost(Duration.ofSeconds(40))
				.untilAsserted(() -> assertThat(healthy)
					.allSatisfy((user) -> assertThat(score(service, user)).as(user).isEqualTo(10)));
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(this.commands.xpending(stream, GROUP).getCount()).isZero());
			List<StreamMessage<String, String>> dead = this.commands.xrange(keys.deadLetter(),
					io.lettuce.core.Range.create("-", "+"));
			assertThat(dead).singleElement().satisfies((letter) -> {
				assertThat(letter.getBody()).containsEntry("user", "poisoned");
				assertThat(letter.getBody().get(BatchHandler.REASON)).startsWith("set aside: ").contains("WRONGTYPE");
			});
			assertThat(score(service, "poisoned")).isZero();
		}
	}

	@Test
	void messagesThatReachAWrongTypeChallengeBoardAreDeadLetteredAloneWithNothingLeftAndTheRestAwardedOnce() {
		try (ConfigurableApplicationContext context = start()) {
			IngestKeys keys = context.getBean(StreamIngester.class).keys();
			ActivityRankService service = context.getBean(ActivityRankService.class);
			ChallengeService challenges = context.getBean(ChallengeService.class);
			Instant now = Instant.now();
			challenges.create(new ChallengeDefinition("c1", now.minus(Duration.ofHours(1)),
					now.plus(Duration.ofDays(1)), Set.of(), false));
			assertThat(challenges.join("c1", "poisoned")).isTrue();
			String board = "{activity_rank}:challenge:c1";
			this.commands.set(board, "x");
			String stream = keys.partitionOfUser("poisoned");
			List<String> healthy = usersOf(stream, keys, 10);
			for (int m = 0; m < 100; m++) {
				this.commands.xadd(stream, Map.of("user", healthy.get(m % 10), "field", "f" + m, "points", "1"));
				if (m % 20 == 5) {
					this.commands.xadd(stream, Map.of("user", "poisoned", "field", "p" + m, "points", "1"));
				}
			}
			await().atMost(Duration.ofSeconds(30))
				.untilAsserted(() -> assertThat(this.commands.xpending(stream, GROUP).getCount()).isZero());
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(healthy)
					.allSatisfy((user) -> assertThat(score(service, user)).as(user).isEqualTo(10)));
			ActivityRankCounters counters = context.getBean(ActivityRankCounters.class);
			assertThat(counters.count(AwardResult.Outcome.ALREADY_AWARDED)).isZero();
			assertThat(counters.count(AwardResult.Outcome.AWARDED)).isEqualTo(100);
			List<StreamMessage<String, String>> dead = this.commands.xrange(keys.deadLetter(),
					io.lettuce.core.Range.create("-", "+"));
			assertThat(dead).hasSize(5).allSatisfy((letter) -> {
				assertThat(letter.getBody()).containsEntry("user", "poisoned");
				assertThat(letter.getBody().get(BatchHandler.REASON)).startsWith("set aside: ").contains("WRONGTYPE");
			});
			// nothing of them was left: once the key is deleted, each is awarded in full
			this.commands.del(board);
			List<ActivityEvent> again = new ArrayList<>();
			for (int m = 5; m < 100; m += 20) {
				again.add(new ActivityEvent("poisoned", "p" + m, null, 1L, false));
			}
			assertThat(service.applyAll(again)).extracting(AwardResult::outcome)
				.containsOnly(AwardResult.Outcome.AWARDED);
			assertThat(score(service, "poisoned")).isEqualTo(5);
			assertThat(challenges.board("c1").rankOf("poisoned").map(RankEntry::score)).contains(5L);
		}
	}

	@Test
	void aStreamAndGroupThatRedisLostAreMadeAgainAndTheNextMessagesApplied() {
		try (ConfigurableApplicationContext context = start()) {
			IngestKeys keys = context.getBean(StreamIngester.class).keys();
			ActivityRankService service = context.getBean(ActivityRankService.class);
			String stream = keys.partitionOfUser("ann");
			this.commands.xadd(stream, Map.of("user", "ann", "field", "f1", "points", "2"));
			await().atMost(Duration.ofSeconds(20)).until(() -> score(service, "ann") == 2);
			// FLUSHDB, or a restart without persistence, takes the streams and their
			// group
			for (int p = 0; p < 2; p++) {
				this.commands.del(keys.partition(p));
			}
			this.commands.xadd(stream, Map.of("user", "ann", "field", "f2", "points", "3"));
			await().atMost(Duration.ofSeconds(20)).until(() -> score(service, "ann") == 5);
			assertThat(this.commands.xinfoGroups(stream)).hasSize(1);
		}
	}

	@Test
	void anAtSentInSecondsIsDeadLetteredAsTooOldAndTwoDeliveriesCountNothing() {
		try (ConfigurableApplicationContext context = start()) {
			IngestKeys keys = context.getBean(StreamIngester.class).keys();
			String stream = keys.partitionOfUser("u1");
			Map<String, String> message = Map.of("user", "u1", "field", "f", "points", "5", "at", "1764300000");
			this.commands.xadd(stream, message);
			this.commands.xadd(stream, message);
			this.commands.xadd(stream, Map.of("user", "u1", "field", "g", "points", "1"));
			ActivityRankService service = context.getBean(ActivityRankService.class);
			await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(score(service, "u1")).isEqualTo(1));
			List<StreamMessage<String, String>> dead = this.commands.xrange(keys.deadLetter(),
					io.lettuce.core.Range.create("-", "+"));
			assertThat(dead).hasSize(2)
				.allSatisfy((letter) -> assertThat(letter.getBody().get(BatchHandler.REASON)).startsWith("too old")
					.contains("at 1764300000")
					.contains("activity-rank.retention.record")
					.contains("seconds"));
		}
	}

	@Test
	void acknowledgementsThatFailAreClaimedAgainAndNothingPendingIsTrimmed() {
		// small stream nodes: an approximate trim frees entries ten at a time
		this.redis.command("CONFIG SET stream-node-max-entries 10");
		try (ConfigurableApplicationContext context = start("activity-rank.ingest.batch=20")) {
			IngestKeys keys = context.getBean(StreamIngester.class).keys();
			ActivityRankService service = context.getBean(ActivityRankService.class);
			String stream = keys.partition(0);
			List<String> users = usersOf(stream, keys, 10);
			this.commands.xadd(stream, Map.of("user", users.get(0), "field", "first", "points", "1"));
			await().atMost(Duration.ofSeconds(20))
				.untilAsserted(() -> assertThat(score(service, users.get(0))).isEqualTo(1));
			// every XACK refused for a while, everything else allowed
			this.commands.aclSetuser("default",
					io.lettuce.core.AclSetuserArgs.Builder.removeCommand(io.lettuce.core.protocol.CommandType.XACK));
			for (int m = 0; m < 500; m++) {
				this.commands.xadd(stream, Map.of("user", users.get(m % 10), "field", "f" + m, "points", "1"));
			}
			// batches applied and not acknowledged
			await().atMost(Duration.ofSeconds(20))
				.untilAsserted(() -> assertThat(this.commands.xpending(stream, GROUP).getCount()).isPositive());
			this.commands.aclSetuser("default", io.lettuce.core.AclSetuserArgs.Builder.allCommands());
			await().atMost(Duration.ofSeconds(30))
				.untilAsserted(() -> assertThat(this.commands.xpending(stream, GROUP).getCount()).isZero());
			for (int u = 0; u < 10; u++) {
				assertThat(score(service, users.get(u))).as(users.get(u)).isEqualTo((u == 0) ? 51 : 50);
			}
			assertThat(context.getBean(StreamIngester.class).counters().get(IngestCounter.APPLIED))
				.isGreaterThanOrEqualTo(501);
		}
	}

	@Test
	void aConsumerPausedPastItsLeaseChangesNothingAfterItsSuccessorAppliedALaterRevoke() {
		try (ConfigurableApplicationContext first = start("activity-rank.ingest.partitions=1")) {
			StreamIngester stale = first.getBean(StreamIngester.class);
			ActivityRankService service = first.getBean(ActivityRankService.class);
			AtomicBoolean paused = new AtomicBoolean();
			AtomicBoolean resume = new AtomicBoolean();
			stale.beforeApply((partition) -> {
				if (!resume.get()) {
					// a long pause (GC, network stall) after the lease was checked
					paused.set(true);
					await().atMost(Duration.ofSeconds(60)).untilTrue(resume);
				}
			});
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(stale.counters().ownedPartitions()).isEqualTo(1));
			String stream = stale.keys().partition(0);
			this.commands.xadd(stream, Map.of("user", "u1", "field", "f", "points", "5"));
			await().atMost(Duration.ofSeconds(10)).untilTrue(paused);
			try (ConfigurableApplicationContext second = start("activity-rank.ingest.partitions=1")) {
				// the successor takes the partition once the lease ran out, applies the
				// award it claims, then a later revoke of it
				await().atMost(Duration.ofSeconds(20))
					.untilAsserted(() -> assertThat(score(service, "u1")).isEqualTo(5));
				this.commands.xadd(stream, Map.of("user", "u1", "field", "f", "revoke", "1"));
				await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(score(service, "u1")).isZero());
				// the stale owner wakes up and applies the award it holds
				resume.set(true);
				await().atMost(Duration.ofSeconds(20))
					.untilAsserted(() -> assertThat(stale.counters().get(IngestCounter.APPLIED)).isEqualTo(1));
				assertThat(score(service, "u1")).isZero();
			}
		}
	}

	@Test
	void aMessageDeliveredTwiceCountsOnceAlsoAfterALaterRevokeOnEveryShard() {
		try (ConfigurableApplicationContext context = start("activity-rank.shards=2")) {
			IngestSink sink = context.getBean(IngestSink.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			Instant now = Instant.now();
			for (String user : List.of("u1", "u2", "u3", "u4")) {
				String stream = "{activity_rank:activity:" + user + "}";
				SourceMessage award = new SourceMessage(stream, "1000-0");
				sink.apply(List.of(new ActivityEvent(user, "f", null, 5L, false)), List.of(now), List.of(award));
				sink.apply(List.of(new ActivityEvent(user, "f", null, null, true)), List.of(now),
						List.of(new SourceMessage(stream, "1000-1")));
				List<AwardResult> again = sink.apply(List.of(new ActivityEvent(user, "f", null, 5L, false)),
						List.of(now), List.of(award));
				assertThat(again).singleElement()
					.satisfies((result) -> assertThat(result.outcome()).isEqualTo(AwardResult.Outcome.ALREADY_AWARDED));
				assertThat(score(service, user)).as(user).isZero();
			}
		}
	}

	@Test
	void theOwnerNeverTrimsPastAnEntryStillPendingWithAnotherConsumer() {
		this.redis.command("CONFIG SET stream-node-max-entries 10");
		try (ConfigurableApplicationContext context = start("activity-rank.ingest.partitions=1")) {
			StreamIngester owner = context.getBean(StreamIngester.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			AtomicBoolean paused = new AtomicBoolean();
			AtomicBoolean resume = new AtomicBoolean();
			owner.beforeApply((partition) -> {
				if (!resume.get()) {
					paused.set(true);
					await().atMost(Duration.ofSeconds(60)).untilTrue(resume);
				}
			});
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(owner.counters().ownedPartitions()).isEqualTo(1));
			String stream = owner.keys().partition(0);
			this.commands.xadd(stream, Map.of("user", "u1", "field", "first", "points", "1"));
			await().atMost(Duration.ofSeconds(10)).untilTrue(paused);
			// read by another consumer of the group while the owner is busy, not
			// acknowledged
			String ghost = this.commands.xadd(stream, Map.of("user", "u2", "field", "ghost", "points", "1"));
			assertThat(this.commands.xreadgroup(io.lettuce.core.Consumer.from(GROUP, "ghost"),
					io.lettuce.core.XReadArgs.Builder.count(1),
					io.lettuce.core.XReadArgs.StreamOffset.lastConsumed(stream)))
				.singleElement()
				.satisfies((read) -> assertThat(read.getId()).isEqualTo(ghost));
			resume.set(true);
			for (int m = 0; m < 300; m++) {
				this.commands.xadd(stream, Map.of("user", "u3", "field", "f" + m, "points", "1"));
			}
			await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(score(service, "u3")).isEqualTo(300));
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(this.commands.xpending(stream, GROUP).getCount()).isEqualTo(1));
			assertThat(this.commands.xrange(stream, io.lettuce.core.Range.create(ghost, ghost))).hasSize(1);
		}
	}

	private ConfigurableApplicationContext start(String... more) {
		List<String> properties = new ArrayList<>(List.of("spring.data.redis.host=127.0.0.1",
				"spring.data.redis.port=" + this.redis.port(), "spring.data.redis.timeout=1s",
				"activity-rank.periods=day,total", "activity-rank.time-zone=UTC", "activity-rank.events.enabled=false",
				"activity-rank.ingest.enabled=true", "activity-rank.ingest.partitions=2",
				"activity-rank.ingest.claim-idle=2s"));
		properties.addAll(List.of(more));
		return IngestTestSupport.start(properties.toArray(String[]::new));
	}

	/** Users whose messages go to a stream. */
	private static List<String> usersOf(String stream, IngestKeys keys, int count) {
		List<String> users = new ArrayList<>();
		for (int u = 0; users.size() < count; u++) {
			if (keys.partitionOfUser("user-" + u).equals(stream)) {
				users.add("user-" + u);
			}
		}
		return users;
	}

	private static long score(ActivityRankService service, String user) {
		return service.board(Period.TOTAL).rankOf(user).map(RankEntry::score).orElse(0L);
	}

}
