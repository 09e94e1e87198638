package io.github.activityrank.ledger;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ScriptUtils;

/**
 * Creates the ledger's tables from the script shipped for the database, with
 * {@code %PREFIX%} replaced by the table prefix, as {@link LedgerSchemaMode} says.
 */
public final class LedgerSchema {

	private static final Log logger = LogFactory.getLog(LedgerSchema.class);

	/** What the scripts write where the table prefix goes. */
	public static final String PREFIX_PLACEHOLDER = "%PREFIX%";

	private LedgerSchema() {
	}

	/**
	 * Run the schema script when the mode asks for it.
	 * @param dataSource the application's data source
	 * @param database its database
	 * @param mode when to run the script
	 * @param tables the table names
	 * @return whether the script ran
	 */
	public static boolean initialize(DataSource dataSource, LedgerDatabase database, LedgerSchemaMode mode,
			LedgerTables tables) {
		if (mode == LedgerSchemaMode.NEVER || (mode == LedgerSchemaMode.EMBEDDED && !database.isEmbedded())) {
			return false;
		}
		String script = script(database).replace(PREFIX_PLACEHOLDER, tables.prefix());
		try (Connection connection = dataSource.getConnection()) {
			ScriptUtils.executeSqlScript(connection, new ByteArrayResource(script.getBytes(StandardCharsets.UTF_8)));
		}
		catch (SQLException ex) {
			throw new IllegalStateException("activity-rank ledger could not create its tables with " + database.script()
					+ ": " + ex.getMessage(), ex);
		}
		logger.info("activity-rank ledger tables " + tables.ledger() + " and " + tables.lanes() + " are in place ("
				+ database.script() + ")");
		return true;
	}

	/**
	 * The schema script of a database, with its placeholder.
	 * @param database the database
	 * @return the script's text
	 */
	public static String script(LedgerDatabase database) {
		try (InputStream in = new ClassPathResource(database.script(), LedgerSchema.class.getClassLoader())
			.getInputStream()) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new IllegalStateException("activity-rank ledger script " + database.script() + " is missing", ex);
		}
	}

}
