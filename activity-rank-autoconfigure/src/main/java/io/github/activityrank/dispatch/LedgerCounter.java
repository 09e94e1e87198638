package io.github.activityrank.dispatch;

/**
 * The running totals of the award ledger's relay, each named and described once for
 * everything that shows them: the meters ({@code activity.rank.ledger.} followed by
 * {@link #meterName()}) and the {@code ledger} section of the {@code activityrank}
 * actuator endpoint (field {@link #key()}). They live here, below the ledger, so that the
 * endpoint and the meters read them without depending on the ledger
 * ({@link LedgerCounters}).
 */
public enum LedgerCounter {

	/** Ledger rows this instance's relay applied to Redis (any outcome). */
	APPLIED("applied", "applied", "Ledger rows the activity-rank relay of this instance applied"),

	/**
	 * Ledger rows this instance's relay set aside: each failed for good on its own
	 * {@code set-aside-after} times (a Lua error, a key of the wrong type), was logged at
	 * WARN with the reason and stays in the table, marked set aside.
	 */
	SET_ASIDE("set.aside", "setAside",
			"Ledger rows the activity-rank relay of this instance set aside because they failed for good"),

	/**
	 * Passes of the relay that failed because Redis or the database did not answer; their
	 * rows stayed pending and were tried again.
	 */
	FAILED_PASSES("failed.passes", "failedPasses",
			"Passes of the activity-rank ledger relay that failed and left their rows pending"),

	/**
	 * Awards of direct calls that this instance applied to Redis alone because the
	 * ledger's database could not write them
	 * ({@code activity-rank.ledger.redis-only-on-failure}); a rebuild does not restore
	 * them.
	 */
	REDIS_ONLY("redis.only", "redisOnly",
			"Awards of direct activity-rank calls applied to Redis alone because the ledger could not write them");

	private final String meterName;

	private final String key;

	private final String description;

	LedgerCounter(String meterName, String key, String description) {
		this.meterName = meterName;
		this.key = key;
		this.description = description;
	}

	/**
	 * The meter's name after {@code activity.rank.ledger.}, for example
	 * {@code set.aside}.
	 * @return the name
	 */
	public String meterName() {
		return this.meterName;
	}

	/**
	 * The field's name in the actuator endpoint's {@code ledger} object, for example
	 * {@code setAside}.
	 * @return the key
	 */
	public String key() {
		return this.key;
	}

	/**
	 * What the counter counts, in one line.
	 * @return the description
	 */
	public String description() {
		return this.description;
	}

}
