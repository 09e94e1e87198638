package io.github.activityrank.test;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every engine's test databases: real, fresh for each test, and gone after it.
 */
class TestDatabasesTests {

	@ParameterizedTest
	@EnumSource(DatabaseEngine.class)
	void aNewDatabaseAnswersSelectOne(DatabaseEngine engine) {
		try (TestDatabase database = TestDatabases.create(engine, "select_one")) {
			assertThat(new JdbcTemplate(database.dataSource()).queryForObject("SELECT 1", Integer.class)).isEqualTo(1);
			assertThat(database.engine()).isEqualTo(engine);
		}
	}

	@ParameterizedTest
	@EnumSource(DatabaseEngine.class)
	void aClosedDatabaseIsDroppedEvenWithATableAndAnOpenConnection(DatabaseEngine engine) throws SQLException {
		TestDatabase database = TestDatabases.create(engine, "create_drop");
		try (Connection open = database.dataSource().getConnection()) {
			new JdbcTemplate(database.dataSource()).execute("CREATE TABLE entry (id INT PRIMARY KEY)");
			assertThat(database.exists()).isTrue();
			database.close();
		}
		catch (RuntimeException ex) {
			database.close();
			throw ex;
		}
		assertThat(database.exists()).isFalse();
	}

	@ParameterizedTest
	@EnumSource(DatabaseEngine.class)
	void twoDatabasesAtOnceDoNotSeeEachOthersTables(DatabaseEngine engine) {
		try (TestDatabase first = TestDatabases.create(engine, "isolated");
				TestDatabase second = TestDatabases.create(engine, "isolated")) {
			assertThat(first.name()).isNotEqualTo(second.name());
			JdbcTemplate one = new JdbcTemplate(first.dataSource());
			JdbcTemplate two = new JdbcTemplate(second.dataSource());
			one.execute("CREATE TABLE entry (amount INT)");
			two.execute("CREATE TABLE entry (amount INT)");
			one.update("INSERT INTO entry VALUES (1)");
			one.update("INSERT INTO entry VALUES (2)");
			two.update("INSERT INTO entry VALUES (40)");
			assertThat(one.queryForList("SELECT amount FROM entry ORDER BY amount", Integer.class))
				.isEqualTo(List.of(1, 2));
			assertThat(two.queryForList("SELECT amount FROM entry", Integer.class)).isEqualTo(List.of(40));
		}
	}

	@ParameterizedTest
	@EnumSource(DatabaseEngine.class)
	void springPropertiesPointAtTheDatabase(DatabaseEngine engine) {
		try (TestDatabase database = TestDatabases.create(engine, "properties")) {
			assertThat(database.springProperties()).contains("spring.datasource.url=" + database.jdbcUrl(),
					"spring.datasource.username=" + database.username());
			assertThat(database.jdbcUrl()).contains(database.name());
		}
	}

}
