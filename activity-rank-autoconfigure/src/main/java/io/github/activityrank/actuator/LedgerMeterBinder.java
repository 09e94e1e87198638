package io.github.activityrank.actuator;

import io.github.activityrank.dispatch.LedgerCounter;
import io.github.activityrank.dispatch.LedgerCounters;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * The meters of the award ledger's relay, read from the relay's counters when the
 * registry asks: {@code activity.rank.ledger.applied}, {@code .set.aside} and
 * {@code .failed.passes} (function counters, one per {@link LedgerCounter}).
 */
public class LedgerMeterBinder implements MeterBinder {

	/** Prefix of the ledger relay's counters. */
	public static final String LEDGER = "activity.rank.ledger";

	private final LedgerCounters counters;

	/**
	 * Create the binder.
	 * @param counters the relay's counters
	 */
	public LedgerMeterBinder(LedgerCounters counters) {
		this.counters = counters;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		for (LedgerCounter counter : LedgerCounter.values()) {
			FunctionCounter.builder(LEDGER + "." + counter.meterName(), this.counters, (c) -> c.get(counter))
				.description(counter.description())
				.register(registry);
		}
	}

}
