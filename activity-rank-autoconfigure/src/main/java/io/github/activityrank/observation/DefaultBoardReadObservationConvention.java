package io.github.activityrank.observation;

import java.util.Locale;

import io.github.activityrank.observation.ActivityRankObservationDocumentation.BoardReadKeyNames;
import io.micrometer.common.KeyValues;

/**
 * Names a board read observation {@code activity.rank.board.read}, its span
 * {@code board <kind> <operation>}, with the low-cardinality keys {@code board.kind},
 * {@code period} and {@code operation}.
 */
public class DefaultBoardReadObservationConvention implements BoardReadObservationConvention {

	/** The shared instance. */
	public static final DefaultBoardReadObservationConvention INSTANCE = new DefaultBoardReadObservationConvention();

	/** The {@code period} of a board without one. */
	private static final String NO_PERIOD = "none";

	@Override
	public String getName() {
		return "activity.rank.board.read";
	}

	@Override
	public String getContextualName(BoardReadObservationContext context) {
		return "board " + context.getKind().value() + " " + context.getOperation();
	}

	@Override
	public KeyValues getLowCardinalityKeyValues(BoardReadObservationContext context) {
		String period = (context.getPeriod() != null) ? context.getPeriod().name().toLowerCase(Locale.ROOT) : NO_PERIOD;
		return KeyValues.of(BoardReadKeyNames.BOARD_KIND.withValue(context.getKind().value()),
				BoardReadKeyNames.PERIOD.withValue(period),
				BoardReadKeyNames.OPERATION.withValue(context.getOperation()));
	}

}
