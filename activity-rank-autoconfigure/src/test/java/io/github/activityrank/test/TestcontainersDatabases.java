package io.github.activityrank.test;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.mariadb.MariaDBContainer;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * Starts a database server in a container when a Docker engine answers. Kept apart so
 * that a missing Testcontainers jar only disables this option.
 */
final class TestcontainersDatabases {

	static final String POSTGRES_IMAGE = "postgres:16-alpine";

	static final String MARIADB_IMAGE = "mariadb:11";

	private TestcontainersDatabases() {
	}

	@SuppressWarnings("resource") // stopped by close(), or Testcontainers' reaper at the
									// latest
	static DatabaseServer start(DatabaseEngine engine) throws ServerSearch.Unavailable {
		if (!DockerClientFactory.instance().isDockerAvailable()) {
			throw new ServerSearch.Unavailable("no Docker engine answers");
		}
		return switch (engine) {
			case POSTGRESQL -> {
				PostgreSQLContainer container = new PostgreSQLContainer(POSTGRES_IMAGE);
				container.start();
				yield new DatabaseServer(engine, container.getJdbcUrl(), container.getUsername(),
						container.getPassword(), "Testcontainers " + POSTGRES_IMAGE, container::stop);
			}
			case MARIADB -> {
				// root, not the image's default user, may create databases
				MariaDBContainer container = new MariaDBContainer(MARIADB_IMAGE).withUsername("root");
				container.start();
				yield new DatabaseServer(engine, container.getJdbcUrl(), container.getUsername(),
						container.getPassword(), "Testcontainers " + MARIADB_IMAGE, container::stop);
			}
			case H2 -> throw new ServerSearch.Unavailable("H2 needs no container");
		};
	}

}
