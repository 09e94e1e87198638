package io.github.activityrank.dispatch;

/**
 * What the award ledger's relay shows of itself, read from memory (never a query to the
 * database): its {@link LedgerCounter} totals since it was created and its
 * {@code set-aside-after} setting. The ledger's relay implements it; the actuator
 * endpoint and the meters, which may not depend on the ledger, read it.
 */
public interface LedgerCounters {

	/**
	 * One counter's total since the relay was created.
	 * @param counter the counter
	 * @return the count
	 */
	long get(LedgerCounter counter);

	/**
	 * How many times a row that fails for good on its own is tried before it is set aside
	 * ({@code activity-rank.ledger.set-aside-after}).
	 * @return 1 or more
	 */
	int setAsideAfter();

}
