package io.github.activityrank.actuator;

import java.util.LinkedHashMap;

import io.github.activityrank.dispatch.LedgerCounter;
import io.github.activityrank.dispatch.LedgerCounters;

/**
 * The award ledger's relay on this instance: {@code setAsideAfter} (the
 * {@code activity-rank.ledger.set-aside-after} setting), then one field per
 * {@link LedgerCounter}, named by its {@link LedgerCounter#key() key}, counted since the
 * relay started. Read from the relay's memory: no query to the database. A map, so that
 * its JSON follows the counters without naming each one here.
 */
public final class LedgerDescriptor extends LinkedHashMap<String, Object> {

	private static final long serialVersionUID = 1L;

	LedgerDescriptor(LedgerCounters counters) {
		put("setAsideAfter", counters.setAsideAfter());
		for (LedgerCounter counter : LedgerCounter.values()) {
			put(counter.key(), counters.get(counter));
		}
	}

	/**
	 * How many times a row that fails for good on its own is tried before it is set
	 * aside.
	 * @return the setting
	 */
	public int setAsideAfter() {
		return (Integer) get("setAsideAfter");
	}

	/**
	 * One counter's total when the endpoint was read.
	 * @param counter the counter
	 * @return the count
	 */
	public long count(LedgerCounter counter) {
		return (Long) get(counter.key());
	}

	/**
	 * {@link LedgerCounter#SET_ASIDE}: rows set aside by this instance's relay.
	 * @return the count
	 */
	public long setAside() {
		return count(LedgerCounter.SET_ASIDE);
	}

}
