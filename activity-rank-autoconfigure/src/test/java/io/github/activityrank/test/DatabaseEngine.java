package io.github.activityrank.test;

import java.util.List;

/**
 * The relational databases the tests create databases in, with what differs between them:
 * where a local server listens, the environment variables that name another one, and the
 * SQL that creates, finds and drops a database.
 */
public enum DatabaseEngine {

	/**
	 * PostgreSQL: a local server on 5432 with trust authentication for {@code postgres}.
	 */
	POSTGRESQL("PostgreSQL", "POSTGRES", 5432, "postgres") {

		@Override
		String localAdminUrl(String host, int port) {
			return "jdbc:postgresql://" + host + ":" + port + "/postgres?connectTimeout=2";
		}

		@Override
		String createSql(String database) {
			return "CREATE DATABASE \"" + database + "\"";
		}

		@Override
		List<String> dropSql(String database) {
			// DROP DATABASE refuses while anyone is connected; WITH (FORCE) would need
			// 13+
			return List.of("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + database
					+ "' AND pid <> pg_backend_pid()", "DROP DATABASE IF EXISTS \"" + database + "\"");
		}

		@Override
		String existsSql(String database) {
			return "SELECT 1 FROM pg_database WHERE datname = '" + database + "'";
		}

	},

	/** MariaDB: a local server on 3306 where {@code root} has no password. */
	MARIADB("MariaDB", "MARIADB", 3306, "root") {

		@Override
		String localAdminUrl(String host, int port) {
			return "jdbc:mariadb://" + host + ":" + port + "/?connectTimeout=2000";
		}

		@Override
		String createSql(String database) {
			return "CREATE DATABASE `" + database + "` CHARACTER SET utf8mb4";
		}

		@Override
		List<String> dropSql(String database) {
			return List.of("DROP DATABASE IF EXISTS `" + database + "`");
		}

		@Override
		String existsSql(String database) {
			return "SELECT 1 FROM information_schema.schemata WHERE schema_name = '" + database + "'";
		}

	},

	/** H2 in memory, in this JVM: always there. */
	H2("H2", null, 0, "sa") {

		@Override
		String localAdminUrl(String host, int port) {
			throw new UnsupportedOperationException("H2 runs in memory, it has no server");
		}

		@Override
		String createSql(String database) {
			throw new UnsupportedOperationException("H2 creates an in-memory database on first connection");
		}

		@Override
		List<String> dropSql(String database) {
			return List.of("SHUTDOWN");
		}

		@Override
		String existsSql(String database) {
			throw new UnsupportedOperationException("H2 is asked with IFEXISTS=TRUE");
		}

	};

	private final String displayName;

	private final String variablePrefix;

	private final int localPort;

	private final String defaultUser;

	DatabaseEngine(String displayName, String variablePrefix, int localPort, String defaultUser) {
		this.displayName = displayName;
		this.variablePrefix = variablePrefix;
		this.localPort = localPort;
		this.defaultUser = defaultUser;
	}

	/**
	 * The engine's name for messages.
	 * @return the name, such as {@code PostgreSQL}
	 */
	public String displayName() {
		return this.displayName;
	}

	/** {@code POSTGRES_URL}: a JDBC URL of a server to use instead of the local one. */
	String urlVariable() {
		return this.variablePrefix + "_URL";
	}

	String userVariable() {
		return this.variablePrefix + "_USER";
	}

	String passwordVariable() {
		return this.variablePrefix + "_PASSWORD";
	}

	int localPort() {
		return this.localPort;
	}

	String defaultUser() {
		return this.defaultUser;
	}

	/** A JDBC URL for administration on a server at that address, with short timeouts. */
	abstract String localAdminUrl(String host, int port);

	abstract String createSql(String database);

	/** Statements that drop a database, run in order on an administration connection. */
	abstract List<String> dropSql(String database);

	/** A query with a row when the database exists. */
	abstract String existsSql(String database);

}
