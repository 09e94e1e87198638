package io.github.activityrank.engine;

import java.util.List;
import java.util.function.Supplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;

/**
 * Observes a batch of awards applied on this thread, for the paths that make and apply an
 * award in one go (a direct call, the relay, a stream): one observation per award, the
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
		AwardObservation[] observed = start(observations, events, path);
		List<AwardResult> results;
		try (AwardObservation.Scope scope = open(observed)) {
			results = apply.get();
		}
		catch (RuntimeException | Error ex) {
			failed(observed, ex);
			throw ex;
		}
		answered(observed, results);
		return results;
	}

	/**
	 * Start observing the awards of a batch.
	 * @param observations where observations go
	 * @param events the awards
	 * @param path how they reached the engine
	 * @return one observation per award, {@code null} while nothing observes
	 */
	public static AwardObservation[] start(ActivityObservations observations, List<ActivityEvent> events,
			AwardPath path) {
		if (!observations.isActive() || events.isEmpty()) {
			return null;
		}
		AwardObservation[] observed = new AwardObservation[events.size()];
		for (int i = 0; i < observed.length; i++) {
			observed[i] = observations.award(events.get(i), path);
		}
		return observed;
	}

	/**
	 * Make the first award's observation current while the batch goes to Redis.
	 * @param observed the observations of {@link #start}, or {@code null}
	 * @return what ends it
	 */
	public static AwardObservation.Scope open(AwardObservation[] observed) {
		return (observed != null) ? observed[0].open() : AwardObservation.Scope.NONE;
	}

	/**
	 * End the observations with the batch's answers.
	 * @param observed the observations of {@link #start}, or {@code null}
	 * @param results the answers, in the order of the awards
	 */
	public static void answered(AwardObservation[] observed, List<AwardResult> results) {
		if (observed == null) {
			return;
		}
		for (int i = 0; i < observed.length; i++) {
			observed[i].answered((i < results.size()) ? results.get(i) : null);
		}
	}

	/**
	 * End the observations of a batch that could not be applied.
	 * @param observed the observations of {@link #start}, or {@code null}
	 * @param failure why
	 */
	public static void failed(AwardObservation[] observed, Throwable failure) {
		if (observed == null) {
			return;
		}
		for (AwardObservation observation : observed) {
			observation.failed(failure);
		}
	}

}
