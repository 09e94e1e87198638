package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import javax.sql.DataSource;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.ledger.LedgerFixture.Posts;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.jdbc.core.JdbcTemplate;

import static io.github.activityrank.ledger.LedgerFixture.total;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code removeUser} with the ledger on erases the user from the database too, and only
 * that user: ids compare exactly, and refused ids are never written. On PostgreSQL,
 * MariaDB and H2.
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

	@ParameterizedTest
	@MethodSource("engines")
	void erasingAnIdWithATrailingSpaceNeverDeletesTheRowsOfTheIdWithout(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				DataSource dataSource = database.dataSource();
				ActivityRankService ranks = context.getBean(ActivityRankService.class);
				ranks.award("alice", "a1", "post");
				JdbcTemplate jdbc = new JdbcTemplate(dataSource);
				assertThat(rowsOf(jdbc, "alice")).containsExactly(1L, 1L, 0L);
				// the service refuses the id; the ledger's own erase compares ids exactly
				// (a PAD SPACE collation such as MariaDB's utf8mb4_bin finds 'alice' too)
				assertThat(ranks.removeUser("alice ")).isZero();
				try (Connection connection = dataSource.getConnection()) {
					context.getBean(AwardLedger.class).erase(connection, "alice ");
				}

				assertThat(rowsOf(jdbc, "alice")).containsExactly(1L, 1L, 0L);
				assertThat(total(ranks, "alice")).isEqualTo(1);
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void idsTheServiceRefusesAreNeverWrittenToTheLedger(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				DataSource dataSource = database.dataSource();
				ActivityRankService ranks = context.getBean(ActivityRankService.class);
				Posts posts = context.getBean(Posts.class);
				for (String user : List.of("bob\uD800", "\uDC00bob", "alice ", " alice", "alice\u00A0")) {
					assertThat(ranks.award(user, "f1", "post").outcome()).as(user).isEqualTo(Outcome.REJECTED);
					posts.post(user, "f2");
					assertThat(ranks.award("bob", "f\uD800", "post").outcome()).isEqualTo(Outcome.REJECTED);
				}
				assertThat(context.getBean(LedgerRelay.class).awaitIdle(Duration.ofSeconds(30))).isTrue();

				assertThat(LedgerFixture.count(dataSource, "")).isZero();
				assertThat(new JdbcTemplate(dataSource)
					.queryForObject("SELECT COUNT(*) FROM activity_rank_ledger_standing", Long.class)).isZero();
				assertThat(LedgerFixture.boardSum(ranks)).isZero();
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void theLedgerIsIndexedByUserForErasure(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				try (Connection connection = database.dataSource().getConnection()) {
					assertThat(indexedColumns(connection, "activity_rank_ledger")).contains("user_id");
				}
			});
		}
	}

	/** The first column of each index of a table, lower case. */
	private static List<String> indexedColumns(Connection connection, String table) throws SQLException {
		DatabaseMetaData meta = connection.getMetaData();
		String name = meta.storesUpperCaseIdentifiers() ? table.toUpperCase(Locale.ROOT) : table;
		List<String> columns = new ArrayList<>();
		try (ResultSet rows = meta.getIndexInfo(connection.getCatalog(), null, name, false, false)) {
			while (rows.next()) {
				if (rows.getShort("ORDINAL_POSITION") == 1) {
					columns.add(rows.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
				}
			}
		}
		return columns;
	}

	/** The user's rows in the ledger, the standing awards and the archive. */
	private static List<Long> rowsOf(JdbcTemplate jdbc, String user) {
		return Stream.of("activity_rank_ledger", "activity_rank_ledger_standing", "activity_rank_archive")
			.map((table) -> jdbc.queryForObject("SELECT COUNT(*) FROM " + table + " WHERE user_id = ?", Long.class,
					user))
			.toList();
	}

}
