package io.github.activityrank.observation;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * The names and keys of award observations; define a bean of this type to replace
 * {@link DefaultAwardObservationConvention}.
 */
public interface AwardObservationConvention extends ObservationConvention<AwardObservationContext> {

	@Override
	default boolean supportsContext(Observation.Context context) {
		return context instanceof AwardObservationContext;
	}

}
