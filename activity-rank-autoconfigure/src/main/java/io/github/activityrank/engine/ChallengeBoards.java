package io.github.activityrank.engine;

/**
 * The read side of the challenge boards; definitions and memberships are the
 * {@link ChallengeStore}'s. A decorator that changes only reads (the ledger's archive of
 * ended challenges) wraps this interface alone.
 */
@FunctionalInterface
public interface ChallengeBoards {

	/**
	 * The board of a challenge.
	 * @param id a valid challenge id, known or not
	 * @return its reads; an unknown challenge reads as an empty board
	 */
	BoardSource board(String id);

}
