package io.github.activityrank.engine;

import io.github.activityrank.AwardResult;

/**
 * One award being observed, from the moment it was made until it is answered: an
 * observation system's span or timer, carried with the award across threads (a
 * dispatcher's lane, its retry buffer). {@link #NONE} when nothing observes, so an award
 * that nobody observes costs a reference and a few empty calls.
 */
public interface AwardObservation {

	/** Observes nothing. */
	AwardObservation NONE = new AwardObservation() {
	};

	/**
	 * Make this observation the current one on this thread, so that what the thread calls
	 * (Redis commands) is observed as its child.
	 * @return what ends it; {@code close()} on the same thread
	 */
	default Scope open() {
		return Scope.NONE;
	}

	/**
	 * A background thread took the award to apply it: it waited in a queue until now.
	 */
	default void taken() {
	}

	/**
	 * The award was answered; ends the observation.
	 * @param result the answer, {@code null} counts as failed
	 */
	default void answered(AwardResult result) {
	}

	/**
	 * The award could not be applied; ends the observation.
	 * @param failure why
	 */
	default void failed(Throwable failure) {
	}

	/**
	 * The award was dropped (a full queue, or left when the application stopped); ends
	 * the observation.
	 */
	default void dropped() {
	}

	/** An opened observation scope; closing it never throws. */
	interface Scope extends AutoCloseable {

		/** Opens nothing. */
		Scope NONE = () -> {
		};

		@Override
		void close();

	}

}
