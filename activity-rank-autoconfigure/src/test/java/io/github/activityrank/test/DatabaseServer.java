package io.github.activityrank.test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;

/**
 * A database server the tests may create databases on, reached through an administration
 * JDBC URL, and where it came from. Names of created databases are unique
 * ({@code ar_<label>_<random>}), so tests running at once never share one.
 */
final class DatabaseServer implements AutoCloseable {

	private final DatabaseEngine engine;

	private final String adminUrl;

	private final String user;

	private final String password;

	private final String source;

	/** Stops a server the tests started; does nothing for one they found. */
	private final AutoCloseable stop;

	DatabaseServer(DatabaseEngine engine, String adminUrl, String user, String password, String source,
			AutoCloseable stop) {
		this.engine = engine;
		this.adminUrl = adminUrl;
		this.user = user;
		this.password = password;
		this.source = source;
		this.stop = stop;
	}

	/**
	 * The in-memory H2 of this JVM.
	 */
	static DatabaseServer h2() {
		return new DatabaseServer(DatabaseEngine.H2, null, DatabaseEngine.H2.defaultUser(), "", "H2 in memory", () -> {
		});
	}

	DatabaseEngine engine() {
		return this.engine;
	}

	String adminUrl() {
		return this.adminUrl;
	}

	String user() {
		return this.user;
	}

	String password() {
		return this.password;
	}

	String source() {
		return this.source;
	}

	/**
	 * Fail unless the server answers {@code SELECT 1} to the administration user.
	 * @return this server
	 * @throws SQLException when it does not
	 */
	DatabaseServer check() throws SQLException {
		try (Connection connection = adminConnection(); Statement statement = connection.createStatement()) {
			statement.execute("SELECT 1");
		}
		return this;
	}

	/**
	 * Create a new, empty database with a unique name.
	 * @param label a readable part of the name, such as the test class
	 * @return the database, which the caller closes to drop it
	 */
	TestDatabase createDatabase(String label) {
		String name = uniqueName(label);
		if (this.engine != DatabaseEngine.H2) {
			execute(this.engine.createSql(name));
		}
		return new TestDatabase(this, name);
	}

	/**
	 * A JDBC URL of one database of this server.
	 * @param database the database name
	 * @return the URL
	 */
	String urlOf(String database) {
		if (this.engine == DatabaseEngine.H2) {
			return "jdbc:h2:mem:" + database + ";DB_CLOSE_DELAY=-1";
		}
		return withDatabase(this.adminUrl, database);
	}

	/**
	 * Whether a database of that name exists on this server.
	 */
	boolean exists(String database) {
		if (this.engine == DatabaseEngine.H2) {
			try (Connection connection = DriverManager.getConnection("jdbc:h2:mem:" + database + ";IFEXISTS=TRUE",
					this.user, this.password)) {
				return true;
			}
			catch (SQLException ex) {
				return false;
			}
		}
		try (Connection connection = adminConnection();
				Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery(this.engine.existsSql(database))) {
			return rows.next();
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not ask " + this + " for database " + database, ex);
		}
	}

	/**
	 * Drop a database, closing whatever connections are still open to it.
	 */
	void drop(String database) {
		if (this.engine == DatabaseEngine.H2) {
			try (Connection connection = DriverManager.getConnection(urlOf(database), this.user, this.password);
					Statement statement = connection.createStatement()) {
				statement.execute("SHUTDOWN");
			}
			catch (SQLException ex) {
				throw new IllegalStateException("Could not drop H2 database " + database, ex);
			}
			return;
		}
		this.engine.dropSql(database).forEach(this::execute);
	}

	private void execute(String sql) {
		try (Connection connection = adminConnection(); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not run [" + sql + "] on " + this, ex);
		}
	}

	private Connection adminConnection() throws SQLException {
		return DriverManager.getConnection(this.adminUrl, this.user, this.password);
	}

	/**
	 * A database name no other test uses: lower case, so PostgreSQL keeps it as written,
	 * and within the 63 characters PostgreSQL allows.
	 */
	static String uniqueName(String label) {
		String readable = label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
		if (readable.length() > 40) {
			readable = readable.substring(0, 40);
		}
		return "ar_" + readable + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
	}

	/**
	 * The same JDBC URL naming another database: {@code jdbc:x://host:port/db?params}
	 * with {@code db} replaced, or added when the URL names none.
	 * @param url a JDBC URL with a {@code //host:port} part
	 * @param database the database to name
	 * @return the URL
	 */
	static String withDatabase(String url, String database) {
		int authority = url.indexOf("//");
		if (!url.startsWith("jdbc:") || authority < 0) {
			throw new IllegalArgumentException("Not a jdbc:<driver>://host:port/database URL: " + url);
		}
		int parameters = indexOfAny(url, "?;", authority + 2);
		int end = (parameters < 0) ? url.length() : parameters;
		int slash = url.indexOf('/', authority + 2);
		int pathStart = (slash < 0 || slash > end) ? end : slash;
		return url.substring(0, pathStart) + "/" + database + url.substring(end);
	}

	private static int indexOfAny(String text, String characters, int from) {
		for (int i = from; i < text.length(); i++) {
			if (characters.indexOf(text.charAt(i)) >= 0) {
				return i;
			}
		}
		return -1;
	}

	@Override
	public void close() throws Exception {
		this.stop.close();
	}

	@Override
	public String toString() {
		return this.engine.displayName() + " at " + ((this.adminUrl != null) ? this.adminUrl : "mem") + " ("
				+ this.source + ")";
	}

}
