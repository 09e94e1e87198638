package io.github.activityrank.ingest;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.engine.ActivityObservations;
import io.github.activityrank.engine.AwardPath;
import io.github.activityrank.engine.ObservationsAware;
import io.github.activityrank.engine.ObservedAwards;
import io.github.activityrank.engine.SourceMessage;
import io.github.activityrank.engine.TimedActivityApplier;

/**
 * Applies a batch through the engine, in one script call, as the dispatcher's workers do.
 * When the service can apply requests at their own instant (the starter's can), each
 * message's {@code at} decides its day, week and month; a service of the application's
 * own applies them as made now.
 */
public class EngineIngestSink implements IngestSink, ObservationsAware {

	private final ActivityRankService service;

	private ActivityObservations observations = ActivityObservations.NONE;

	/**
	 * Create the sink.
	 * @param service the service that applies to Redis
	 */
	public EngineIngestSink(ActivityRankService service) {
		this.service = Objects.requireNonNull(service, "service must not be null");
	}

	/**
	 * Observe each award of a batch while it is applied.
	 * @param observations where observations go
	 */
	@Override
	public void setObservations(ActivityObservations observations) {
		this.observations = (observations != null) ? observations : ActivityObservations.NONE;
	}

	@Override
	public List<AwardResult> apply(List<ActivityEvent> events, List<Instant> times) {
		if (this.observations.isActive()) {
			return ObservedAwards.apply(this.observations, events, AwardPath.STREAM, () -> applyNow(events, times));
		}
		return applyNow(events, times);
	}

	private List<AwardResult> applyNow(List<ActivityEvent> events, List<Instant> times) {
		if (this.service instanceof TimedActivityApplier timed) {
			return timed.applyAll(events, times);
		}
		return this.service.applyAll(events);
	}

	/**
	 * Applies each message once, and never after a later message of its partition: the
	 * score script checks each message's id against the last one it applied of the
	 * partition, on the user's shard, in the same call.
	 */
	@Override
	public List<AwardResult> apply(List<ActivityEvent> events, List<Instant> times, List<SourceMessage> sources) {
		if (this.observations.isActive()) {
			return ObservedAwards.apply(this.observations, events, AwardPath.STREAM,
					() -> applyNow(events, times, sources));
		}
		return applyNow(events, times, sources);
	}

	private List<AwardResult> applyNow(List<ActivityEvent> events, List<Instant> times, List<SourceMessage> sources) {
		if (this.service instanceof TimedActivityApplier timed) {
			return timed.applyAll(events, times, sources);
		}
		return this.service.applyAll(events);
	}

}
