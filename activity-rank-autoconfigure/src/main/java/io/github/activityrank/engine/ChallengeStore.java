package io.github.activityrank.engine;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.github.activityrank.ChallengeDefinition;

/**
 * Where challenges live: the definitions and memberships, written through
 * {@link ChallengeWrites} and read here. Awards reach challenge boards through the
 * {@link ActivityStore}'s script, in the same atomic call as the period boards, and the
 * boards are read through {@link ChallengeBoards}. Arguments arrive validated.
 */
public interface ChallengeStore extends ChallengeWrites {

	/**
	 * A challenge by id.
	 * @param id a valid id
	 * @return the definition, or empty when none is retained
	 */
	Optional<ChallengeDefinition> find(String id);

	/**
	 * The retained challenges that end after an instant.
	 * @param instant the instant
	 * @return those challenges, in no particular order
	 */
	List<ChallengeDefinition> endingAfter(Instant instant);

	/**
	 * The challenges a user joined that end after an instant.
	 * @param userId a valid user id
	 * @param now the instant
	 * @return those challenges, in no particular order
	 */
	List<ChallengeDefinition> joined(String userId, Instant now);

}
