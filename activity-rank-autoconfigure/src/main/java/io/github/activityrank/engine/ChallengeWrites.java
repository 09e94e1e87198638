package io.github.activityrank.engine;

import java.time.Instant;

import io.github.activityrank.ChallengeDefinition;

/**
 * The write side of the {@link ChallengeStore}: creations, joins and leaves. A decorator
 * that changes only writes (the award ledger's, which records them) implements this
 * alone, and the service reads the store it leaves unchanged. Arguments arrive validated.
 */
public interface ChallengeWrites {

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
