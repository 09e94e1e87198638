package io.github.activityrank.ledger;

import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ledger.LedgerFixture.Posts;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.context.ApplicationContext;
import org.springframework.transaction.support.TransactionTemplate;

import static io.github.activityrank.ledger.LedgerFixture.boardSum;
import static io.github.activityrank.ledger.LedgerFixture.count;
import static io.github.activityrank.ledger.LedgerFixture.rows;
import static io.github.activityrank.ledger.LedgerFixture.total;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The relay: exactly once across relays and across a crash between Redis and the commit,
 * pending entries applied on start, retention. On PostgreSQL, MariaDB and H2.
 */
class LedgerRelayTests extends LedgerTestBase {

	private static final Duration WAIT = Duration.ofSeconds(30);

	@ParameterizedTest
	@MethodSource("engines")
	void twoRelaysOnOneLedgerApplyEachEntryOnce(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			// small batches: many transactions, so the relays meet on the lanes
			var runner = LedgerFixture.runner(database.dataSource(), this.prefix)
				.withPropertyValues("activity-rank.ledger.batch-size=8");
			runner.run((first) -> runner.run((second) -> {
				LedgerRelay one = first.getBean(LedgerRelay.class);
				LedgerRelay two = second.getBean(LedgerRelay.class);
				List<ActivityEvent> events = new ArrayList<>();
				for (int i = 0; i < 600; i++) {
					events.add(ActivityEvent.award("user-" + (i % 40), "p" + i, "post"));
				}
				first.getBean(AwardLedger.class).appendPending(events, Instant.now());
				assertThat(one.awaitIdle(WAIT)).as("ledger drained").isTrue();
				// a relay counts a batch right after its commit, which may be just after
				// the
				// drain was seen
				await("both relays counted their batches").atMost(Duration.ofSeconds(10))
					.until(() -> one.appliedCount() + two.appliedCount() >= 600);
				assertThat(one.appliedCount() + two.appliedCount()).isEqualTo(600);
				assertThat(count(database.dataSource(), "outcome = 'AWARDED'")).isEqualTo(600);
				assertThat(boardSum(first.getBean(ActivityRankService.class))).isEqualTo(600);
				System.out.println("ledger two relays on " + engine + ": " + one.appliedCount() + " + "
						+ two.appliedCount() + " entries applied");
			}));
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void anEntryAppliedToRedisBeforeACrashIsNotCountedTwice(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				LedgerRelay relay = context.getBean(LedgerRelay.class);
				AtomicBoolean crashed = new AtomicBoolean();
				// Redis has applied the batch; the transaction that would mark it dies
				relay.beforeMark = () -> {
					if (crashed.compareAndSet(false, true)) {
						throw new IllegalStateException("simulated crash between Redis and the commit");
					}
				};
				context.getBean(Posts.class).post("hal", "p1");
				assertThat(relay.awaitIdle(WAIT)).as("ledger drained").isTrue();
				assertThat(crashed).isTrue();
				assertThat(total(context.getBean(ActivityRankService.class), "hal")).isEqualTo(1);
				// applied again after the rollback: Redis answered that it had it already
				assertThat(rows(database.dataSource())).extracting((row) -> row.get("outcome"))
					.containsExactly("ALREADY_AWARDED");
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void appliesWhatIsPendingWhenItStarts(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			var runner = LedgerFixture.runner(database.dataSource(), this.prefix);
			runner.run((stopped) -> {
				// an instance whose relay is gone, as after a kill
				stopped.getBean(LedgerRelay.class).stop();
				stopped.getBean(Posts.class).post("ida", "p1");
				stopped.getBean(Posts.class).like("ida", "p2");
				assertThat(count(database.dataSource(), "state = " + AwardLedger.PENDING)).isEqualTo(3);
			});
			runner.run((restarted) -> {
				assertThat(restarted.getBean(LedgerRelay.class).awaitIdle(WAIT)).as("ledger drained").isTrue();
				assertThat(total(restarted.getBean(ActivityRankService.class), "ida")).isEqualTo(4);
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void retentionDeletesAppliedEntriesOlderThanItAndKeepsPendingOnes(DatabaseEngine engine) {
		MutableClock clock = new MutableClock(LocalDateTime.of(2026, 3, 1, 12, 0), ZoneOffset.UTC);
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix)
				.withBean(Clock.class, () -> clock)
				.withPropertyValues("activity-rank.ledger.retention=2d")
				.run((context) -> {
					LedgerRelay relay = context.getBean(LedgerRelay.class);
					Posts posts = context.getBean(Posts.class);
					posts.post("jo", "old");
					assertThat(relay.awaitIdle(WAIT)).as("ledger drained").isTrue();
					clock.advance(Duration.ofDays(1));
					posts.post("jo", "recent");
					assertThat(relay.awaitIdle(WAIT)).as("ledger drained").isTrue();
					relay.stop();
					// pending since before the cut-off: kept until it is applied
					context.getBean(AwardLedger.class)
						.appendPending(List.of(ActivityEvent.award("jo", "pending", "post")), clock.instant());
					clock.advance(Duration.ofDays(1).plusHours(1));
					assertThat(relay.purge()).isOne();
					assertThat(rows(database.dataSource())).extracting((row) -> row.get("field"))
						.containsExactly("recent", "pending");
				});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void aTransactionOverSeveralLanesKeepsEachUsersOrder(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			// one thread: each transaction claims every lane; two entries per lane, so a
			// user's award, revoke and award again span transactions and share them
			// with other lanes' users
			var runner = LedgerFixture.runner(database.dataSource(), this.prefix)
				.withPropertyValues("activity-rank.ledger.batch-size=2", "activity-rank.ledger.relay-threads=1");
			runner.run((context) -> {
				LedgerRelay relay = context.getBean(LedgerRelay.class);
				assertThat(relay.lanesPerTransaction()).isEqualTo(AwardLedger.LANES);
				relay.stop();
				List<ActivityEvent> events = new ArrayList<>();
				List<String> users = new ArrayList<>();
				for (int u = 0; u < 48; u++) {
					users.add("order-" + u);
				}
				for (int round = 0; round < 3; round++) {
					for (String user : users) {
						events.add((round == 1) ? ActivityEvent.revoke(user, "p", "post")
								: ActivityEvent.award(user, "p", "post"));
					}
				}
				context.getBean(AwardLedger.class).appendPending(events, Instant.now());
				relay.start();
				assertThat(relay.awaitIdle(WAIT)).as("ledger drained").isTrue();
				ActivityRankService service = context.getBean(ActivityRankService.class);
				for (String user : users) {
					assertThat(total(service, user)).as(user).isEqualTo(1);
				}
				List<Map<String, Object>> rows = rows(database.dataSource());
				for (String user : users) {
					assertThat(rows).filteredOn((row) -> user.equals(row.get("user_id")))
						.extracting((row) -> row.get("outcome"))
						.as(user)
						.containsExactly("AWARDED", "REVOKED", "AWARDED");
				}
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void pendingEntriesOfSeveralLanesAreEachLanesOldestInIdOrder(DatabaseEngine engine) {
		withEntriesInLanes3And11(engine, (ledger, connection) -> {
			connection.setAutoCommit(false);
			assertThat(ledger.tryLockLanes(connection, List.of(3, 11, 12))).containsExactly(3, 11, 12);
			List<LedgerEntry> entries = ledger.pending(connection, List.of(11, 3), 2, new long[AwardLedger.LANES]);
			assertThat(entries).extracting((entry) -> entry.event().field()).containsExactly("a0", "b0", "a1", "b1");
			assertThat(entries).extracting(LedgerEntry::id).isSorted();
			assertThat(ledger.pendingLanes(connection, new long[AwardLedger.LANES])).containsExactly(3, 11);
			connection.rollback();
		});
	}

	@ParameterizedTest
	@MethodSource("engines")
	void pendingEntriesAreReadFromEachLanesOwnId(DatabaseEngine engine) {
		withEntriesInLanes3And11(engine, (ledger, connection) -> {
			long[] all = new long[AwardLedger.LANES];
			List<LedgerEntry> entries = ledger.pending(connection, List.of(3, 11), 10, all);
			long[] from = new long[AwardLedger.LANES];
			from[3] = entries.get(2).id(); // a1
			from[11] = entries.get(5).id() + 1; // after b2
			assertThat(ledger.pending(connection, List.of(3, 11), 10, from))
				.extracting((entry) -> entry.event().field())
				.containsExactly("a1", "a2");
			assertThat(ledger.pendingLanes(connection, from)).containsExactly(3);
			assertThat(ledger.pendingLanes(connection, all)).containsExactly(3, 11);
		});
	}

	@ParameterizedTest
	@MethodSource("engines")
	void anEntryThatCommitsAfterLaterOnesOfItsLaneWereAppliedIsApplied(DatabaseEngine engine) throws Exception {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				String user = userInLane(5);
				List<ActivityEvent> later = new ArrayList<>();
				for (int i = 0; i < 20; i++) {
					later.add(ActivityEvent.award(user, "on-time-" + i, "post"));
				}
				ActivityRankService service = context.getBean(ActivityRankService.class);
				writeLate(context, ActivityEvent.award(user, "late", "post"), later,
						() -> assertThat(total(service, user)).isEqualTo(20));
				assertThat(context.getBean(LedgerRelay.class).awaitIdle(WAIT)).as("ledger drained").isTrue();
				assertThat(total(service, user)).isEqualTo(21);
				assertThat(count(database.dataSource(), "outcome = 'AWARDED'")).isEqualTo(21);
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void aRevokeWrittenAfterItsAwardCommittedLateDoesNotOvertakeIt(DatabaseEngine engine) throws Exception {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				LedgerRelay relay = context.getBean(LedgerRelay.class);
				String user = userInLane(5);
				String other = userInLane(5, user);
				List<ActivityEvent> later = new ArrayList<>();
				for (int i = 0; i < 20; i++) {
					later.add(ActivityEvent.award(other, "on-time-" + i, "post"));
				}
				// stopped before the award commits, so the next pass looks from where the
				// relay stopped, not from the lane's first id
				writeLate(context, ActivityEvent.award(user, "late", "post"), later, relay::stop);
				// written after the award committed: the user took it back
				context.getBean(AwardLedger.class)
					.appendPending(List.of(ActivityEvent.revoke(user, "late", "post")), Instant.now());
				relay.start();
				assertThat(relay.awaitIdle(WAIT)).as("ledger drained").isTrue();
				assertThat(total(context.getBean(ActivityRankService.class), user)).isZero();
				assertThat(rows(database.dataSource())).filteredOn((row) -> user.equals(row.get("user_id")))
					.extracting((row) -> row.get("outcome"))
					.containsExactly("AWARDED", "REVOKED");
			});
		}
	}

	/**
	 * Write an entry whose id is drawn before some later entries of its lane, and which
	 * commits only after the relay applied those.
	 * @param context the application
	 * @param late the entry, written first in a transaction held open
	 * @param later entries written and committed after it
	 * @param beforeCommit runs once the later ones are applied, before the late one
	 * commits
	 */
	private static void writeLate(ApplicationContext context, ActivityEvent late, List<ActivityEvent> later,
			Runnable beforeCommit) throws InterruptedException {
		AwardLedger ledger = context.getBean(AwardLedger.class);
		TransactionTemplate transactions = context.getBean(TransactionTemplate.class);
		CountDownLatch written = new CountDownLatch(1);
		CountDownLatch commit = new CountDownLatch(1);
		Thread slow = new Thread(() -> transactions.executeWithoutResult((status) -> {
			ledger.appendPending(List.of(late), Instant.now());
			written.countDown();
			awaitLatch(commit);
		}));
		slow.start();
		assertThat(written.await(10, TimeUnit.SECONDS)).isTrue();
		ledger.appendPending(later, Instant.now());
		await("later entries applied").atMost(WAIT).until(() -> ledger.pendingCount() == 0);
		beforeCommit.run();
		commit.countDown();
		slow.join(10_000);
	}

	/** Fails the write that waits, and so the test, when the latch stays shut. */
	private static void awaitLatch(CountDownLatch latch) {
		try {
			assertThat(latch.await(30, TimeUnit.SECONDS)).as("released within 30 s").isTrue();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Run checks on a ledger, its relay stopped, holding users of lanes 3 and 11,
	 * interleaved: three pending entries each lane, fields a0 to a2 and b0 to b2.
	 */
	private void withEntriesInLanes3And11(DatabaseEngine engine, LedgerCheck check) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				context.getBean(LedgerRelay.class).stop();
				AwardLedger ledger = context.getBean(AwardLedger.class);
				String a = userInLane(3);
				String b = userInLane(11);
				List<ActivityEvent> events = new ArrayList<>();
				for (int i = 0; i < 3; i++) {
					events.add(ActivityEvent.award(a, "a" + i, "post"));
					events.add(ActivityEvent.award(b, "b" + i, "post"));
				}
				ledger.appendPending(events, Instant.now());
				try (Connection connection = database.dataSource().getConnection()) {
					check.run(ledger, connection);
				}
			});
		}
	}

	@FunctionalInterface
	private interface LedgerCheck {

		void run(AwardLedger ledger, Connection connection) throws Exception;

	}

	private static String userInLane(int lane) {
		return userInLane(lane, null);
	}

	private static String userInLane(int lane, String other) {
		for (int i = 0;; i++) {
			String user = "lane-user-" + i;
			if (AwardLedger.laneOf(user) == lane && !user.equals(other)) {
				return user;
			}
		}
	}

}
