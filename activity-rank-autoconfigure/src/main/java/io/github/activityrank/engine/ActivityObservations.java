package io.github.activityrank.engine;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;

/**
 * Where awards and board reads are reported to an observation system (Micrometer's, when
 * the application has an {@code ObservationRegistry}). {@link #NONE} otherwise: the award
 * path then asks {@link #isActive()} or calls the empty defaults, and makes no object for
 * it.
 */
public interface ActivityObservations {

	/** Observes nothing. */
	ActivityObservations NONE = new ActivityObservations() {
	};

	/**
	 * Whether anything observes right now; when not, callers skip the work of observing.
	 * @return {@code false} by default
	 */
	default boolean isActive() {
		return false;
	}

	/**
	 * Start observing an award made now on this thread; its parent is this thread's
	 * current observation (such as the request's).
	 * @param event the award
	 * @param path how it reached the engine
	 * @return the started observation, or {@link AwardObservation#NONE}
	 */
	default AwardObservation award(ActivityEvent event, AwardPath path) {
		return AwardObservation.NONE;
	}

	/**
	 * A board whose every read is observed.
	 * @param board the board
	 * @param kind its kind
	 * @param period its period, {@code null} for a board without one
	 * @return the observed board, or {@code board} itself
	 */
	default Leaderboard board(Leaderboard board, BoardKind kind, Period period) {
		return board;
	}

}
