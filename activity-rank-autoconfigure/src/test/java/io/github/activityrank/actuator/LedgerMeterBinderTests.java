package io.github.activityrank.actuator;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.activityrank.dispatch.LedgerCounter;
import io.github.activityrank.dispatch.LedgerCounters;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ledger relay's meters follow {@link LedgerCounter}: one function counter each,
 * under {@code activity.rank.ledger.}, reading the relay's own total.
 */
class LedgerMeterBinderTests {

	private final Map<LedgerCounter, Long> totals = new LinkedHashMap<>();

	private final LedgerCounters relay = new LedgerCounters() {

		@Override
		public long get(LedgerCounter counter) {
			return LedgerMeterBinderTests.this.totals.getOrDefault(counter, 0L);
		}

		@Override
		public int setAsideAfter() {
			return 5;
		}

	};

	@Test
	void registersOneFunctionCounterPerLedgerCounterReadingItsTotal() {
		MeterRegistry registry = new SimpleMeterRegistry();
		new LedgerMeterBinder(this.relay).bindTo(registry);
		this.totals.put(LedgerCounter.APPLIED, 7L);
		this.totals.put(LedgerCounter.SET_ASIDE, 2L);
		this.totals.put(LedgerCounter.FAILED_PASSES, 1L);
		assertThat(registry.get("activity.rank.ledger.applied").functionCounter().count()).isEqualTo(7);
		assertThat(registry.get("activity.rank.ledger.set.aside").functionCounter().count()).isEqualTo(2);
		assertThat(registry.get("activity.rank.ledger.set.aside").functionCounter().getId().getDescription())
			.isEqualTo(LedgerCounter.SET_ASIDE.description());
		assertThat(registry.get("activity.rank.ledger.failed.passes").functionCounter().count()).isEqualTo(1);
		assertThat(registry.getMeters()).hasSize(LedgerCounter.values().length);
	}

}
