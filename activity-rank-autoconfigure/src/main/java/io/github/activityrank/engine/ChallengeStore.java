package io.github.activityrank.engine;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.github.activityrank.ChallengeDefinition;

/**
 * Where challenges live. Awards reach challenge boards through the
 * {@link ActivityStore}'s script, in the same atomic call as the period boards; this
 * store keeps the definitions and memberships and reads the boards. Arguments arrive
 * validated. Entries it returns carry no display data; the service adds it.
 */
public interface ChallengeStore {

	/**
	 * Store a challenge unless one exists under its id.
	 * @param definition a valid definition that has not ended
	 * @param now the current instant
	 * @return the definition stored under the id after the call: the given one, or the
	 * one that existed
	 * @throws IllegalStateException when the definition is new and open to all, and
	 * {@link io.github.activityrank.ActivityLimits#MAX_OPEN_CHALLENGES} open challenges
	 * have not ended
	 */
	ChallengeDefinition createIfAbsent(ChallengeDefinition definition, Instant now);

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

	/**
	 * Join a challenge that is not open to all and has not ended.
	 * @param id a valid id
	 * @param userId a valid user id
	 * @param now the current instant
	 * @param maxJoined most joined challenges that have not ended
	 * @return what happened
	 */
	JoinOutcome join(String id, String userId, Instant now, int maxJoined);

	/**
	 * Leave a joined challenge that has not ended, and its board.
	 * @param id a valid id
	 * @param userId a valid user id
	 * @param now the current instant
	 * @return whether the user left
	 */
	boolean leave(String id, String userId, Instant now);

	/** What a join did. */
	enum JoinOutcome {

		/** The user takes part from now on. */
		JOINED,

		/**
		 * Nothing changed: joined already, or the challenge is unknown, ended or open to
		 * all.
		 */
		UNCHANGED,

		/** The user has joined the most challenges that have not ended. */
		FULL

	}

}
