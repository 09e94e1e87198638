package io.github.activityrank.actuator;

import java.util.Locale;

import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.dispatch.DispatchCounter;
import io.github.activityrank.engine.ActivityRankCounters;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * Publishes activity-rank's counters as Micrometer meters. Nothing is counted twice:
 * every meter reads the starter's own counters when the registry asks.
 * <ul>
 * <li>{@value #AWARDS} (function counter, tag {@code outcome}: {@code awarded},
 * {@code already_awarded}, {@code capped}, {@code revoked}, {@code nothing_to_revoke},
 * {@code rejected}): awards and revokes the service answered, from
 * {@link ActivityRankCounters};</li>
 * <li>{@code activity.rank.dispatch.*} (function counters, one per
 * {@link DispatchCounter}, named by its {@link DispatchCounter#meterName() meter name}):
 * what happened to awards made through {@code @ActivityScore}, {@code ActivityEvent} and
 * page views, from {@link AwardDispatchCounters};</li>
 * <li>{@value #QUEUE_SIZE} and {@value #RETRY_BUFFER_SIZE} (gauges): awards waiting in
 * the background queue and in the retry buffer right now.</li>
 * </ul>
 */
public class ActivityRankMeterBinder implements MeterBinder {

	/** Awards and revokes answered by the service, tagged by {@code outcome}. */
	public static final String AWARDS = "activity.rank.awards";

	/** Prefix of the dispatch counters. */
	public static final String DISPATCH = "activity.rank.dispatch";

	/** Awards waiting in the background queue. */
	public static final String QUEUE_SIZE = "activity.rank.queue.size";

	/** Awards waiting in the retry buffer. */
	public static final String RETRY_BUFFER_SIZE = "activity.rank.retry.buffer.size";

	private final ActivityRankCounters outcomes;

	private final AwardDispatchCounters dispatch;

	private final ActivityDispatcher dispatcher;

	/**
	 * Create the binder; each source may be {@code null}, and its meters are then left
	 * out.
	 * @param outcomes the service's outcome counters
	 * @param dispatch the dispatcher's counters
	 * @param dispatcher the dispatcher, for the queue and retry buffer gauges
	 */
	public ActivityRankMeterBinder(ActivityRankCounters outcomes, AwardDispatchCounters dispatch,
			ActivityDispatcher dispatcher) {
		this.outcomes = outcomes;
		this.dispatch = dispatch;
		this.dispatcher = dispatcher;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		if (this.outcomes != null) {
			for (Outcome outcome : Outcome.values()) {
				FunctionCounter.builder(AWARDS, this.outcomes, (counters) -> counters.count(outcome))
					.description("Awards and revokes answered by the activity-rank service, by outcome")
					.tag("outcome", outcome.name().toLowerCase(Locale.ROOT))
					.register(registry);
			}
		}
		if (this.dispatch != null) {
			for (DispatchCounter counter : DispatchCounter.values()) {
				FunctionCounter.builder(DISPATCH + "." + counter.meterName(), this.dispatch, (c) -> c.get(counter))
					.description(counter.description())
					.register(registry);
			}
		}
		if (this.dispatcher != null) {
			Gauge.builder(QUEUE_SIZE, this.dispatcher, ActivityDispatcher::queueSize)
				.description("Awards waiting in the activity-rank background queue")
				.register(registry);
			Gauge.builder(RETRY_BUFFER_SIZE, this.dispatcher, ActivityDispatcher::retryBufferSize)
				.description("Awards waiting in the activity-rank retry buffer")
				.register(registry);
		}
	}

}
