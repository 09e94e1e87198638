package io.github.activityrank.test;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Where the database tests find their servers, and how they fail when they find none. The
 * machine's servers are not stopped for this: the local probe is pointed at a port
 * nothing listens on.
 */
class DatabaseServersTests {

	@ParameterizedTest
	@EnumSource(value = DatabaseEngine.class, names = { "POSTGRESQL", "MARIADB" })
	void withNoServerAnywhereTheFailureListsEveryPlaceTried(DatabaseEngine engine) {
		int unused = RedisTestServer.freePort();
		assertThatIllegalStateException()
			.isThrownBy(() -> DatabaseServers.locate(engine, Map.of(), "127.0.0.1", unused, true, false))
			.withMessageContaining("No " + engine.displayName() + " server for the tests. Tried, in this order:")
			.withMessageContaining("1. environment variable " + engine.urlVariable() + ": not set")
			.withMessageContaining("2. local server at 127.0.0.1:" + unused + " as " + engine.defaultUser() + ": ")
			.withMessageContaining("Connection refused")
			.withMessageContaining("3. Testcontainers: ")
			.withMessageContaining("Fix: set " + engine.urlVariable());
	}

	@ParameterizedTest
	@EnumSource(value = DatabaseEngine.class, names = { "POSTGRESQL", "MARIADB" })
	void aGivenUrlThatDoesNotAnswerIsAnErrorNotAReasonToLookElsewhere(DatabaseEngine engine) {
		String url = engine.localAdminUrl("127.0.0.1", RedisTestServer.freePort());
		assertThatIllegalStateException()
			.isThrownBy(() -> DatabaseServers.locate(engine, Map.of(engine.urlVariable(), url), "127.0.0.1",
					engine.localPort(), true, true))
			.withMessageContaining(engine.urlVariable() + "=" + url)
			.withMessageContaining("does not answer");
	}

	@ParameterizedTest
	@EnumSource(value = DatabaseEngine.class, names = { "POSTGRESQL", "MARIADB" })
	void aGivenUrlWinsOverEveryOtherPlace(DatabaseEngine engine) {
		DatabaseServer found = TestDatabases.server(engine);
		DatabaseServer given = DatabaseServers.locate(engine,
				Map.of(engine.urlVariable(), found.adminUrl(), engine.userVariable(), found.user(),
						engine.passwordVariable(), found.password()),
				"127.0.0.1", RedisTestServer.freePort(), false, false);
		assertThat(given.source()).isEqualTo(engine.urlVariable());
		try (TestDatabase database = given.createDatabase("given")) {
			assertThat(new JdbcTemplate(database.dataSource()).queryForObject("SELECT 1", Integer.class)).isEqualTo(1);
		}
	}

	@Test
	void aDatabaseIsNamedInTheUrlWhereverTheUrlPutsIt() {
		assertThat(DatabaseServer.withDatabase("jdbc:postgresql://db:5432/postgres?ssl=false", "x"))
			.isEqualTo("jdbc:postgresql://db:5432/x?ssl=false");
		assertThat(DatabaseServer.withDatabase("jdbc:postgresql://a:1,b:2/postgres", "x"))
			.isEqualTo("jdbc:postgresql://a:1,b:2/x");
		assertThat(DatabaseServer.withDatabase("jdbc:mariadb://db:3306/?connectTimeout=2000", "x"))
			.isEqualTo("jdbc:mariadb://db:3306/x?connectTimeout=2000");
		assertThat(DatabaseServer.withDatabase("jdbc:mariadb://db:3306", "x")).isEqualTo("jdbc:mariadb://db:3306/x");
	}

	@Test
	void databaseNamesAreUniqueLowerCaseAndShortEnoughForPostgres() {
		String name = DatabaseServer.uniqueName("A Very-Long Label ".repeat(10));
		assertThat(name).matches("ar_[a-z0-9_]+_[0-9a-f]{10}").hasSizeLessThanOrEqualTo(63);
		assertThat(DatabaseServer.uniqueName("x")).isNotEqualTo(DatabaseServer.uniqueName("x"));
	}

}
