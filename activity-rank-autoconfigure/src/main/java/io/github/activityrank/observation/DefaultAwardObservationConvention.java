package io.github.activityrank.observation;

import io.github.activityrank.observation.ActivityRankObservationDocumentation.AwardKeyNames;
import io.micrometer.common.KeyValues;

/**
 * Names an award observation {@code activity.rank.award}, its span {@code award <rule>},
 * with the low-cardinality keys {@code rule}, {@code path} and {@code outcome}.
 */
public class DefaultAwardObservationConvention implements AwardObservationConvention {

	/** The shared instance. */
	public static final DefaultAwardObservationConvention INSTANCE = new DefaultAwardObservationConvention();

	/** The {@code outcome} of an award not answered yet. */
	private static final String PENDING = "pending";

	@Override
	public String getName() {
		return "activity.rank.award";
	}

	@Override
	public String getContextualName(AwardObservationContext context) {
		return "award " + context.getRule();
	}

	@Override
	public KeyValues getLowCardinalityKeyValues(AwardObservationContext context) {
		String outcome = context.getOutcome();
		return KeyValues.of(AwardKeyNames.RULE.withValue(context.getRule()),
				AwardKeyNames.PATH.withValue(context.getPath().value()),
				AwardKeyNames.OUTCOME.withValue((outcome != null) ? outcome : PENDING));
	}

}
