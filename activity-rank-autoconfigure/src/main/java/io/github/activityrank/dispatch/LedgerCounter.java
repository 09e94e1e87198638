package io.github.activityrank.dispatch;

import io.github.activityrank.support.CounterName;

/**
 * The running totals of the award ledger's relay, each named and described once for
 * everything that shows them: the meters ({@code activity.rank.ledger.} followed by
 * {@link #meterName()}) and the {@code ledger} section of the {@code activityrank}
 * actuator endpoint (field {@link #key()}). They live here, below the ledger, so that the
 * endpoint and the meters read them without depending on the ledger
 * ({@link LedgerCounters}).
 */
public enum LedgerCounter implements CounterName {

	/** Ledger rows this instance's relay applied to Redis (any outcome). */
	APPLIED("Ledger rows the activity-rank relay of this instance applied"),

	/**
	 * Ledger rows this instance's relay set aside: each failed for good on its own
	 * {@code set-aside-after} times (a Lua error, a key of the wrong type), was logged at
	 * WARN with the reason and stays in the table, marked set aside.
	 */
	SET_ASIDE("Ledger rows the activity-rank relay of this instance set aside because they failed for good"),

	/**
	 * Passes of the relay that failed because Redis or the database did not answer; their
	 * rows stayed pending and were tried again.
	 */
	FAILED_PASSES("Passes of the activity-rank ledger relay that failed and left their rows pending"),

	/**
	 * Awards of direct calls that this instance applied to Redis alone because the
	 * ledger's database could not write them
	 * ({@code activity-rank.ledger.redis-only-on-failure}); a rebuild does not restore
	 * them.
	 */
	REDIS_ONLY("Awards of direct activity-rank calls applied to Redis alone because the ledger could not write them");

	private final String description;

	LedgerCounter(String description) {
		this.description = description;
	}

	@Override
	public String description() {
		return this.description;
	}

}
