package io.github.activityrank.engine;

import java.util.List;
import java.util.function.Supplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;

/**
 * Observes a batch of awards applied on this thread, for the paths that make and apply an
 * award in one call (a direct call, the relay, a stream): one observation per award, the
 * first one current while the batch goes to Redis.
 */
public final class ObservedAwards {

	private ObservedAwards() {
	}

	/**
	 * Apply a batch, each award observed.
	 * @param observations where observations go; should be
	 * {@link ActivityObservations#isActive() active}, else the caller applies directly
	 * @param events the awards
	 * @param path how they reached the engine
	 * @param apply applies the batch
	 * @return the answers of {@code apply}
	 */
	public static List<AwardResult> apply(ActivityObservations observations, List<ActivityEvent> events, AwardPath path,
			Supplier<List<AwardResult>> apply) {
		if (events.isEmpty()) {
			return apply.get();
		}
		AwardObservation[] observed = new AwardObservation[events.size()];
		for (int i = 0; i < observed.length; i++) {
			observed[i] = observations.award(events.get(i), path);
		}
		List<AwardResult> results;
		try (AwardObservation.Scope scope = observed[0].open()) {
			results = apply.get();
		}
		catch (RuntimeException | Error ex) {
			for (AwardObservation observation : observed) {
				observation.failed(ex);
			}
			throw ex;
		}
		for (int i = 0; i < observed.length; i++) {
			observed[i].answered((i < results.size()) ? results.get(i) : null);
		}
		return results;
	}

}
