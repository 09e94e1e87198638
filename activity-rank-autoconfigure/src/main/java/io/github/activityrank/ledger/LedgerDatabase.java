package io.github.activityrank.ledger;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;

import javax.sql.DataSource;

/**
 * The databases the ledger supports, each with its schema script in the jar. All of them
 * know {@code SELECT ... FOR UPDATE SKIP LOCKED}, which lets several relays share the
 * ledger.
 */
public enum LedgerDatabase {

	/** PostgreSQL 9.5 or later. */
	POSTGRESQL("schema-postgresql.sql", false),

	/**
	 * MariaDB 10.6 or later, also when its driver reports "MySQL". MySQL itself is
	 * refused: it lacks the script's {@code IF NOT EXISTS} forms and collation.
	 */
	MARIADB("schema-mariadb.sql", false),

	/** H2 2.x, embedded. */
	H2("schema-h2.sql", true);

	/** Where the scripts are in the jar. */
	public static final String SCRIPT_LOCATION = "io/github/activityrank/ledger/";

	private final String script;

	private final boolean embedded;

	LedgerDatabase(String script, boolean embedded) {
		this.script = script;
		this.embedded = embedded;
	}

	/**
	 * The schema script's class path location.
	 * @return for example {@code io/github/activityrank/ledger/schema-postgresql.sql}
	 */
	public String script() {
		return SCRIPT_LOCATION + this.script;
	}

	/**
	 * Whether the database runs inside the application, where
	 * {@link LedgerSchemaMode#EMBEDDED} creates the schema.
	 * @return {@code true} for H2
	 */
	boolean isEmbedded() {
		return this.embedded;
	}

	/**
	 * The database behind a data source, from its product name and version.
	 * @param dataSource the data source
	 * @return the database
	 * @throws IllegalStateException for a database the ledger does not support, or one
	 * that cannot be reached
	 */
	public static LedgerDatabase of(DataSource dataSource) {
		String product;
		String version;
		try (Connection connection = dataSource.getConnection()) {
			DatabaseMetaData metaData = connection.getMetaData();
			product = metaData.getDatabaseProductName();
			version = metaData.getDatabaseProductVersion();
		}
		catch (SQLException ex) {
			throw new IllegalStateException("activity-rank ledger could not reach its database: " + ex.getMessage(),
					ex);
		}
		return ofProduct(product, version);
	}

	static LedgerDatabase ofProduct(String product, String version) {
		String name = (product != null) ? product.toLowerCase(Locale.ROOT) : "";
		if (name.contains("postgres")) {
			return POSTGRESQL;
		}
		// a MariaDB server says so in its version ("10.11.6-MariaDB-..."), also to a
		// driver
		// that names the product "MySQL"
		boolean mariaDb = name.contains("mariadb")
				|| (version != null && version.toLowerCase(Locale.ROOT).contains("mariadb"));
		if (mariaDb) {
			return MARIADB;
		}
		if (name.contains("mysql")) {
			throw new IllegalStateException("activity-rank ledger does not support MySQL (" + version
					+ "): its schema script needs MariaDB 10.6+; use MariaDB or PostgreSQL, "
					+ "or set activity-rank.ledger.enabled=false");
		}
		if (name.equals("h2")) {
			return H2;
		}
		throw new IllegalStateException("activity-rank ledger supports PostgreSQL, MariaDB and H2, not " + product
				+ "; set activity-rank.ledger.enabled=false or use one of them");
	}

}
