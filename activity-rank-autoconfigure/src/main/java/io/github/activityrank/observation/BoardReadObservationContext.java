package io.github.activityrank.observation;

import io.github.activityrank.Period;
import io.github.activityrank.engine.BoardKind;
import io.micrometer.observation.Observation;

/**
 * What an observation of a board read knows: the kind of board, its period and the
 * {@link io.github.activityrank.Leaderboard} method called.
 */
public class BoardReadObservationContext extends Observation.Context {

	private final BoardKind kind;

	private final Period period;

	private final String operation;

	/**
	 * Create the context.
	 * @param kind the kind of board
	 * @param period the board's period, {@code null} for a board without one
	 * @param operation the {@code Leaderboard} method, such as {@code top}
	 */
	public BoardReadObservationContext(BoardKind kind, Period period, String operation) {
		this.kind = kind;
		this.period = period;
		this.operation = operation;
	}

	/**
	 * The kind of board read.
	 * @return the kind
	 */
	public BoardKind getKind() {
		return this.kind;
	}

	/**
	 * The board's period.
	 * @return the period, {@code null} for a challenge, streak or hot board
	 */
	public Period getPeriod() {
		return this.period;
	}

	/**
	 * The {@code Leaderboard} method called: {@code top}, {@code page}, {@code rankOf},
	 * {@code around}, {@code size} or {@code among}.
	 * @return the method's name
	 */
	public String getOperation() {
		return this.operation;
	}

}
