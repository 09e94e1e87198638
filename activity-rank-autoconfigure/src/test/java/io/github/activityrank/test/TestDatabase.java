package io.github.activityrank.test;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

/**
 * A database created for one test, with a small connection pool to it. {@link #close()}
 * closes the pool and drops the database, so nothing is left behind.
 */
public final class TestDatabase implements AutoCloseable {

	private final DatabaseServer server;

	private final String name;

	private final HikariDataSource dataSource;

	TestDatabase(DatabaseServer server, String name) {
		this.server = server;
		this.name = name;
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl(server.urlOf(name));
		config.setUsername(server.user());
		config.setPassword(server.password());
		config.setPoolName("test-" + name);
		config.setMaximumPoolSize(5);
		config.setMinimumIdle(0);
		config.setConnectionTimeout(5000);
		try {
			this.dataSource = new HikariDataSource(config);
		}
		catch (RuntimeException ex) {
			server.drop(name);
			throw ex;
		}
	}

	/**
	 * The engine of the server the database is on.
	 * @return the engine
	 */
	public DatabaseEngine engine() {
		return this.server.engine();
	}

	/**
	 * The database's name, unique to this test.
	 * @return the name
	 */
	public String name() {
		return this.name;
	}

	/**
	 * A pooled data source for the database (at most five connections).
	 * @return the data source
	 */
	public DataSource dataSource() {
		return this.dataSource;
	}

	/**
	 * A JDBC URL of the database.
	 * @return the URL
	 */
	public String jdbcUrl() {
		return this.dataSource.getJdbcUrl();
	}

	/**
	 * The user the data source connects as.
	 * @return the user
	 */
	public String username() {
		return this.server.user();
	}

	/**
	 * The user's password, empty for none.
	 * @return the password
	 */
	public String password() {
		return this.server.password();
	}

	/**
	 * Properties that point Spring Boot's data source auto-configuration at this
	 * database.
	 * @return {@code spring.datasource.url}, {@code username} and {@code password}
	 */
	public String[] springProperties() {
		return new String[] { "spring.datasource.url=" + jdbcUrl(), "spring.datasource.username=" + username(),
				"spring.datasource.password=" + password() };
	}

	/**
	 * Whether the database exists on its server.
	 * @return {@code false} once it was dropped
	 */
	public boolean exists() {
		return this.server.exists(this.name);
	}

	/**
	 * Close the pool and drop the database.
	 */
	@Override
	public void close() {
		this.dataSource.close();
		this.server.drop(this.name);
	}

	@Override
	public String toString() {
		return this.name + " on " + this.server;
	}

}
