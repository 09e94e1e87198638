package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import javax.sql.DataSource;

import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The shipped schema scripts, on each database and for each {@code initialize-schema}
 * mode.
 */
class LedgerSchemaTests {

	static Stream<DatabaseEngine> engines() {
		return LedgerFixture.ENGINES.stream();
	}

	@ParameterizedTest
	@MethodSource("engines")
	void alwaysCreatesTheTablesAndLanesAndMayRunAgain(DatabaseEngine engine) throws SQLException {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			DataSource dataSource = database.dataSource();
			LedgerDatabase kind = LedgerDatabase.of(dataSource);
			LedgerTables tables = new LedgerTables("shop_");
			assertThat(LedgerSchema.initialize(dataSource, kind, LedgerSchemaMode.ALWAYS, tables)).isTrue();
			assertThat(LedgerSchema.initialize(dataSource, kind, LedgerSchemaMode.ALWAYS, tables)).isTrue();
			assertThat(rowsOf(dataSource, "shop_ledger")).isZero();
			assertThat(rowsOf(dataSource, "shop_ledger_lane")).isEqualTo(AwardLedger.LANES);
			assertThat(exists(dataSource, "activity_rank_ledger")).isFalse();
			// every database gets the same indexes from the one schema the build writes
			// out
			assertThat(indexColumns(dataSource, "shop_ledger"))
				.containsEntry("shop_ledger_pending", List.of("state", "lane", "id"))
				.containsEntry("shop_ledger_age", List.of("state", "event_at"))
				.containsEntry("shop_ledger_user_state", List.of("user_id", "state", "id"));
			assertThat(indexColumns(dataSource, "shop_ledger_standing")).containsEntry("shop_ledger_standing_user",
					List.of("user_id", "field"));
			assertThat(indexColumns(dataSource, "shop_archive")).containsEntry("shop_archive_user",
					List.of("user_id", "board"));
			assertThat(indexColumns(dataSource, "shop_top_badge")).containsEntry("shop_top_badge_user",
					List.of("user_id", "badge"));
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void embeddedCreatesTheTablesOnlyInAnEmbeddedDatabase(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			DataSource dataSource = database.dataSource();
			LedgerDatabase kind = LedgerDatabase.of(dataSource);
			boolean ran = LedgerSchema.initialize(dataSource, kind, LedgerSchemaMode.EMBEDDED,
					new LedgerTables(LedgerTables.DEFAULT_PREFIX));
			assertThat(ran).isEqualTo(engine == DatabaseEngine.H2);
			assertThat(exists(dataSource, "activity_rank_ledger")).isEqualTo(engine == DatabaseEngine.H2);
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void neverCreatesNothing(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			DataSource dataSource = database.dataSource();
			assertThat(LedgerSchema.initialize(dataSource, LedgerDatabase.of(dataSource), LedgerSchemaMode.NEVER,
					new LedgerTables(LedgerTables.DEFAULT_PREFIX)))
				.isFalse();
			assertThat(exists(dataSource, "activity_rank_ledger")).isFalse();
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void recognisesTheDatabase(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			assertThat(LedgerDatabase.of(database.dataSource()).name()).isEqualTo(engine.name());
		}
	}

	@Test
	void refusesAnUnsupportedDatabaseNamingTheSwitch() {
		assertThatIllegalStateException().isThrownBy(() -> LedgerDatabase.ofProduct("Oracle", "19c"))
			.withMessageContaining("not Oracle")
			.withMessageContaining("activity-rank.ledger.enabled=false");
	}

	@Test
	void takesAMariaDbServerForMariaDbEvenWhenItsDriverNamesMySql() {
		assertThat(LedgerDatabase.ofProduct("MySQL", "10.11.6-MariaDB-0+deb12u1")).isEqualTo(LedgerDatabase.MARIADB);
		assertThat(LedgerDatabase.ofProduct("MySQL", "5.5.5-10.6.16-MariaDB")).isEqualTo(LedgerDatabase.MARIADB);
		assertThat(LedgerDatabase.ofProduct("MariaDB", "11.4.2")).isEqualTo(LedgerDatabase.MARIADB);
	}

	@Test
	void refusesMySqlAtStartNamingWhatToUseInstead() {
		assertThatIllegalStateException().isThrownBy(() -> LedgerDatabase.ofProduct("MySQL", "8.0.36"))
			.withMessageContaining("does not support MySQL (8.0.36)")
			.withMessageContaining("MariaDB")
			.withMessageContaining("activity-rank.ledger.enabled=false");
	}

	@ParameterizedTest
	@MethodSource("engines")
	void replacesTheUserIndexOfEarlierVersionsWithOneOnUserStateAndId(DatabaseEngine engine) throws SQLException {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			DataSource dataSource = database.dataSource();
			LedgerDatabase kind = LedgerDatabase.of(dataSource);
			LedgerTables tables = new LedgerTables("old_");
			LedgerSchema.initialize(dataSource, kind, LedgerSchemaMode.ALWAYS, tables);
			// the user index as earlier versions made it
			JdbcTemplate jdbc = new JdbcTemplate(dataSource);
			jdbc.execute(
					"DROP INDEX old_ledger_user_state" + ((engine == DatabaseEngine.MARIADB) ? " ON old_ledger" : ""));
			jdbc.execute("CREATE INDEX old_ledger_user ON old_ledger (user_id)");
			assertThat(indexColumns(dataSource, "old_ledger")).containsKey("old_ledger_user")
				.doesNotContainKey("old_ledger_user_state");
			LedgerSchema.initialize(dataSource, kind, LedgerSchemaMode.ALWAYS, tables);
			assertThat(indexColumns(dataSource, "old_ledger")).doesNotContainKey("old_ledger_user")
				.containsEntry("old_ledger_user_state", List.of("user_id", "state", "id"));
		}
	}

	@Test
	void shipsOneScriptPerDatabaseWithThePrefixPlaceholder() {
		for (LedgerDatabase database : LedgerDatabase.values()) {
			assertThat(LedgerSchema.script(database)).as(database.script())
				.contains("CREATE TABLE IF NOT EXISTS %PREFIX%ledger (")
				.contains("%PREFIX%ledger_lane")
				.doesNotContain("@"); // every form of the database filled in at build
										// time
		}
	}

	private static long rowsOf(DataSource dataSource, String table) {
		Long count = new JdbcTemplate(dataSource).queryForObject("SELECT COUNT(*) FROM " + table, Long.class);
		return (count != null) ? count : 0;
	}

	/** A table's indexes by name, each with its columns in order; names in lower case. */
	private static Map<String, List<String>> indexColumns(DataSource dataSource, String table) throws SQLException {
		Map<String, List<String>> indexes = new TreeMap<>();
		try (Connection connection = dataSource.getConnection()) {
			DatabaseMetaData metaData = connection.getMetaData();
			String name = metaData.storesUpperCaseIdentifiers() ? table.toUpperCase(Locale.ROOT) : table;
			try (ResultSet rows = metaData.getIndexInfo(connection.getCatalog(), null, name, false, false)) {
				Map<String, Map<Short, String>> columns = new TreeMap<>();
				while (rows.next()) {
					if (rows.getString("INDEX_NAME") != null && rows.getString("COLUMN_NAME") != null) {
						columns
							.computeIfAbsent(rows.getString("INDEX_NAME").toLowerCase(Locale.ROOT),
									(key) -> new TreeMap<>())
							.put(rows.getShort("ORDINAL_POSITION"),
									rows.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
					}
				}
				columns.forEach((index, byPosition) -> indexes.put(index, new ArrayList<>(byPosition.values())));
			}
		}
		return indexes;
	}

	private static boolean exists(DataSource dataSource, String table) {
		try {
			rowsOf(dataSource, table);
			return true;
		}
		catch (DataAccessException ex) {
			return false;
		}
	}

}
