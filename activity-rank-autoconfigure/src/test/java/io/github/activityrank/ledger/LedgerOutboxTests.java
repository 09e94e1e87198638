package io.github.activityrank.ledger;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.ledger.LedgerFixture.Posts;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.context.ApplicationContext;
import org.springframework.transaction.support.TransactionTemplate;

import static io.github.activityrank.ledger.LedgerFixture.count;
import static io.github.activityrank.ledger.LedgerFixture.rows;
import static io.github.activityrank.ledger.LedgerFixture.total;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The transactional outbox: awards of annotations and events are ledger entries of the
 * caller's transaction, applied by the relay once that transaction commits; direct
 * service calls are recorded with their outcomes. On PostgreSQL, MariaDB and H2.
 */
class LedgerOutboxTests extends LedgerTestBase {

	private static final Duration WAIT = Duration.ofSeconds(20);

	@ParameterizedTest
	@MethodSource("engines")
	void rollbackLeavesNoEntryAndNoPoints(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				Posts posts = context.getBean(Posts.class);
				context.getBean(TransactionTemplate.class).executeWithoutResult((status) -> {
					posts.post("ann", "p1");
					status.setRollbackOnly();
				});
				// a later award of another user shows the relay has run past the rollback
				posts.post("bob", "p1");
				awaitIdle(context);
				ActivityRankService service = context.getBean(ActivityRankService.class);
				assertThat(total(service, "bob")).isEqualTo(1);
				assertThat(total(service, "ann")).isZero();
				assertThat(count(database.dataSource(), "user_id = 'ann'")).isZero();
				assertThat(count(database.dataSource(), "")).isOne();
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void anAnnotatedTransactionalMethodWritesItsAwardInsideItsTransaction(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				Posts posts = context.getBean(Posts.class);
				assertThatIllegalStateException().isThrownBy(() -> posts.postAndFailAtCommit("lou", "p1"))
					.withMessage("commit refused");
				posts.post("max", "p1");
				awaitIdle(context);
				// with the default orders the aspect runs inside @Transactional
				assertThat(count(database.dataSource(), "user_id = 'lou'")).isZero();
				assertThat(total(context.getBean(ActivityRankService.class), "lou")).isZero();
				assertThat(total(context.getBean(ActivityRankService.class), "max")).isOne();
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void commitWritesEveryAwardOfTheTransactionAndTheRelayAppliesThem(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				Posts posts = context.getBean(Posts.class);
				context.getBean(TransactionTemplate.class).executeWithoutResult((status) -> {
					posts.post("cy", "p1"); // +1
					posts.like("cy", "p2"); // two annotations, one insert: +2 +1
					// one insert of the caller's transaction, which sees its own rows
					assertThat(count(database.dataSource(), "")).isEqualTo(3);
				});
				awaitIdle(context);
				assertThat(total(context.getBean(ActivityRankService.class), "cy")).isEqualTo(4);
				List<Map<String, Object>> rows = rows(database.dataSource());
				assertThat(rows).hasSize(3).allSatisfy((row) -> {
					assertThat(((Number) row.get("state")).intValue()).isEqualTo(AwardLedger.APPLIED);
					assertThat(row.get("outcome")).isEqualTo("AWARDED");
					assertThat(row.get("kind")).isEqualTo("AWARD");
				});
				assertThat(rows).extracting((row) -> row.get("field")).containsExactly("p1", "p2", "liked-p2");
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void oneCallWithTwoAnnotationsCostsTheCallerOneInsert(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			CountingDataSource counting = new CountingDataSource(database.dataSource(),
					"INSERT INTO activity_rank_ledger (");
			LedgerFixture.runner(counting, this.prefix).run((context) -> {
				context.getBean(TransactionTemplate.class)
					.executeWithoutResult((status) -> context.getBean(Posts.class).like("kim", "p1"));
				assertThat(counting.count()).isOne();
				context.getBean(Posts.class).like("kim", "p2");
				assertThat(counting.count()).isEqualTo(2);
				awaitIdle(context);
				assertThat(total(context.getBean(ActivityRankService.class), "kim")).isEqualTo(6);
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void appliesAUsersAwardAndRevokeInOrder(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				Posts posts = context.getBean(Posts.class);
				posts.post("dee", "p1");
				posts.unpost("dee", "p1");
				posts.post("dee", "p2");
				awaitIdle(context);
				assertThat(total(context.getBean(ActivityRankService.class), "dee")).isEqualTo(1);
				assertThat(rows(database.dataSource())).extracting((row) -> row.get("outcome"))
					.containsExactly("AWARDED", "REVOKED", "AWARDED");
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void publishedEventsGoThroughTheLedger(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				context.publishEvent(ActivityEvent.award("eve", "e1", "post"));
				awaitIdle(context);
				assertThat(total(context.getBean(ActivityRankService.class), "eve")).isEqualTo(1);
				assertThat(count(database.dataSource(), "user_id = 'eve' AND outcome = 'AWARDED'")).isOne();
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void directCallsReturnTheRealResultAndAreRecordedWithIt(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				ActivityRankService service = context.getBean(ActivityRankService.class);
				assertThat(service.award("fay", "f1", "post").outcome()).isEqualTo(Outcome.AWARDED);
				assertThat(service.award("fay", "f1", "post").outcome()).isEqualTo(Outcome.ALREADY_AWARDED);
				assertThat(service.award("fay", "f2", 5).points()).isEqualTo(5);
				assertThat(service.award("fay", "f3", "no-such-rule").outcome()).isEqualTo(Outcome.REJECTED);
				assertThat(total(service, "fay")).isEqualTo(6);
				assertThat(rows(database.dataSource())).extracting((row) -> row.get("outcome"))
					.containsExactly("AWARDED", "ALREADY_AWARDED", "AWARDED", "REJECTED");
				assertThat(count(database.dataSource(), "state = " + AwardLedger.PENDING)).isZero();
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void awardsTheEngineRejectsNeverFailTheInsertOfGoodOnes(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				ActivityDispatcher dispatcher = context.getBean(ActivityDispatcher.class);
				dispatcher.dispatch(List.of(ActivityEvent.award("gil", "g1", "post"),
						ActivityEvent.award("x".repeat(500), "g1", "post"),
						ActivityEvent.award("gil\u0000", "g1", "post")));
				awaitIdle(context);
				assertThat(total(context.getBean(ActivityRankService.class), "gil")).isEqualTo(1);
				assertThat(count(database.dataSource(), "")).isOne();
				assertThat(dispatcher.getCounters().getRejected()).isEqualTo(2);
			});
		}
	}

	private static void awaitIdle(ApplicationContext context) {
		assertThat(context.getBean(ActivityDispatcher.class).awaitIdle(WAIT)).as("ledger drained").isTrue();
	}

}
