package io.github.activityrank.actuator;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.dispatch.DispatchCounter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dispatch meters follow {@link DispatchCounter}, under the names and descriptions
 * they always had.
 */
class ActivityRankMeterBinderTests {

	private final AwardDispatchCounters counters = new AwardDispatchCounters();

	private final MeterRegistry registry = new SimpleMeterRegistry();

	@Test
	void registersOneFunctionCounterPerDispatchCounterUnderItsOldName() {
		new ActivityRankMeterBinder(null, this.counters, null).bindTo(this.registry);
		Map<String, String> meters = new LinkedHashMap<>();
		this.registry.getMeters()
			.forEach((meter) -> meters.put(meter.getId().getName(), meter.getId().getDescription()));
		Map<String, String> expected = new LinkedHashMap<>();
		expected.put("activity.rank.dispatch.queued", "Awards put on the background queue");
		expected.put("activity.rank.dispatch.applied",
				"Dispatched awards the service answered (any outcome but rejected)");
		expected.put("activity.rank.dispatch.rejected", "Dispatched awards the service rejected as invalid");
		expected.put("activity.rank.dispatch.failed",
				"Dispatched awards lost to an error with no retry buffer to keep them");
		expected.put("activity.rank.dispatch.dropped", "Awards discarded because the queue was full or shutdown ended");
		expected.put("activity.rank.dispatch.caller.runs",
				"Awards whose caller waited for them because the queue was full");
		expected.put("activity.rank.dispatch.evaluation.errors",
				"@ActivityScore annotations whose expressions gave no valid award");
		expected.put("activity.rank.dispatch.retry.buffered", "Awards put in the retry buffer");
		expected.put("activity.rank.dispatch.retried", "Awards the retry thread sent successfully");
		expected.put("activity.rank.dispatch.retry.dropped",
				"Awards lost from the retry buffer (full, or shutdown ended)");
		expected.put("activity.rank.dispatch.set.aside", "Awards set aside because they failed for good on their own");
		assertThat(meters).containsExactlyInAnyOrderEntriesOf(expected);
	}

	@Test
	void eachMeterReadsItsOwnCounter() {
		new ActivityRankMeterBinder(null, this.counters, null).bindTo(this.registry);
		for (DispatchCounter counter : DispatchCounter.values()) {
			this.counters.add(counter, counter.ordinal() + 1);
		}
		for (DispatchCounter counter : DispatchCounter.values()) {
			FunctionCounter meter = this.registry.get(ActivityRankMeterBinder.DISPATCH + "." + counter.meterName())
				.functionCounter();
			assertThat(meter.count()).as(counter.meterName()).isEqualTo(counter.ordinal() + 1);
		}
	}

}
