package io.github.activityrank.ledger;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.ChallengeService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.RebuildReport;
import io.github.activityrank.autoconfigure.ActivityRankMetricsAutoConfiguration;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.data.redis.connection.DataType;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * {@link ActivityRankAdmin}: the boards after a flush and a rebuild equal the boards
 * before, key by key; a rescore applies a changed weight; awards made during a rebuild
 * land once; a second rebuild is refused; and the relay applies each entry on the day it
 * was made. On PostgreSQL, MariaDB and H2.
 */
class LedgerRebuildTests extends LedgerTestBase {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private final MutableClock clock = new MutableClock(LocalDateTime.of(2026, 11, 20, 10, 0), ZoneOffset.UTC);

	private ApplicationContextRunner runner(TestDatabase database) {
		return LedgerFixture.runner(database.dataSource(), this.prefix, this.clock)
			.withPropertyValues("activity-rank.periods=day,week,month,total", "activity-rank.rules.comment.points=3",
					"activity-rank.rules.comment.daily-cap=5", "activity-rank.rules.praise.points=2",
					"activity-rank.rules.praise.once-per=ever", "activity-rank.tie-break=earliest",
					"activity-rank.events.enabled=false");
	}

	@ParameterizedTest
	@MethodSource("engines")
	void aRebuildAfterTheKeysAreLostGivesBackEveryKey(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database).run((context) -> {
				writeThreeDays(context);
				Map<String, String> before = dump(context, this.prefix);
				assertThat(before).isNotEmpty();
				assertThat(context.getBean(ChallengeService.class).board("sprint").top(10)).hasSize(5);
				assertThat(context.getBean(ChallengeService.class).board("open").top(20)).hasSize(12);
				RedisKeysCleaner.deletePrefix(this.prefix);
				assertThat(dump(context, this.prefix)).isEmpty();
				RebuildReport report = context.getBean(ActivityRankAdmin.class).rebuild();
				assertThat(dump(context, this.prefix)).isEqualTo(before);
				assertThat(report.users()).isEqualTo(12);
				assertThat(context.getBean(ChallengeService.class).board("sprint").top(10)).hasSize(5);
				assertThat(report.entries()).isPositive();
				assertThat(ttls(context, this.prefix)).allSatisfy((key, ttl) -> assertThat(ttl).isNotEqualTo(-2L));
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void aRebuildWithoutLossChangesNothing(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database).run((context) -> {
				writeThreeDays(context);
				Map<String, String> before = dump(context, this.prefix);
				Map<String, String> numbers = rawRules(context, this.prefix);
				context.getBean(ActivityRankAdmin.class).rebuild();
				assertThat(dump(context, this.prefix)).isEqualTo(before);
				// the replay started from the live registry: rules keep their numbers
				assertThat(rawRules(context, this.prefix)).isEqualTo(numbers).isNotEmpty();
			});
		}
	}

