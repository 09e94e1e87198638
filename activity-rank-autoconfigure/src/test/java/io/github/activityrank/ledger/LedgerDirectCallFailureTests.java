package io.github.activityrank.ledger;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.dispatch.LedgerCounter;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.github.activityrank.ledger.LedgerFixture.count;
import static io.github.activityrank.ledger.LedgerFixture.total;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * A direct {@code ActivityRankService} call whose ledger write fails: it fails and Redis
 * gets nothing, unless {@code activity-rank.ledger.redis-only-on-failure} sends it to
 * Redis alone, counted and logged at most once a minute. The ledger's table is renamed
 * away for the fault, as a database that refuses the insert. On PostgreSQL, MariaDB and
 * H2.
 */
@ExtendWith(OutputCaptureExtension.class)
class LedgerDirectCallFailureTests extends LedgerTestBase {

	private static final String LEDGER = "activity_rank_ledger";

	private static final String AWAY = "activity_rank_ledger_away";

	@ParameterizedTest
	@MethodSource("engines")
	void aDirectCallWhoseLedgerWriteFailsThrowsAndAppliesNothing(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				ActivityRankService service = context.getBean(ActivityRankService.class);
				JdbcTemplate jdbc = new JdbcTemplate(database.dataSource());
				jdbc.execute("ALTER TABLE " + LEDGER + " RENAME TO " + AWAY);
				assertThatIllegalStateException().isThrownBy(() -> service.award("ann", "p1", "post"))
					.withMessageContaining("none was applied")
					.withMessageContaining("activity-rank.ledger.redis-only-on-failure=true");
				assertThat(total(service, "ann")).isZero();
				jdbc.execute("ALTER TABLE " + AWAY + " RENAME TO " + LEDGER);
				// Redis has no record of the failed call: the same award scores now
				assertThat(service.award("ann", "p1", "post").outcome()).isEqualTo(Outcome.AWARDED);
				assertThat(total(service, "ann")).isOne();
				assertThat(count(database.dataSource(), "user_id = 'ann' AND outcome = 'AWARDED'")).isOne();
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void withRedisOnlyOnFailureTheCallGoesToRedisCountedAndWarnedOncePerMinute(DatabaseEngine engine,
			CapturedOutput output) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix)
				.withPropertyValues("activity-rank.ledger.redis-only-on-failure=true")
				.run((context) -> {
					ActivityRankService service = context.getBean(ActivityRankService.class);
					JdbcTemplate jdbc = new JdbcTemplate(database.dataSource());
					jdbc.execute("ALTER TABLE " + LEDGER + " RENAME TO " + AWAY);
					int before = warnings(output);
					assertThat(service.award("bea", "p1", "post").outcome()).isEqualTo(Outcome.AWARDED);
					assertThat(service.award("bea", "p2", "post").outcome()).isEqualTo(Outcome.AWARDED);
					assertThat(total(service, "bea")).isEqualTo(2);
					assertThat(context.getBean(LedgerRelay.class).get(LedgerCounter.REDIS_ONLY)).isEqualTo(2);
					assertThat(warnings(output) - before).isOne();
					jdbc.execute("ALTER TABLE " + AWAY + " RENAME TO " + LEDGER);
					assertThat(count(database.dataSource(), "user_id = 'bea'")).isZero();
				});
		}
	}

	private static int warnings(CapturedOutput output) {
		return (int) output.getAll()
			.lines()
			.filter((line) -> line.contains("WARN") && line.contains("redis-only-on-failure=true"))
			.count();
	}

}
