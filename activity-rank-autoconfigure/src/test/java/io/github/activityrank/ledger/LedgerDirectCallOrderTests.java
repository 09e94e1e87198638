package io.github.activityrank.ledger;

import java.sql.Connection;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.jdbc.core.JdbcTemplate;

import static io.github.activityrank.ledger.LedgerFixture.count;
import static io.github.activityrank.ledger.LedgerFixture.total;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A direct call with the ledger on applies its users' entries that are still pending
 * before its own (an annotated award the relay has not reached yet), so a direct revoke
 * never overtakes its award, and the boards agree with a rebuild. On PostgreSQL, MariaDB
 * and H2.
 */
class LedgerDirectCallOrderTests extends LedgerTestBase {

	@ParameterizedTest
	@MethodSource("engines")
	void aDirectRevokeTakesBackTheAwardThatIsStillPending(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				// no relay: the annotated awards stay pending, as in the moment before it
				// runs
				context.getBean(LedgerRelay.class).stop();
				ActivityRankService service = context.getBean(ActivityRankService.class);
				context.getBean(AwardLedger.class)
					.appendPending(List.of(ActivityEvent.award("amy", "p1", "post"),
							ActivityEvent.award("amy", "p2", "like"), ActivityEvent.award("ben", "p1", "post")),
							Instant.now());

				AwardResult revoked = service.revoke("amy", "p1", "post");

				assertThat(revoked.outcome()).isEqualTo(AwardResult.Outcome.REVOKED);
				assertThat(revoked.points()).isEqualTo(1);
				// amy's other pending award went first too; ben's waits for the relay
				assertThat(total(service, "amy")).isEqualTo(2);
				assertThat(total(service, "ben")).isZero();
				assertThat(count(database.dataSource(), "state = " + AwardLedger.PENDING)).isEqualTo(1);
				assertThat(context.getBean(ActivityRankAdmin.class).rebuild(true).entries()).isPositive();
				assertThat(total(service, "amy")).isEqualTo(2);
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void eachUserIsReadBelowItsOwnFirstEntryOfTheCall(DatabaseEngine engine) throws Exception {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				context.getBean(LedgerRelay.class).stop();
				AwardLedger ledger = context.getBean(AwardLedger.class);
				// ids as two writers interleave them: a call writes ann's award (first),
				// another writer bob's award (first + 1), then the call bob's revoke
				// (first + 2)
				ledger.appendPending(List.of(ActivityEvent.award("ann", "p0", "post"),
						ActivityEvent.award("bob", "p1", "post"), ActivityEvent.revoke("bob", "p1", "post")),
						Instant.now());
				long first = new JdbcTemplate(database.dataSource())
					.queryForObject("SELECT MIN(id) FROM activity_rank_ledger", Long.class);
				try (Connection connection = database.dataSource().getConnection()) {
					List<LedgerEntry> earlier = ledger.pendingBefore(connection,
							Map.of("ann", first, "bob", first + 2));
					// bob's award goes first, although its id is above the call's first
					assertThat(earlier).extracting(LedgerEntry::id).containsExactly(first + 1);
				}
			});
		}
	}

}
