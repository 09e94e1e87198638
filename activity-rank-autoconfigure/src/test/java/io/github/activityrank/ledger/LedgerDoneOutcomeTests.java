package io.github.activityrank.ledger;

import java.sql.Connection;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A direct call whose entry a relay applied between its insert and its lane lock answers
 * what the relay recorded: an entry set aside answers {@code SET_ASIDE} with Redis'
 * reason, as when the call applies it itself.
 */
class LedgerDoneOutcomeTests {

	static List<DatabaseEngine> engines() {
		return LedgerFixture.ENGINES;
	}

	@ParameterizedTest
	@MethodSource("engines")
	void anEntryTheRelaySetAsideAnswersSetAsideWithItsReason(DatabaseEngine engine) throws Exception {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			DataSource dataSource = database.dataSource();
			LedgerTables tables = new LedgerTables("done_");
			LedgerSchema.initialize(dataSource, LedgerDatabase.of(dataSource), LedgerSchemaMode.ALWAYS, tables);
			AwardLedger ledger = new AwardLedger(dataSource, tables);
			Instant at = Instant.parse("2026-03-10T12:00:00Z");
			try (Connection connection = dataSource.getConnection()) {
				long[] ids = ledger.insertPending(connection,
						List.of(ActivityEvent.award("ann", "p1", "post"), ActivityEvent.award("bob", "p2", "post")),
						at);
				String reason = "WRONGTYPE Operation against a key holding the wrong kind of value";
				assertThat(ledger.markSetAside(connection, ids[0], at, reason)).isTrue();

				Map<Long, AwardResult> done = ledger.outcomesOfDone(connection, ids);
				assertThat(done).containsOnlyKeys(ids[0]);
				assertThat(done.get(ids[0])).isEqualTo(AwardResult.setAside(reason));
			}
		}
	}

}
