package io.github.activityrank.engine;

/**
 * Something outside the user's records and board entries that holds a user's id and
 * forgets the user when {@code removeUser} erases them, such as the ingestion's
 * dead-letter stream. {@link DefaultActivityRankService} runs it after the user's keys
 * were removed; a failure fails the removal, so the caller can try again.
 */
@FunctionalInterface
public interface UserErasure {

	/** Erases nothing: what runs when nothing else holds user ids. */
	UserErasure NONE = (userId) -> 0;

	/**
	 * Forget one user.
	 * @param userId a valid user id
	 * @return the number of Redis keys changed
	 */
	long erase(String userId);

}
