package io.github.activityrank.observation;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * The names and keys of board read observations; define a bean of this type to replace
 * {@link DefaultBoardReadObservationConvention}.
 */
public interface BoardReadObservationConvention extends ObservationConvention<BoardReadObservationContext> {

	@Override
	default boolean supportsContext(Observation.Context context) {
		return context instanceof BoardReadObservationContext;
	}

}
