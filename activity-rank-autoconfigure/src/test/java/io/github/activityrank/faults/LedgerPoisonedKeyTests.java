package io.github.activityrank.faults;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.dispatch.LedgerCounter;
import io.github.activityrank.dispatch.LedgerCounters;
import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.TestDatabase;
import io.github.activityrank.test.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;

import static io.github.activityrank.faults.FaultFixture.POISONED;
import static io.github.activityrank.faults.FaultFixture.score;
import static io.github.activityrank.faults.FaultPaths.PATIENCE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A key of the wrong type on the ledger's relay path: the rows of the poisoned user are
 * set aside in the ledger (their state says so, the relay counts them) as soon as Redis
 * answers that they fail for good, every other row is applied once, and
 * {@link ActivityRankAdmin#reapplySetAside()} after the cure makes them pending again for
 * the relay to apply.
 */
class LedgerPoisonedKeyTests {

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	@AfterEach
	void closeRedis() {
		this.redis.close();
	}

	@Test
	void poisonedRowsAreSetAsideInTheLedgerTheRestAppliedAndReappliedAfterTheCure() {
		try (TestDatabase database = TestDatabases.h2()) {
			FaultPaths.ledgerRunner(FaultFixture.runner(this.redis), database.dataSource()).run((context) -> {
				ActivityRankService service = context.getBean(ActivityRankService.class);
				ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
				LedgerCounters relay = context.getBean(LedgerCounters.class);
				FaultFixture.Praises praises = context.getBean(FaultFixture.Praises.class);
				JdbcTemplate jdbc = new JdbcTemplate(database.dataSource());
				FaultFixture.poison(this.redis);
				for (int c = 0; c < 200; c++) {
					praises.praise("u" + (c % 10), "f" + c);
					if (c % 40 == 0) {
						praises.praise(POISONED, "p" + c);
					}
				}
				assertThat(admin.awaitApplied(PATIENCE)).as("relayed").isTrue();
				for (int u = 0; u < 10; u++) {
					assertThat(score(service, "u" + u)).as("u" + u).isEqualTo(20);
				}
				assertThat(admin.setAside(100)).hasSize(5).allSatisfy((award) -> {
					assertThat(award.event().userId()).isEqualTo(POISONED);
					// kept with Redis' reply and its time, as without the ledger
					assertThat(award.reason()).contains("WRONGTYPE");
					assertThat(award.setAsideAt()).isNotNull();
				});
				assertThat(jdbc.queryForList("SELECT DISTINCT user_id FROM activity_rank_ledger WHERE state = 2",
						String.class))
					.as("rows set aside")
					.containsExactly(POISONED);
				// a healthy row that shared the failed script call with a poisoned one
				// may
				// have been applied by it and then answer ALREADY_AWARDED: its points
				// count once, as the scores show
				assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM activity_rank_ledger WHERE state = 1"
						+ " AND outcome IN ('AWARDED', 'ALREADY_AWARDED')", Long.class))
					.as("rows applied")
					.isEqualTo(200);
				assertThat(relay.get(LedgerCounter.SET_ASIDE)).isEqualTo(5);

				FaultFixture.cure(this.redis);
				assertThat(admin.reapplySetAside()).isEqualTo(5);
				assertThat(admin.awaitApplied(PATIENCE)).as("relayed again").isTrue();
				assertThat(score(service, POISONED)).isEqualTo(5);
				assertThat(admin.setAside(100)).isEmpty();
			});
		}
	}

}
