package io.github.activityrank.test;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Fresh databases for tests that need a relational database: each call creates a new,
 * empty database with a unique name on a real server, and closing it drops it. <pre>
 * try (TestDatabase database = TestDatabases.postgres()) {
 *     JdbcTemplate jdbc = new JdbcTemplate(database.dataSource());
 *     ...
 * }
 * </pre> Each engine's server is found once per JVM, in this order: the
 * {@code POSTGRES_URL} or {@code MARIADB_URL} environment variable (a JDBC URL, with
 * {@code _USER} and {@code _PASSWORD}), the machine's own server (PostgreSQL on
 * 127.0.0.1:5432 as {@code postgres}, MariaDB on 127.0.0.1:3306 as {@code root}, no
 * password), a Testcontainers container when a Docker engine answers, an embedded server
 * from a Maven artifact. When none can be had the call throws with every place tried:
 * database tests fail, they are never skipped. H2 is in memory.
 */
public final class TestDatabases {

	private static final Map<DatabaseEngine, DatabaseServer> servers = new ConcurrentHashMap<>();

	private TestDatabases() {
	}

	/**
	 * A new database on the PostgreSQL server.
	 * @return the database; close it to drop it
	 */
	public static TestDatabase postgres() {
		return create(DatabaseEngine.POSTGRESQL, "test");
	}

	/**
	 * A new database on the MariaDB server.
	 * @return the database; close it to drop it
	 */
	public static TestDatabase mariadb() {
		return create(DatabaseEngine.MARIADB, "test");
	}

	/**
	 * A new in-memory H2 database.
	 * @return the database; close it to drop it
	 */
	public static TestDatabase h2() {
		return create(DatabaseEngine.H2, "test");
	}

	/**
	 * A new database on the server of an engine.
	 * @param engine the engine
	 * @param label a readable part of the database's name, such as the test class
	 * @return the database; close it to drop it
	 * @throws IllegalStateException when no server of that engine can be had
	 */
	public static TestDatabase create(DatabaseEngine engine, String label) {
		return server(engine).createDatabase(label);
	}

	/**
	 * Where the databases of an engine are created, for log lines.
	 * @param engine the engine
	 * @return a short description of the server
	 */
	public static String describe(DatabaseEngine engine) {
		return server(engine).toString();
	}

	static DatabaseServer server(DatabaseEngine engine) {
		return servers.computeIfAbsent(engine, (key) -> DatabaseServers.locate(key, System.getenv(),
				DatabaseServers.LOCAL_HOST, key.localPort(), true, true));
	}

}
