package io.github.activityrank.ledger;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.github.activityrank.ledger.LedgerFixture.total;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * "Once ever" means ever with the ledger on: revokes and once-per-ever awards decided
 * beyond {@code retention.record} (31 days), with a moved clock. On PostgreSQL, MariaDB
 * and H2.
 */
class LedgerEverTests extends LedgerTestBase {

	private static final Duration WAIT = Duration.ofSeconds(30);

	/** A Monday: day 0. */
	private static final LocalDateTime DAY_0 = LocalDateTime.of(2026, 1, 5, 10, 0);

	private final MutableClock clock = new MutableClock(DAY_0, ZoneOffset.UTC);

	private ApplicationContextRunner runner(DataSource dataSource) {
		return LedgerFixture.runner(dataSource, this.prefix, this.clock)
			.withPropertyValues("activity-rank.periods=day,week,month,total", "activity-rank.rules.praise.points=5",
					"activity-rank.rules.praise.once-per=ever");
	}

	@ParameterizedTest
	@MethodSource("engines")
	void anUnpraiseFortyDaysLaterTakesThePointsFromTheBoardsThatStillExist(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database.dataSource()).run((context) -> {
				ActivityRankService ranks = context.getBean(ActivityRankService.class);
				LedgerRelay relay = context.getBean(LedgerRelay.class);
				AwardLedger ledger = context.getBean(AwardLedger.class);
				// through the relay, as the annotation does
				ledger.appendPending(
						List.of(ActivityEvent.award("amy", "a1", "praise"), ActivityEvent.award("bob", "a1", "praise")),
						this.clock.instant());
				relay.wake();
				assertThat(relay.awaitIdle(WAIT)).isTrue();
				assertThat(total(ranks, "amy")).isEqualTo(5);
				LocalDate january = DAY_0.toLocalDate();

				this.clock.advance(Duration.ofDays(40));
				ledger.appendPending(List.of(ActivityEvent.revoke("amy", "a1", "praise")), this.clock.instant());
				relay.wake();
				assertThat(relay.awaitIdle(WAIT)).isTrue();

				assertThat(ranks.board(Period.TOTAL).rankOf("amy")).isEmpty();
				assertThat(ranks.board(Period.MONTH, january).rankOf("amy")).isEmpty();
				assertThat(ranks.board(Period.MONTH, january).rankOf("bob")).map(RankEntry::score).contains(5L);
				Map<String, Object> revoke = lastRow(database.dataSource());
				assertThat(revoke).containsEntry("outcome", "REVOKED");
				assertThat(((Number) revoke.get("applied_points")).longValue()).isEqualTo(5);
				assertThat(((Number) revoke.get("revoked_id")).longValue()).isEqualTo(awardId(database, "amy"));
				assertThat(standing(database.dataSource(), "amy")).isZero();
				assertThat(standing(database.dataSource(), "bob")).isEqualTo(1);
				// a second un-praise finds nothing left to take
				assertThat(ranks.revoke("amy", "a1", "praise").outcome()).isEqualTo(Outcome.NOTHING_TO_REVOKE);
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void aRebuildReplaysARevokeTheLedgerDecidedBeyondTheRecords(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database.dataSource()).run((context) -> {
				ActivityRankService ranks = context.getBean(ActivityRankService.class);
				LedgerRelay relay = context.getBean(LedgerRelay.class);
				AwardLedger ledger = context.getBean(AwardLedger.class);
				ledger.appendPending(
						List.of(ActivityEvent.award("amy", "a1", "praise"), ActivityEvent.award("bob", "a1", "praise")),
						this.clock.instant());
				relay.wake();
				assertThat(relay.awaitIdle(WAIT)).isTrue();
				this.clock.advance(Duration.ofDays(40));
				ledger.appendPending(List.of(ActivityEvent.revoke("amy", "a1", "praise")), this.clock.instant());
				relay.wake();
				assertThat(relay.awaitIdle(WAIT)).isTrue();
				Map<String, String> before = LedgerRebuildTests.dump(context, this.prefix);

				RedisKeysCleaner.deletePrefix(this.prefix);
				context.getBean(ActivityRankAdmin.class).rebuild();

				// the moved clock leaves keys in Redis whose retention ended (their TTLs
				// run
				// on real time); the rebuild drops those, and gives back the rest as they
				// were
				Map<String, String> after = LedgerRebuildTests.dump(context, this.prefix);
				assertThat(before).containsAllEntriesOf(after);
				assertThat(after.keySet()).anyMatch((key) -> key.endsWith(":total"))
					.anyMatch((key) -> key.endsWith(":month:2026-01"))
					.anyMatch((key) -> key.endsWith(":week:2026-W02"));
				assertThat(ranks.board(Period.TOTAL).rankOf("amy")).isEmpty();
				assertThat(ranks.board(Period.MONTH, DAY_0.toLocalDate()).rankOf("amy")).isEmpty();
				assertThat(total(ranks, "bob")).isEqualTo(5);
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void aSecondPraiseFortyDaysLaterIsStillAlreadyAwarded(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database.dataSource()).run((context) -> {
				ActivityRankService ranks = context.getBean(ActivityRankService.class);
				assertThat(ranks.award("amy", "a1", "praise").outcome()).isEqualTo(Outcome.AWARDED);
				this.clock.advance(Duration.ofDays(40));
				// a direct call, and an entry through the relay
				assertThat(ranks.award("amy", "a1", "praise").outcome()).isEqualTo(Outcome.ALREADY_AWARDED);
				context.getBean(AwardLedger.class)
					.appendPending(List.of(ActivityEvent.award("amy", "a1", "praise")), this.clock.instant());
				assertThat(context.getBean(LedgerRelay.class).awaitIdle(WAIT)).isTrue();
				assertThat(lastRow(database.dataSource())).containsEntry("outcome", "ALREADY_AWARDED");
				assertThat(total(ranks, "amy")).isEqualTo(5);
				assertThat(standing(database.dataSource(), "amy")).isEqualTo(1);
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void aRebuildAndARescoreKeepASecondPraiseFortyDaysLaterAlreadyAwarded(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database.dataSource()).run((context) -> {
				ActivityRankService ranks = context.getBean(ActivityRankService.class);
				ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
				assertThat(ranks.award("amy", "a1", "praise").outcome()).isEqualTo(Outcome.AWARDED);
				// no field: the rule's name is the field
				assertThat(ranks.apply(ActivityEvent.award("ben", null, "praise")).outcome())
					.isEqualTo(Outcome.AWARDED);
				// a first award whose row a crash left answered ALREADY_AWARDED: it gave
				// the
				// points
				assertThat(ranks.award("cat", "a1", "praise").outcome()).isEqualTo(Outcome.AWARDED);
				new JdbcTemplate(database.dataSource()).update("UPDATE activity_rank_ledger"
						+ " SET outcome = 'ALREADY_AWARDED', applied_points = 0 WHERE user_id = 'cat'");
				this.clock.advance(Duration.ofDays(40));
				assertThat(ranks.award("amy", "a1", "praise").outcome()).isEqualTo(Outcome.ALREADY_AWARDED);
				assertThat(ranks.apply(ActivityEvent.award("ben", null, "praise")).outcome())
					.isEqualTo(Outcome.ALREADY_AWARDED);
				assertThat(ranks.award("cat", "a1", "praise").outcome()).isEqualTo(Outcome.ALREADY_AWARDED);

				RedisKeysCleaner.deletePrefix(this.prefix);
				admin.rebuild();
				for (String user : List.of("amy", "ben", "cat")) {
					assertThat(total(ranks, user)).as(user).isEqualTo(5);
				}
				admin.rescore();
				for (String user : List.of("amy", "ben", "cat")) {
					assertThat(total(ranks, user)).as(user).isEqualTo(5);
				}
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void anUnpraiseThenAPraiseFortyDaysLaterAwardsAgain(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database.dataSource()).run((context) -> {
				ActivityRankService ranks = context.getBean(ActivityRankService.class);
				assertThat(ranks.award("amy", "a1", "praise").outcome()).isEqualTo(Outcome.AWARDED);
				this.clock.advance(Duration.ofDays(40));
				AwardResult revoked = ranks.revoke("amy", "a1", "praise");
				assertThat(revoked.outcome()).isEqualTo(Outcome.REVOKED);
				assertThat(revoked.points()).isEqualTo(5);
				assertThat(total(ranks, "amy")).isZero();
				assertThat(ranks.award("amy", "a1", "praise").outcome()).isEqualTo(Outcome.AWARDED);
				assertThat(total(ranks, "amy")).isEqualTo(5);
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void anAwardAndItsRevokeInOneRelayBatchAreDecidedInOrder(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database.dataSource()).run((context) -> {
				ActivityRankService ranks = context.getBean(ActivityRankService.class);
				LedgerRelay relay = context.getBean(LedgerRelay.class);
				assertThat(ranks.award("amy", "a1", "praise").outcome()).isEqualTo(Outcome.AWARDED);
				this.clock.advance(Duration.ofDays(40));
				relay.stop();
				// one batch: again (refused), un-praise (the ledger), praise (Redis),
				// un-praise
				// (Redis, today's record), praise (Redis)
				context.getBean(AwardLedger.class)
					.appendPending(List.of(ActivityEvent.award("amy", "a1", "praise"),
							ActivityEvent.revoke("amy", "a1", "praise"), ActivityEvent.award("amy", "a1", "praise"),
							ActivityEvent.revoke("amy", "a1", "praise"), ActivityEvent.award("amy", "a1", "praise")),
							this.clock.instant());
				relay.start();
				assertThat(relay.awaitIdle(WAIT)).isTrue();
				assertThat(LedgerFixture.rows(database.dataSource()).subList(1, 6))
					.extracting((row) -> row.get("outcome"))
					.containsExactly("ALREADY_AWARDED", "REVOKED", "AWARDED", "REVOKED", "AWARDED");
				assertThat(total(ranks, "amy")).isEqualTo(5);
				assertThat(standing(database.dataSource(), "amy")).isEqualTo(1);
			});
		}
	}

	@Test
	void aRevokeByTheLedgerKeepsTheMembersTieBreakTime() {
		try (TestDatabase database = LedgerFixture.database(DatabaseEngine.H2)) {
			runner(database.dataSource()).withPropertyValues("activity-rank.tie-break=earliest").run((context) -> {
				ActivityRankService ranks = context.getBean(ActivityRankService.class);
				ranks.award("amy", "p1", "post");
				this.clock.advance(Duration.ofMinutes(1));
				ranks.award("amy", "a1", "praise");
				this.clock.advance(Duration.ofHours(1));
				ranks.award("bob", "p2", "post");
				this.clock.advance(Duration.ofDays(40));
				assertThat(ranks.revoke("amy", "a1", "praise").outcome()).isEqualTo(Outcome.REVOKED);
				// both have 1 point; amy got hers first and keeps that time
				assertThat(ranks.board(Period.TOTAL).top(10))
					.extracting(RankEntry::id, RankEntry::rank, RankEntry::score)
					.containsExactly(tuple("amy", 1L, 1L), tuple("bob", 2L, 1L));
			});
		}
	}

	@Test
	void aRevokeByTheLedgerKeepsTheDenseCompanionInStep() {
		try (TestDatabase database = LedgerFixture.database(DatabaseEngine.H2)) {
			runner(database.dataSource()).withPropertyValues("activity-rank.ranking=dense").run((context) -> {
				ActivityRankService ranks = context.getBean(ActivityRankService.class);
				ranks.award("amy", "p1", "post");
				ranks.award("amy", "a1", "praise");
				ranks.award("bob", "p2", "post");
				ranks.award("cy", "c1", 3L);
				assertThat(ranks.board(Period.TOTAL).rankOf("amy")).map(RankEntry::rank).contains(1L);
				this.clock.advance(Duration.ofDays(40));
				assertThat(ranks.revoke("amy", "a1", "praise").outcome()).isEqualTo(Outcome.REVOKED);
				// 3, 1, 1: the 6 amy had is gone from the distinct values
				assertThat(ranks.board(Period.TOTAL).rankOf("cy")).map(RankEntry::rank).contains(1L);
				assertThat(ranks.board(Period.TOTAL).rankOf("amy")).map(RankEntry::rank).contains(2L);
				assertThat(ranks.board(Period.TOTAL).rankOf("bob")).map(RankEntry::rank).contains(2L);
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void aReplayAfterACrashWritesTheMissingStandingRowSoEverNeverScoresTwice(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database.dataSource()).run((context) -> {
				ActivityRankService ranks = context.getBean(ActivityRankService.class);
				LedgerRelay relay = context.getBean(LedgerRelay.class);
				AwardLedger ledger = context.getBean(AwardLedger.class);
				ledger.appendPending(List.of(ActivityEvent.award("amy", "a1", "praise")), this.clock.instant());
				relay.wake();
				assertThat(relay.awaitIdle(WAIT)).isTrue();
				// the crash: Redis applied the award, the commit of its outcome and its
				// standing row never happened, so the row is pending again
				JdbcTemplate jdbc = new JdbcTemplate(database.dataSource());
				jdbc.update("DELETE FROM activity_rank_ledger_standing");
				jdbc.update("UPDATE activity_rank_ledger SET state = " + AwardLedger.PENDING
						+ ", outcome = NULL, applied_points = NULL, applied_at = NULL");

				relay.wake();
				assertThat(relay.awaitIdle(WAIT)).isTrue();

				assertThat(lastRow(database.dataSource())).containsEntry("outcome", "ALREADY_AWARDED");
				assertThat(standing(database.dataSource(), "amy")).isEqualTo(1);
				this.clock.advance(Duration.ofDays(40));
				assertThat(ranks.award("amy", "a1", "praise").outcome()).isEqualTo(Outcome.ALREADY_AWARDED);
				assertThat(total(ranks, "amy")).isEqualTo(5);
				// and the restored row lets a late un-praise take the points back
				assertThat(ranks.revoke("amy", "a1", "praise").outcome()).isEqualTo(Outcome.REVOKED);
				assertThat(ranks.board(Period.TOTAL).rankOf("amy")).isEmpty();
			});
		}
	}

	private static Map<String, Object> lastRow(DataSource dataSource) {
		List<Map<String, Object>> rows = new JdbcTemplate(dataSource)
			.queryForList("SELECT outcome, applied_points, revoked_id FROM activity_rank_ledger ORDER BY id DESC");
		return rows.get(0);
	}

	private static long awardId(TestDatabase database, String user) {
		Long id = new JdbcTemplate(database.dataSource()).queryForObject(
				"SELECT MIN(id) FROM activity_rank_ledger WHERE kind = 'AWARD' AND user_id = ?", Long.class, user);
		return (id != null) ? id : -1;
	}

	private static long standing(DataSource dataSource, String user) {
		Long count = new JdbcTemplate(dataSource)
			.queryForObject("SELECT COUNT(*) FROM activity_rank_ledger_standing WHERE user_id = ?", Long.class, user);
		return (count != null) ? count : 0;
	}

}
