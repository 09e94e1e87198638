package io.github.activityrank.actuator;

import io.github.activityrank.ingest.IngestCounter;
import io.github.activityrank.ingest.IngestCounters;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * The meters of ingestion from Redis Streams, read from the ingester's counters when the
 * registry asks:
 * <ul>
 * <li>{@code activity.rank.ingest.consumed}, {@code .applied}, {@code .dead.lettered}
 * (function counters, one per {@link IngestCounter});</li>
 * <li>{@value #PENDING} (gauge): messages read by this instance and not yet
 * acknowledged;</li>
 * <li>{@value #LAG} (gauge): the age of the last message applied, over the partitions
 * this instance owns, in milliseconds.</li>
 * </ul>
 */
public class IngestMeterBinder implements MeterBinder {

	/** Prefix of the ingestion counters. */
	public static final String INGEST = "activity.rank.ingest";

	/** Messages being applied and not yet acknowledged. */
	public static final String PENDING = "activity.rank.ingest.pending";

	/** Age of the last message applied, in milliseconds. */
	public static final String LAG = "activity.rank.ingest.lag";

	private final IngestCounters counters;

	/**
	 * Create the binder.
	 * @param counters the ingester's counters
	 */
	public IngestMeterBinder(IngestCounters counters) {
		this.counters = counters;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		for (IngestCounter counter : IngestCounter.values()) {
			FunctionCounter.builder(INGEST + "." + counter.meterName(), this.counters, (c) -> c.get(counter))
				.description(counter.description())
				.register(registry);
		}
		Gauge.builder(PENDING, this.counters, IngestCounters::pending)
			.description("Stream messages this instance is applying and has not acknowledged yet")
			.register(registry);
		Gauge.builder(LAG, this.counters, IngestCounters::lagMillis)
			.description("Age of the last stream message applied by this instance")
			.baseUnit("milliseconds")
			.register(registry);
	}

}
