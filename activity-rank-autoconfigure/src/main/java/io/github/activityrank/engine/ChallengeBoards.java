package io.github.activityrank.engine;

import java.util.Optional;

import io.github.activityrank.ChallengeDefinition;

/**
 * The read side of the challenge boards; definitions and memberships are the
 * {@link ChallengeStore}'s. A decorator that changes only reads (the ledger's archive of
 * ended challenges) wraps this interface alone, and gives the definitions of the
 * challenges it keeps after the store forgot them.
 */
@FunctionalInterface
public interface ChallengeBoards {

	/**
	 * The board of a challenge.
	 * @param id a valid challenge id, known or not
	 * @return its reads; an unknown challenge reads as an empty board
	 */
	BoardSource board(String id);

	/**
	 * The definition of a challenge the {@link ChallengeStore} no longer holds, when
	 * these boards keep it.
	 * @param id a valid challenge id
	 * @return the definition; by default empty, for boards that keep nothing past the
	 * store
	 */
	default Optional<ChallengeDefinition> definition(String id) {
		return Optional.empty();
	}

}
