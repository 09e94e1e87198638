package io.github.activityrank.autoconfigure;

import java.time.Duration;

import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.ledger.AwardLedger;
import io.github.activityrank.ledger.LedgerSchemaMode;
import io.github.activityrank.ledger.LedgerTables;

import static io.github.activityrank.autoconfigure.PropertyRequirements.positive;
import static io.github.activityrank.autoconfigure.PropertyRequirements.require;

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

	/**
	 * Check {@code activity-rank.ledger.*}; called by
	 * {@link ActivityRankPropertyChecks#check}.
	 */
	void check() {
		require(LedgerTables.isValidPrefix(this.tablePrefix), "activity-rank.ledger.table-prefix", this.tablePrefix,
				"The prefix starts the ledger's table names in SQL, so it must be a letter followed by up to 29 "
						+ "letters, digits or '_'. Set activity-rank.ledger.table-prefix to such a text, for example "
						+ LedgerTables.DEFAULT_PREFIX + " (the default).");
		require(this.initializeSchema != null, "activity-rank.ledger.initialize-schema", null,
				"Set activity-rank.ledger.initialize-schema to embedded (the default), always or never.");
		if (this.retention != null) {
			positive("activity-rank.ledger.retention", this.retention, "365d (or remove it to keep for ever)");
		}
		positive("activity-rank.ledger.poll-interval", this.pollInterval, "1s");
		require(this.batchSize >= 1 && this.batchSize <= ActivityStore.MAX_BATCH, "activity-rank.ledger.batch-size",
				this.batchSize,
				"One batch is one Redis script call, which holds 1 to " + ActivityStore.MAX_BATCH
						+ " awards. Set activity-rank.ledger.batch-size between 1 and " + ActivityStore.MAX_BATCH
						+ " (default " + ActivityStore.MAX_BATCH + ").");
		require(this.relayThreads >= 1 && this.relayThreads <= AwardLedger.LANES, "activity-rank.ledger.relay-threads",
				this.relayThreads,
				"Set activity-rank.ledger.relay-threads between 1 and " + AwardLedger.LANES + " (default 4).");
		require(this.setAsideAfter >= 1, "activity-rank.ledger.set-aside-after", this.setAsideAfter,
				"Set activity-rank.ledger.set-aside-after to 1 or more (default 5).");
		require(this.archiveSize >= 1, "activity-rank.ledger.archive-size", this.archiveSize,
				"Set activity-rank.ledger.archive-size to the entries kept per ended board, at least 1 (default 1000).");
	}

}
