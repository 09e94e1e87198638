package io.github.activityrank.faults;

import javax.sql.DataSource;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.dispatch.DispatchCounter;
import io.github.activityrank.dispatch.LedgerCounter;
import io.github.activityrank.dispatch.LedgerCounters;
import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.TestDatabase;
import io.github.activityrank.test.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;

import static io.github.activityrank.faults.FaultFixture.score;
import static io.github.activityrank.faults.FaultPaths.PATIENCE;
import static io.github.activityrank.faults.FaultPaths.PER_USER;
import static io.github.activityrank.faults.FaultPaths.USERS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The ledger's database refuses inserts (a trigger fails every insert into the ledger
 * table, on real PostgreSQL) while annotated awards are made outside a transaction: the
 * host methods return as usual, no award reaches Redis without its row, every award is
 * written and applied once the database takes inserts again, and a rebuild after the
 * test's keys are flushed restores every award. With
 * {@code activity-rank.ledger.redis-only-on-failure} they go to Redis alone, counted.
 */
class LedgerInsertFailureTests {

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	@AfterEach
	void closeRedis() {
		this.redis.close();
	}

	@Test
	void annotatedAwardsWhoseInsertFailsWaitForTheirRowsAndARebuildRestoresEveryOne() {
		try (TestDatabase database = TestDatabases.postgres()) {
			FaultPaths.ledgerRunner(FaultFixture.runner(this.redis), database.dataSource()).run((context) -> {
				ActivityRankService service = context.getBean(ActivityRankService.class);
				ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
				ActivityDispatcher dispatcher = context.getBean(ActivityDispatcher.class);
				FaultFixture.Praises praises = context.getBean(FaultFixture.Praises.class);
				JdbcTemplate jdbc = new JdbcTemplate(database.dataSource());
				for (int u = 0; u < USERS; u++) {
					praises.praise("u" + u, "before");
				}
				assertThat(admin.awaitApplied(PATIENCE)).isTrue();
				failInserts(database.dataSource());
				for (int c = 0; c < PER_USER; c++) {
					for (int u = 0; u < USERS; u++) {
						praises.praise("u" + u, "f" + c);
					}
				}
				assertThat(dispatcher.retryBufferSize()).as("waiting for their rows").isEqualTo(USERS * PER_USER);
				await("inserts tried again").atMost(PATIENCE)
					.until(() -> dispatcher.getCounters().get(DispatchCounter.RETRY_BUFFERED) >= USERS * PER_USER);
				for (int u = 0; u < USERS; u++) {
					assertThat(score(service, "u" + u)).as("u" + u + " without rows").isEqualTo(1);
				}
				allowInserts(database.dataSource());
				assertThat(admin.awaitApplied(PATIENCE)).isTrue();
				assertExactScores(service);
				assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM activity_rank_ledger", Long.class))
					.isEqualTo(USERS * (PER_USER + 1));
				assertThat(dispatcher.getCounters().get(DispatchCounter.RETRY_DROPPED)).isZero();
				this.redis.command("FLUSHALL");
				admin.rebuild();
				assertExactScores(service);
			});
		}
	}

	@Test
	void withRedisOnlyOnFailureAnnotatedAwardsWhoseInsertFailsGoToRedisAloneAndAreCounted() {
		try (TestDatabase database = TestDatabases.postgres()) {
			FaultPaths.ledgerRunner(FaultFixture.runner(this.redis), database.dataSource())
				.withPropertyValues("activity-rank.ledger.redis-only-on-failure=true")
				.run((context) -> {
					ActivityRankService service = context.getBean(ActivityRankService.class);
					ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
					LedgerCounters ledger = context.getBean(LedgerCounters.class);
					FaultFixture.Praises praises = context.getBean(FaultFixture.Praises.class);
					for (int u = 0; u < USERS; u++) {
						praises.praise("u" + u, "before");
					}
					assertThat(admin.awaitApplied(PATIENCE)).isTrue();
					failInserts(database.dataSource());
					for (int c = 0; c < PER_USER; c++) {
						for (int u = 0; u < USERS; u++) {
							praises.praise("u" + u, "f" + c);
						}
					}
					assertThat(admin.awaitApplied(PATIENCE)).isTrue();
					assertExactScores(service);
					assertThat(ledger.get(LedgerCounter.REDIS_ONLY)).isEqualTo(USERS * PER_USER);
					allowInserts(database.dataSource());
				});
		}
	}

	/** Every insert into the ledger table fails until {@link #allowInserts}. */
	private static void failInserts(DataSource dataSource) {
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.execute("CREATE OR REPLACE FUNCTION activity_rank_test_refuse() RETURNS trigger AS $$ BEGIN "
				+ "RAISE EXCEPTION 'the test refuses inserts'; END $$ LANGUAGE plpgsql");
		jdbc.execute("CREATE TRIGGER activity_rank_test_refuse BEFORE INSERT ON activity_rank_ledger "
				+ "FOR EACH STATEMENT EXECUTE FUNCTION activity_rank_test_refuse()");
	}

	private static void allowInserts(DataSource dataSource) {
		new JdbcTemplate(dataSource).execute("DROP TRIGGER activity_rank_test_refuse ON activity_rank_ledger");
	}

	private static void assertExactScores(ActivityRankService service) {
		for (int u = 0; u < USERS; u++) {
			assertThat(score(service, "u" + u)).as("u" + u).isEqualTo(PER_USER + 1);
		}
	}

}
