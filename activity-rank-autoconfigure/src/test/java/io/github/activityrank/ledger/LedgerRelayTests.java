package io.github.activityrank.ledger;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ledger.LedgerFixture.Posts;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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
class LedgerRelayTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private final String prefix = RedisTestServer.uniquePrefix("relay");

	static Stream<DatabaseEngine> engines() {
		return LedgerFixture.ENGINES.stream();
	}

	@AfterEach
	void deleteKeys() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

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
					events.add(ActivityEvent.award("user-" + (i % 40), "post", "p" + i));
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
						.appendPending(List.of(ActivityEvent.award("jo", "post", "pending")), clock.instant());
					clock.advance(Duration.ofDays(1).plusHours(1));
					assertThat(relay.purge()).isOne();
					assertThat(rows(database.dataSource())).extracting((row) -> row.get("field"))
						.containsExactly("recent", "pending");
				});
		}
	}

}
