package io.github.activityrank.engine;

/**
 * How members with equal points are ordered on a board.
 */
public enum TieBreak {

	/**
	 * Equal points are equal: the ranking mode decides whether they share a rank. Boards
	 * hold plain points.
	 */
	NONE,

	/**
	 * Among equal points, whoever reached that score first ranks higher, and every rank
	 * is distinct. Boards hold points and the time of the last award in one exact score.
	 */
	EARLIEST

}
