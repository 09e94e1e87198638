package io.github.activityrank;

import java.util.List;
import java.util.Optional;

/**
 * Challenges: leaderboards of their own, each counting the awards of some rules between
 * two instants, for the users who joined or, for an open challenge, for everyone.
 * Auto-configured by the starter.
 * <p>
 * An award reaches the boards of the challenges of its user in the same atomic script
 * call as the period boards: it counts on a challenge board when the challenge runs
 * ({@code start <= now < end} by the application's clock), its rule is one of the
 * challenge's rules (or the challenge counts every rule), and the user joined before it
 * (or the challenge is open to all). The board gets what the award really gave, after
 * caps; a revoke while the challenge runs takes that back. Nothing changes a challenge
 * board after its end. Boards and definitions are kept in Redis for
 * {@code activity-rank.retention.challenge} after the end, then they are gone; with the
 * ledger on ({@code activity-rank.ledger.enabled}), the first
 * {@code activity-rank.ledger.archive-size} entries of each ended board are archived in
 * the database, and {@link #board} and {@link #find} answer from there after the
 * retention.
 * <p>
 * Boards are ordered and numbered like the period boards ({@code activity-rank.ranking},
 * {@code activity-rank.tie-break}, where a challenge board's time counts from its
 * {@code start}), and entries carry display data from the {@link RankUserLookup}.
 * <p>
 * A malformed challenge id (see {@link ChallengeDefinition#id()}) or a query argument out
 * of range throws {@link IllegalArgumentException}; an id that is well formed but unknown
 * reads as an empty board.
 */
public interface ChallengeService {

	/**
	 * Open challenges that may not have ended at once, named here with the API it limits;
	 * the value is {@link ActivityLimits#MAX_OPEN_CHALLENGES}.
	 */
	int MAX_OPEN = ActivityLimits.MAX_OPEN_CHALLENGES;

	/**
	 * Challenges a user may have joined that have not ended, named here with the API it
	 * limits; the value is {@link ActivityLimits#MAX_JOINED_CHALLENGES}.
	 */
	int MAX_JOINED = ActivityLimits.MAX_JOINED_CHALLENGES;

	/**
	 * Create a challenge, or find the same one again: creating an existing definition
	 * once more changes nothing, so every instance of an application can create its
	 * challenges at startup.
	 * @param definition the challenge
	 * @return the stored definition
	 * @throws IllegalArgumentException when the id is malformed, {@code end} is not after
	 * {@code start}, a rule is not configured, the challenge has already ended, or a
	 * different challenge exists under the same id
	 * @throws IllegalStateException when the challenge is new and open to all, and
	 * {@value ActivityLimits#MAX_OPEN_CHALLENGES} open challenges have not ended
	 */
	ChallengeDefinition create(ChallengeDefinition definition);

	/**
	 * A challenge by id, while it is retained (with the ledger on, also after, from the
	 * database).
	 * @param id the challenge id
	 * @return the definition, or empty when there is none
	 */
	Optional<ChallengeDefinition> find(String id);

	/**
	 * The challenges running now ({@code start <= now < end} by the application's clock).
	 * @return the running challenges, by start, then id
	 */
	List<ChallengeDefinition> active();

	/**
	 * The challenges a user has joined that have not ended, running or still to start.
	 * Open challenges, which need no joining, are not among them.
	 * @param userId the user
	 * @return the joined challenges, by start, then id; empty for an invalid user id
	 */
	List<ChallengeDefinition> joined(String userId);

	/**
	 * Take part in a challenge that is not open to all. Awards made from now on count,
	 * earlier ones do not.
	 * @param challengeId the challenge
	 * @param userId the user
	 * @return {@code true} when the user joined; {@code false} when nothing changed: the
	 * user had joined already, the challenge is unknown, has ended or is open to all
	 * @throws IllegalStateException when the user has already joined
	 * {@value ActivityLimits#MAX_JOINED_CHALLENGES} challenges that have not ended
	 * @throws IllegalArgumentException when the challenge id or user id is malformed
	 */
	boolean join(String challengeId, String userId);

	/**
	 * Stop taking part in a joined challenge that has not ended: the user leaves its
	 * board, and later revokes of their earlier awards leave it alone. An ended challenge
	 * keeps its final board.
	 * @param challengeId the challenge
	 * @param userId the user
	 * @return {@code true} when the user left; {@code false} when nothing changed: the
	 * user had not joined, or the challenge has ended
	 * @throws IllegalArgumentException when the challenge id or user id is malformed
	 */
	boolean leave(String challengeId, String userId);

	/**
	 * The board of a challenge. A well-formed id of a challenge that does not exist (or
	 * no longer does) answers like an empty board.
	 * @param challengeId the challenge
	 * @return the board
	 * @throws IllegalArgumentException when the id is malformed
	 */
	Leaderboard board(String challengeId);

}
