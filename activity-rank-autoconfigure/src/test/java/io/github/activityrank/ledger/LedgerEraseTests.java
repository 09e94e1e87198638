package io.github.activityrank.ledger;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import javax.sql.DataSource;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ledger.LedgerFixture.Posts;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.jdbc.core.JdbcTemplate;

import static io.github.activityrank.ledger.LedgerFixture.total;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code removeUser} with the ledger on erases the user from the database too. On
 * PostgreSQL, MariaDB and H2.
 */
class LedgerEraseTests extends LedgerTestBase {

	@ParameterizedTest
	@MethodSource("engines")
	void removeUserErasesTheUsersEntriesStandingAwardsAndArchivedStandings(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				DataSource dataSource = database.dataSource();
				ActivityRankService ranks = context.getBean(ActivityRankService.class);
				LedgerRelay relay = context.getBean(LedgerRelay.class);
				ranks.award("eve", "e1", "post");
				ranks.award("max", "m1", "post");
				context.getBean(Posts.class).post("eve", "e2");
				assertThat(relay.awaitIdle(Duration.ofSeconds(30))).isTrue();
				// a pending entry too: erased before the relay applies it
				relay.stop();
				context.getBean(AwardLedger.class)
					.appendPending(List.of(ActivityEvent.award("eve", "e3", "post")), Instant.now());
				JdbcTemplate jdbc = new JdbcTemplate(dataSource);
				jdbc.update(
						"INSERT INTO activity_rank_archive_board (board, ended_at, entries) VALUES ('day:20260101', 0, 2)");
				jdbc.update("INSERT INTO activity_rank_archive (board, entry_order, board_rank, user_id, points, score)"
						+ " VALUES ('day:20260101', 1, 1, 'eve', 3, 3), ('day:20260101', 2, 2, 'max', 1, 1)");
				assertThat(rowsOf(jdbc, "eve")).containsExactly(3L, 2L, 1L);

				ranks.removeUser("eve");

				assertThat(rowsOf(jdbc, "eve")).containsExactly(0L, 0L, 0L);
				assertThat(rowsOf(jdbc, "max")).containsExactly(1L, 1L, 1L);
				relay.start();
				assertThat(relay.awaitIdle(Duration.ofSeconds(30))).isTrue();
				assertThat(total(ranks, "eve")).isZero();
				assertThat(total(ranks, "max")).isEqualTo(1);
			});
		}
	}

	/** The user's rows in the ledger, the standing awards and the archive. */
	private static List<Long> rowsOf(JdbcTemplate jdbc, String user) {
		return Stream.of("activity_rank_ledger", "activity_rank_ledger_standing", "activity_rank_archive")
			.map((table) -> jdbc.queryForObject("SELECT COUNT(*) FROM " + table + " WHERE user_id = ?", Long.class,
					user))
			.toList();
	}

}
