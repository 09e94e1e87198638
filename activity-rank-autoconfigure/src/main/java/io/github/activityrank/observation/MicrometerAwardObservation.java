package io.github.activityrank.observation;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.activityrank.AwardResult;
import io.github.activityrank.engine.AwardObservation;
import io.micrometer.observation.Observation;

/**
 * An award's started {@link Observation}, ended once by whichever thread answers the
 * award.
 */
final class MicrometerAwardObservation implements AwardObservation {

	private final Observation observation;

	private final AwardObservationContext context;

	private final AtomicBoolean ended = new AtomicBoolean();

	MicrometerAwardObservation(Observation observation, AwardObservationContext context) {
		this.observation = observation;
		this.context = context;
	}

	@Override
	public Scope open() {
		Observation.Scope scope = this.observation.openScope();
		return scope::close;
	}

	@Override
	public void taken() {
		this.observation.event(ActivityRankObservationDocumentation.AwardEvents.TAKEN);
	}

	@Override
	public void answered(AwardResult result) {
		if (result == null) {
			end(AwardObservationContext.FAILED, null);
			return;
		}
		end(result.outcome().name().toLowerCase(Locale.ROOT), null);
	}

	@Override
	public void failed(Throwable failure) {
		end(AwardObservationContext.FAILED, failure);
	}

	@Override
	public void dropped() {
		end(AwardObservationContext.DROPPED, null);
	}

	private void end(String outcome, Throwable failure) {
		if (!this.ended.compareAndSet(false, true)) {
			return;
		}
		this.context.setOutcome(outcome);
		if (failure != null) {
			this.observation.error(failure);
		}
		this.observation.stop();
	}

}
