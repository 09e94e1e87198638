package io.github.activityrank.engine;

/**
 * How ranks are numbered when members have equal points, shown for the scores 9, 7, 7, 5.
 */
public enum Ranking {

	/** Equal points share a rank and the next rank skips: 1, 2, 2, 4. */
	COMPETITION,

	/** Equal points share a rank and the next rank follows on: 1, 2, 2, 3. */
	DENSE,

	/** Every member has its own rank, in board order: 1, 2, 3, 4. */
	ORDINAL

}
