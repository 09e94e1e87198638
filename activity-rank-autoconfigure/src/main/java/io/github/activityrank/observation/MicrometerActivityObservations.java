package io.github.activityrank.observation;

import java.util.Objects;
import java.util.Set;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityObservations;
import io.github.activityrank.engine.AwardObservation;
import io.github.activityrank.engine.AwardPath;
import io.github.activityrank.engine.BoardKind;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

/**
 * Reports awards and board reads as Micrometer {@link Observation}s: see
 * {@link ActivityRankObservationDocumentation}. While the registry is a no-op (no
 * handler), nothing is made.
 */
public class MicrometerActivityObservations implements ActivityObservations {

	private final ObservationRegistry registry;

	private final Set<String> rules;

	private final AwardObservationConvention awardConvention;

	private final BoardReadObservationConvention boardConvention;

	/**
	 * Create the observations with the default conventions.
	 * @param registry where observations go
	 * @param rules the names of the configured rules, the only ones reported
	 */
	public MicrometerActivityObservations(ObservationRegistry registry, Set<String> rules) {
		this(registry, rules, null, null);
	}

	/**
	 * Create the observations.
	 * @param registry where observations go
	 * @param rules the names of the configured rules, the only ones reported
	 * @param awardConvention the application's convention for awards, or {@code null} for
	 * {@link DefaultAwardObservationConvention}
	 * @param boardConvention the application's convention for board reads, or
	 * {@code null} for {@link DefaultBoardReadObservationConvention}
	 */
	public MicrometerActivityObservations(ObservationRegistry registry, Set<String> rules,
			AwardObservationConvention awardConvention, BoardReadObservationConvention boardConvention) {
		this.registry = Objects.requireNonNull(registry, "registry must not be null");
		this.rules = Set.copyOf(rules);
		this.awardConvention = awardConvention;
		this.boardConvention = boardConvention;
	}

	@Override
	public boolean isActive() {
		return !this.registry.isNoop();
	}

	@Override
	public AwardObservation award(ActivityEvent event, AwardPath path) {
		if (this.registry.isNoop() || event == null || isAward(this.registry.getCurrentObservation())) {
			// an award applied within another's observation (a service that decorates
			// the engine) is that award
			return AwardObservation.NONE;
		}
		AwardObservationContext context = new AwardObservationContext(event, path, ruleOf(event));
		Observation observation = ActivityRankObservationDocumentation.AWARD.observation(this.awardConvention,
				DefaultAwardObservationConvention.INSTANCE, () -> context, this.registry);
		if (observation.isNoop()) {
			// switched off by a predicate, such as management.observations.enable
			return AwardObservation.NONE;
		}
		return new MicrometerAwardObservation(observation.start(), context);
	}

	@Override
	public Leaderboard board(Leaderboard board, BoardKind kind, Period period) {
		return new ObservedLeaderboard(board, (operation) -> read(kind, period, operation));
	}

	/** Start observing a read, or {@code null} while nothing observes. */
	Observation read(BoardKind kind, Period period, String operation) {
		if (this.registry.isNoop()) {
			return null;
		}
		BoardReadObservationContext context = new BoardReadObservationContext(kind, period, operation);
		return ActivityRankObservationDocumentation.BOARD_READ.observation(this.boardConvention,
				DefaultBoardReadObservationConvention.INSTANCE, () -> context, this.registry);
	}

	private static boolean isAward(Observation current) {
		return current != null && current.getContext() instanceof AwardObservationContext;
	}

	/** A configured rule's name only: free text would make a key of unbounded values. */
	private String ruleOf(ActivityEvent event) {
		if (event.rule() == null) {
			return AwardObservationContext.NO_RULE;
		}
		return this.rules.contains(event.rule()) ? event.rule() : AwardObservationContext.UNKNOWN_RULE;
	}

}
