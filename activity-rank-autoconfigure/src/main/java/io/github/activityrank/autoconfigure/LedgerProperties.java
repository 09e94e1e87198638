package io.github.activityrank.autoconfigure;

import java.time.Duration;

import io.github.activityrank.ledger.LedgerSchemaMode;
import io.github.activityrank.ledger.LedgerTables;

/**
 * The durable award ledger: every award and revoke is written to a table of the
 * application's database first (in the caller's transaction when there is one), and a
 * relay applies it to Redis. Needs spring-jdbc and a DataSource.
 * <p>
 * Bound under {@code activity-rank.ledger.*} (see {@link ActivityRankProperties}).
 */
public class LedgerProperties {

	/**
	 * Whether awards go through the ledger table before Redis.
	 */
	private boolean enabled;

	/**
	 * When the starter creates the ledger's tables: "embedded" (only in an embedded
	 * database such as H2), "always" or "never" (run the shipped script yourself).
	 */
	private LedgerSchemaMode initializeSchema = LedgerSchemaMode.EMBEDDED;

	/**
	 * Prefix of the ledger's table names: a letter, then up to 29 letters, digits or '_'.
	 */
	private String tablePrefix = LedgerTables.DEFAULT_PREFIX;

	/**
	 * How long applied entries are kept, counted from the time of the award. Unset keeps
	 * them for ever; pending entries are always kept.
	 */
	private Duration retention;

	/**
	 * How long the relay sleeps when nothing is pending and no award woke it, and how
	 * long it waits after a failure before trying again.
	 */
	private Duration pollInterval = Duration.ofSeconds(1);

	/**
	 * Most entries of one lane the relay applies in one transaction, from 1 to 256; a
	 * transaction takes several lanes (16 / relay-threads), one Redis script call per 256
	 * entries.
	 */
	private int batchSize = 256;

	/**
	 * Entries of an ended day, week or month board or challenge kept in the database as
	 * its final standings, which queries read once the board is past its Redis retention.
	 */
	private int archiveSize = 1000;

	/**
	 * Threads of this instance that apply pending entries; they share the 16 lanes, as
	 * the relays of several instances do.
	 */
	private int relayThreads = 4;

	/**
	 * How many times the relay tries a pending entry that fails for good on its own
	 * before it sets it aside, when the service that applies entries throws (a service of
	 * the application's own): marked in the table (state 2, outcome SET_ASIDE), logged at
	 * WARN with the reason and counted, so the rest of its lane goes on. The starter's
	 * own service answers such an entry SET_ASIDE, and the relay sets it aside at once.
	 * Failures that waiting cures never count.
	 */
	private int setAsideAfter = 5;

	/**
	 * Whether awards whose ledger write fails are applied to Redis alone, counted
	 * (redisOnly in the actuator endpoint's ledger section) and logged at WARN at most
	 * once a minute, rather than failing (a direct call) or waiting in the retry buffer
	 * until the write succeeds (annotated awards outside a transaction); a rebuild does
	 * not restore such awards.
	 */
	private boolean redisOnlyOnFailure;

	public boolean isRedisOnlyOnFailure() {
		return this.redisOnlyOnFailure;
	}

	public void setRedisOnlyOnFailure(boolean redisOnlyOnFailure) {
		this.redisOnlyOnFailure = redisOnlyOnFailure;
	}

	public int getRelayThreads() {
		return this.relayThreads;
	}

	public void setRelayThreads(int relayThreads) {
		this.relayThreads = relayThreads;
	}

	public int getSetAsideAfter() {
		return this.setAsideAfter;
	}

	public void setSetAsideAfter(int setAsideAfter) {
		this.setAsideAfter = setAsideAfter;
	}

	public int getArchiveSize() {
		return this.archiveSize;
	}

	public void setArchiveSize(int archiveSize) {
		this.archiveSize = archiveSize;
	}

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public LedgerSchemaMode getInitializeSchema() {
		return this.initializeSchema;
	}

	public void setInitializeSchema(LedgerSchemaMode initializeSchema) {
		this.initializeSchema = initializeSchema;
	}

	public String getTablePrefix() {
		return this.tablePrefix;
	}

	public void setTablePrefix(String tablePrefix) {
		this.tablePrefix = tablePrefix;
	}

	public Duration getRetention() {
		return this.retention;
	}

	public void setRetention(Duration retention) {
		this.retention = retention;
	}

	public Duration getPollInterval() {
		return this.pollInterval;
	}

	public void setPollInterval(Duration pollInterval) {
		this.pollInterval = pollInterval;
	}

	public int getBatchSize() {
		return this.batchSize;
	}

	public void setBatchSize(int batchSize) {
		this.batchSize = batchSize;
	}

}
