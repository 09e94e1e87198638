package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.engine.ActivityObservations;
import io.github.activityrank.engine.AwardPath;
import io.github.activityrank.engine.ObservationsAware;

/**
 * Applies awards on the caller's thread, one {@link ActivityRankService#applyAll(List)}
 * call per dispatch. Keeps no queue and no retry buffer: when the service throws, the
 * awards are counted as failed, logged (warn once, then debug) and handed to
 * {@link #onApplyFailure(List, RuntimeException)}.
 */
public class SyncActivityDispatcher implements ActivityDispatcher, ObservationsAware {

	private final AwardDispatchCounters counters;

	private final AwardApplier applier;

	/** Awards being applied by callers right now, for {@link #awaitIdle(Duration)}. */
	private final PendingAwards pending = new PendingAwards();

	private volatile ActivityObservations observations = ActivityObservations.NONE;

	/**
	 * Create the dispatcher.
	 * @param service the service that applies awards
	 * @param counters the counters to update
	 */
	public SyncActivityDispatcher(ActivityRankService service, AwardDispatchCounters counters) {
		Objects.requireNonNull(service, "service must not be null");
		this.counters = Objects.requireNonNull(counters, "counters must not be null");
		this.applier = new AwardApplier(service, counters, null);
	}

	/**
	 * Observe each award while it is applied.
	 * @param observations where observations go
	 */
	@Override
	public void setObservations(ActivityObservations observations) {
		this.observations = (observations != null) ? observations : ActivityObservations.NONE;
	}

	/**
	 * Apply the awards on this thread. Never throws.
	 * @param events the awards
	 * @param path how they were made
	 */
	@Override
	public void dispatch(List<ActivityEvent> events, AwardPath path) {
		if (events.isEmpty()) {
			return;
		}
		List<ActivityEvent> copy = List.copyOf(events);
		ActivityObservations observations = this.observations;
		this.pending.add(copy.size());
		List<TimedAward> awards = new ArrayList<>(copy.size());
		try {
			// made now: the service stamps them with the application's clock
			for (ActivityEvent event : copy) {
				awards.add(new TimedAward(event, null, observations.award(event, path)));
			}
			this.applier.apply(awards);
		}
		catch (RuntimeException ex) {
			TimedAward.failed(awards, ex);
			onApplyFailure(copy, ex);
		}
		finally {
			this.pending.remove(copy.size());
		}
	}

	/**
	 * Called when the service threw while applying a batch, typically because Redis did
	 * not answer: counts the awards as failed and logs (warn once, then debug).
	 * @param events the awards of the batch, none of which is known to have been applied
	 * @param ex what the service threw
	 */
	protected void onApplyFailure(List<ActivityEvent> events, RuntimeException ex) {
		this.applier.failed(events, ex);
	}

	@Override
	public AwardDispatchCounters getCounters() {
		return this.counters;
	}

	@Override
	public Runnable hold() {
		return this.pending.hold();
	}

	@Override
	public boolean awaitIdle(Duration timeout) {
		return this.pending.awaitNone(timeout, () -> true);
	}

}
