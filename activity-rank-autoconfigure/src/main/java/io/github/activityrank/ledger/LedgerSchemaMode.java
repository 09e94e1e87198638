package io.github.activityrank.ledger;

/**
 * When the starter creates the ledger's tables
 * ({@code activity-rank.ledger.initialize-schema}).
 */
public enum LedgerSchemaMode {

	/** Only in an embedded database (H2), as Spring Boot does for its own scripts. */
	EMBEDDED,

	/**
	 * On every start, in any supported database; the scripts only create what is missing.
	 */
	ALWAYS,

	/**
	 * Never: the application runs the shipped script itself (Flyway, Liquibase, by hand).
	 */
	NEVER

}