	@Test
	void aRebuildAfterARealFlushdbGivesBackEveryKey() {
		try (EmbeddedRedis redis = EmbeddedRedis.start();
				TestDatabase database = LedgerFixture.database(DatabaseEngine.H2)) {
			runner(database).withPropertyValues("spring.data.redis.port=" + redis.port()).run((context) -> {
				writeThreeDays(context);
				Map<String, String> before = dump(context, this.prefix);
				try (RedisConnection connection = context.getBean(RedisConnectionFactory.class).getConnection()) {
					connection.serverCommands().flushDb();
				}
				RebuildReport report = context.getBean(ActivityRankAdmin.class).rebuild();
				assertThat(dump(context, this.prefix)).isEqualTo(before);
				assertThat(report.entries()).isPositive();
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void aRebuildAfterACrashBetweenRedisAndTheMarkGivesBackEveryPoint(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database).run((context) -> {
				LedgerRelay relay = context.getBean(LedgerRelay.class);
				LedgerFixture.Posts posts = context.getBean(LedgerFixture.Posts.class);
				AtomicBoolean crash = new AtomicBoolean();
				// Redis has applied the batch; the transaction that would mark it dies,
				// so
				// the relay applies it again and Redis answers that it has it already
				relay.beforeMark = () -> {
					if (crash.getAndSet(false)) {
						throw new IllegalStateException("simulated crash between Redis and the commit");
					}
				};
				crash.set(true);
				posts.post("ann", "p1");
				assertThat(relay.awaitIdle(WAIT)).isTrue();
				crash.set(true);
				posts.like("ann", "p2");
				assertThat(relay.awaitIdle(WAIT)).isTrue();
				posts.post("ann", "p3");
				assertThat(relay.awaitIdle(WAIT)).isTrue();
				crash.set(true);
				posts.unpost("ann", "p3");
				assertThat(relay.awaitIdle(WAIT)).isTrue();
				posts.post("bob", "p1");
				posts.post("bob", "p1"); // a true duplicate: it stays one point
				assertThat(relay.awaitIdle(WAIT)).isTrue();
				assertThat(crash).isFalse();
				// recorded with what the second apply answered, no points
				assertThat(LedgerFixture.rows(database.dataSource())).extracting((row) -> row.get("outcome"))
					.containsSubsequence("ALREADY_AWARDED", "ALREADY_AWARDED", "NOTHING_TO_REVOKE", "AWARDED",
							"ALREADY_AWARDED");
				ActivityRankService service = context.getBean(ActivityRankService.class);
				assertThat(LedgerFixture.total(service, "ann")).isEqualTo(4);
				Map<String, String> before = dump(context, this.prefix);
				RedisKeysCleaner.deletePrefix(this.prefix);
				context.getBean(ActivityRankAdmin.class).rebuild();
				assertThat(LedgerFixture.total(service, "ann")).isEqualTo(4);
				assertThat(LedgerFixture.total(service, "bob")).isEqualTo(1);
				assertThat(dump(context, this.prefix)).isEqualTo(before);
			});
		}
	}

	@Test
	void progressIsAGaugeOfTheEntriesReplayed() {
		try (TestDatabase database = LedgerFixture.database(DatabaseEngine.H2)) {
			runner(database).withConfiguration(AutoConfigurations.of(ActivityRankMetricsAutoConfiguration.class))
				.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
				.run((context) -> {
					MeterRegistry registry = context.getBean(MeterRegistry.class);
					context.getBeansOfType(MeterBinder.class).values().forEach((binder) -> binder.bindTo(registry));
					ActivityRankService service = context.getBean(ActivityRankService.class);
					for (int i = 0; i < 7; i++) {
						service.award("u" + i, "p" + i, "post");
					}
					RebuildReport report = context.getBean(ActivityRankAdmin.class).rebuild();
					assertThat(report.entries()).isEqualTo(7);
					assertThat(registry.get("activity.rank.ledger.rebuild.entries").gauge().value()).isEqualTo(7.0);
				});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void aRescoreAppliesTodaysWeight(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database).run((context) -> {
				ActivityRankService service = context.getBean(ActivityRankService.class);
				for (int i = 0; i < 5; i++) {
					service.award("u" + i, "a" + i, "like");
				}
				assertThat(LedgerFixture.total(service, "u0")).isEqualTo(2);
			});
			runner(database).withPropertyValues("activity-rank.rules.like.points=3").run((context) -> {
				ActivityRankService service = context.getBean(ActivityRankService.class);
				assertThat(LedgerFixture.total(service, "u0")).isEqualTo(2);
				context.getBean(ActivityRankAdmin.class).rebuild();
				assertThat(LedgerFixture.total(service, "u0")).isEqualTo(2);
				RebuildReport report = context.getBean(ActivityRankAdmin.class).rescore();
				assertThat(report.entries()).isEqualTo(5);
				for (int i = 0; i < 5; i++) {
					assertThat(LedgerFixture.total(service, "u" + i)).isEqualTo(3);
					assertThat(service.board(Period.DAY).rankOf("u" + i).map(RankEntry::score)).contains(3L);
				}
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void awardsMadeDuringARebuildLandOnce(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database).run((context) -> {
				ActivityRankService service = context.getBean(ActivityRankService.class);
				List<ActivityEvent> prefill = new ArrayList<>();
				for (int i = 0; i < 3000; i++) {
					prefill.add(ActivityEvent.award("p" + (i % 50), "f" + i, "post"));
				}
				service.applyAll(prefill);
				LedgerFixture.Posts posts = context.getBean(LedgerFixture.Posts.class);
				AtomicBoolean writing = new AtomicBoolean(true);
				AtomicInteger written = new AtomicInteger();
				CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
					while (writing.get() || written.get() < 200) {
						int n = written.getAndIncrement();
						posts.post("w" + (n % 10), "w" + n);
					}
				});
				RebuildReport report = context.getBean(ActivityRankAdmin.class).rebuild();
				writing.set(false);
				writer.get(60, TimeUnit.SECONDS);
				assertThat(context.getBean(LedgerRelay.class).awaitIdle(WAIT)).isTrue();
				assertThat(report.entries()).isGreaterThanOrEqualTo(3000);
				for (int u = 0; u < 10; u++) {
					long expected = (written.get() - u + 9) / 10;
					assertThat(LedgerFixture.total(service, "w" + u)).as("w" + u).isEqualTo(expected);
				}
				assertThat(LedgerFixture.total(service, "p0")).isEqualTo(60);
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void aRowThatCommitsAfterTheBulkReplayReadPastItIsOnTheRebuiltBoards(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database).run((context) -> {
				AwardLedger ledger = context.getBean(AwardLedger.class);
				LedgerRelay relay = context.getBean(LedgerRelay.class);
				TransactionTemplate transactions = context.getBean(TransactionTemplate.class);
				CountDownLatch written = new CountDownLatch(1);
				CountDownLatch commit = new CountDownLatch(1);
				AtomicBoolean toldToCommit = new AtomicBoolean();
				// its id is drawn now, its commit comes while the rebuild runs
				Thread slow = new Thread(() -> transactions.executeWithoutResult((status) -> {
					ledger.appendPending(List.of(ActivityEvent.award("late", "p1", "post")), this.clock.instant());
					written.countDown();
					try {
						toldToCommit.set(commit.await(30, TimeUnit.SECONDS));
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
				}));
				slow.start();
				assertThat(written.await(10, TimeUnit.SECONDS)).isTrue();
				// a row after it, committed: the bulk replay reads past the late row's id
				ledger.appendPending(List.of(ActivityEvent.award("on-time", "p2", "post")), this.clock.instant());
				assertThat(relay.awaitIdle(WAIT)).isTrue();
				LedgerRebuild rebuild = context.getBean(LedgerRebuild.class);
				// committed and applied to the live keys before the catch-up
				rebuild.afterBulk = () -> {
					commit.countDown();
					try {
						slow.join(10_000);
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
					assertThat(relay.awaitIdle(WAIT)).isTrue();
				};
				assertThat(rebuild.rebuild().entries()).isEqualTo(2);
				assertThat(toldToCommit).as("the late row committed during the rebuild, not on a timeout").isTrue();
				assertThat(slow.isAlive()).isFalse();
				ActivityRankService service = context.getBean(ActivityRankService.class);
				assertThat(LedgerFixture.total(service, "late")).isOne();
				assertThat(LedgerFixture.total(service, "on-time")).isOne();
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void aUserRemovedDuringARebuildStaysRemoved(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database).run((context) -> {
				ActivityRankService service = context.getBean(ActivityRankService.class);
				LedgerFixture.Posts posts = context.getBean(LedgerFixture.Posts.class);
				ChallengeService challenges = context.getBean(ChallengeService.class);
				Instant start = this.clock.instant();
				challenges.create(
						new ChallengeDefinition("race", start, start.plus(Duration.ofDays(5)), Set.of("post"), true));
				posts.post("gone", "p1");
				posts.post("kept", "p1");
				service.award("gone", "c1", "comment");
				assertThat(context.getBean(LedgerRelay.class).awaitIdle(WAIT)).isTrue();
				assertThat(LedgerFixture.total(service, "gone")).isEqualTo(4);
				LedgerRebuild rebuild = context.getBean(LedgerRebuild.class);
				// the bulk replay has staged the user's entries; the erase comes now
				rebuild.afterBulk = () -> service.removeUser("gone");
				rebuild.rebuild();
				assertThat(LedgerFixture.total(service, "gone")).isZero();
				assertThat(service.board(Period.DAY).rankOf("gone")).isEmpty();
				assertThat(challenges.board("race").rankOf("gone")).isEmpty();
				assertThat(service.summary("gone", Period.DAY).points()).isZero();
				assertThat(LedgerFixture.total(service, "kept")).isOne();
				assertThat(challenges.board("race").rankOf("kept")).isPresent();
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void aRebuildRefusesToShrinkBoardsTheLedgerCannotAccountForUnlessForced(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			ActivityRankService[] withoutLedger = new ActivityRankService[1];
			// boards written before the ledger was on, two days ago
			runner(database).withPropertyValues("activity-rank.ledger.enabled=false").run((context) -> {
				withoutLedger[0] = context.getBean(ActivityRankService.class);
				withoutLedger[0].award("early", "p1", "post");
				withoutLedger[0].award("both", "p1", "like");
			});
			this.clock.advance(Duration.ofDays(2));
			runner(database).run((context) -> {
				ActivityRankService service = context.getBean(ActivityRankService.class);
				service.award("both", "p2", "post");
				service.award("late", "p1", "post");
				Map<String, String> before = dump(context, this.prefix);
				ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
				assertThatIllegalStateException().isThrownBy(admin::rebuild)
					.withMessageContaining("more than the ledger can account for")
					.withMessageContaining(":day:20261120")
					.withMessageContaining("rebuild(true)");
				// nothing replaced, nothing left staged
				assertThat(dump(context, this.prefix)).isEqualTo(before);
				admin.rebuild(true);
				assertThat(LedgerFixture.total(service, "early")).isZero();
				assertThat(LedgerFixture.total(service, "both")).isOne();
				assertThat(LedgerFixture.total(service, "late")).isOne();
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void aRebuildRefusesBoardsThatHoldMorePointsThanTheLedger(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database).run((context) -> {
				ActivityRankService service = context.getBean(ActivityRankService.class);
				service.award("ann", "p1", "post");
				// points the ledger never saw, on today's boards
				try (RedisConnection connection = context.getBean(RedisConnectionFactory.class).getConnection()) {
					connection.zSetCommands()
						.zIncrBy(("{" + this.prefix + "}:total").getBytes(StandardCharsets.UTF_8), 5L << 32,
								"ann".getBytes(StandardCharsets.UTF_8));
				}
				assertThatIllegalStateException().isThrownBy(() -> context.getBean(ActivityRankAdmin.class).rebuild())
					.withMessageContaining("more than the ledger can account for")
					.withMessageContaining("points");
				assertThat(LedgerFixture.total(service, "ann")).isEqualTo(6);
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void aSecondRebuildIsRefusedWhileOneRuns(DatabaseEngine engine) throws Exception {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database).run((context) -> {
				AwardLedger ledger = context.getBean(AwardLedger.class);
				// another instance's rebuild holds the row
				try (Connection other = database.dataSource().getConnection()) {
					other.setAutoCommit(false);
					assertThat(ledger.tryLockRebuild(other)).isTrue();
					assertThatIllegalStateException()
						.isThrownBy(() -> context.getBean(ActivityRankAdmin.class).rebuild())
						.withMessageContaining("already running");
					other.rollback();
				}
				assertThat(context.getBean(ActivityRankAdmin.class).rebuild().entries()).isZero();
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void anEntryWrittenBeforeMidnightAndAppliedAfterItCountsForItsOwnDay(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database).run((context) -> {
				LedgerRelay relay = context.getBean(LedgerRelay.class);
				relay.stop();
				this.clock.set(LocalDateTime.of(2026, 11, 20, 23, 59, 59));
				context.getBean(LedgerFixture.Posts.class).post("late", "p1");
				this.clock.set(LocalDateTime.of(2026, 11, 21, 0, 0, 30));
				relay.start();
				assertThat(relay.awaitIdle(WAIT)).isTrue();
				ActivityRankService service = context.getBean(ActivityRankService.class);
				assertThat(service.board(Period.DAY, LocalDate.of(2026, 11, 20)).rankOf("late").map(RankEntry::score))
					.contains(1L);
				assertThat(service.board(Period.DAY, LocalDate.of(2026, 11, 21)).rankOf("late")).isEmpty();
				assertThat(service.history("late", LocalDate.of(2026, 11, 19), LocalDate.of(2026, 11, 21)))
					.extracting((day) -> day.day())
					.containsExactly(LocalDate.of(2026, 11, 20));
			});
		}
	}

	/**
	 * Three days of awards, caps, once-ever praises and revokes, through the annotation
	 * (pending rows the relay applies) and the service (applied rows).
	 */
	private void writeThreeDays(ApplicationContext context) {
		writeThreeDays(context, this.clock);
	}

	static void writeThreeDays(ApplicationContext context, MutableClock clock) {
		ActivityRankService service = context.getBean(ActivityRankService.class);
		LedgerFixture.Posts posts = context.getBean(LedgerFixture.Posts.class);
		ChallengeService challenges = context.getBean(ChallengeService.class);
		LedgerRelay relay = context.getBean(LedgerRelay.class);
		Instant start = clock.instant();
		challenges
			.create(new ChallengeDefinition("sprint", start, start.plus(Duration.ofDays(5)), Set.of("post"), false));
		challenges.create(new ChallengeDefinition("open", start, start.plus(Duration.ofDays(10)), Set.of(), true));
		for (int day = 0; day < 3; day++) {
			for (int u = 0; u < 12; u++) {
				String user = "u" + u;
				posts.post(user, "post-" + day + "-" + u);
				if ((day == 0 && u < 6) || (day == 1 && u == 1)) {
					// the ledger orders a join after the post before it; so does Redis
					// once
					// the relay has applied that post
					assertThat(relay.awaitIdle(WAIT)).isTrue();
				}
				if (day == 0 && u < 6) {
					challenges.join("sprint", user); // after the first post: it does not
														// count
				}
				if (day == 1 && u == 1) {
					challenges.leave("sprint", user);
				}
				if (u % 3 == 0) {
					posts.like(user, "like-" + day);
				}
				service.award(user, "c1-" + day, "comment");
				service.award(user, "c2-" + day, "comment"); // capped at 2 of its 3
				service.award(user, "c3-" + day, "comment"); // capped to nothing
				service.award(user, "article-" + (u % 4), "praise"); // once ever
				if (day > 0 && u % 2 == 0) {
					service.revoke(user, "c1-" + (day - 1), "comment"); // a day back
					posts.unpost(user, "post-" + (day - 1) + "-" + u);
				}
				clock.advance(Duration.ofMinutes(7));
			}
			assertThat(context.getBean(LedgerRelay.class).awaitIdle(WAIT)).isTrue();
			clock.advance(Duration.ofDays(1));
		}
	}

	/** Every key of the prefix with its type and content. */
	/**
	 * Every key of the prefix with its content. Record values are shown decoded (points
	 * and rule name) and the registry of rules as its names: a replay that met the rules
	 * in another order numbers them otherwise, and that is the same data.
	 */
	static Map<String, String> dump(ApplicationContext context, String prefix) {
		RedisConnectionFactory factory = context.getBean(RedisConnectionFactory.class);
		Map<String, String> dump = new TreeMap<>();
		try (RedisConnection connection = factory.getConnection()) {
			String rulesKey = "{" + prefix + "}:rules";
			Map<Long, String> rules = new TreeMap<>();
			connection.hashCommands().hGetAll(rulesKey.getBytes(StandardCharsets.UTF_8)).forEach((field, value) -> {
				String number = new String(field, StandardCharsets.UTF_8);
				if (number.matches("\\d+")) {
					rules.put(Long.parseLong(number), new String(value, StandardCharsets.UTF_8));
				}
			});
			for (String key : RedisKeysCleaner.keys(factory, "{" + prefix + "}:*")) {
				byte[] name = key.getBytes(StandardCharsets.UTF_8);
				DataType type = connection.keyCommands().type(name);
				String content = switch (type) {
					case ZSET -> {
						Map<String, Double> members = new TreeMap<>();
						for (Tuple tuple : connection.zSetCommands().zRangeWithScores(name, 0, -1)) {
							members.put(new String(tuple.getValue(), StandardCharsets.UTF_8), tuple.getScore());
						}
						yield members.toString();
					}
					case HASH -> {
						Map<String, String> fields = new TreeMap<>();
						connection.hashCommands()
							.hGetAll(name)
							.forEach((field, value) -> fields.put(new String(field, StandardCharsets.UTF_8),
									new String(value, StandardCharsets.UTF_8)));
						if (key.equals(rulesKey)) {
							yield new TreeSet<>(rules.values()).toString();
						}
						if (key.contains(":rec:")) {
							fields.replaceAll((field, value) -> field.startsWith("#") ? value : decoded(value, rules));
						}
						yield fields.toString();
					}
					case STRING -> new String(connection.stringCommands().get(name), StandardCharsets.UTF_8);
					default -> type.code();
				};
				Long ttl = connection.keyCommands().pTtl(name);
				dump.put(key, type.code() + " " + content + ((ttl != null && ttl == -1) ? " no ttl" : " ttl"));
			}
		}
		return dump;
	}

	private static Map<String, String> rawRules(ApplicationContext context, String prefix) {
		Map<String, String> rules = new TreeMap<>();
		try (RedisConnection connection = context.getBean(RedisConnectionFactory.class).getConnection()) {
			connection.hashCommands()
				.hGetAll(("{" + prefix + "}:rules").getBytes(StandardCharsets.UTF_8))
				.forEach((field, value) -> rules.put(new String(field, StandardCharsets.UTF_8),
						new String(value, StandardCharsets.UTF_8)));
		}
		return rules;
	}

	// docs/redis-award-script.md, "Record values": zigzagged points paired with the
	// rule's number, then the scope ids the award gave to, if any, after '|'
	private static String decoded(String value, Map<Long, String> rules) {
		int bar = value.indexOf('|');
		if (bar >= 0) {
			return decoded(value.substring(0, bar), rules) + value.substring(bar);
		}
		long paired = Long.parseLong(value);
		long root = (long) Math.sqrt(paired);
		long rest = paired - root * root;
		long zigzag = (rest < root) ? rest : root;
		long number = (rest < root) ? root : rest - root;
		long points = ((zigzag & 1) == 0) ? zigzag / 2 : -(zigzag + 1) / 2;
		return points + " by " + ((number == 0) ? "points" : rules.get(number));
	}

	static Map<String, Long> ttls(ApplicationContext context, String prefix) {
		RedisConnectionFactory factory = context.getBean(RedisConnectionFactory.class);
		Map<String, Long> ttls = new TreeMap<>();
		try (RedisConnection connection = factory.getConnection()) {
			for (String key : RedisKeysCleaner.keys(factory, "{" + prefix + "}:*")) {
				ttls.put(key, connection.keyCommands().pTtl(key.getBytes(StandardCharsets.UTF_8)));
			}
		}
		return ttls;
	}

}
