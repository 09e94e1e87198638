package io.github.activityrank.engine;

import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;

/**
 * The write side of an {@link ActivityRankService}: awards, revokes and the removal of a
 * user. A decorator that changes only writes (the award ledger's) implements this alone,
 * and {@link ComposedActivityRankService} joins it with the reads it does not change.
 */
public interface ActivityWrites {

	/**
	 * Apply requests made now, in order.
	 * @param events the requests
	 * @return one result per event, in the same order
	 */
	List<AwardResult> applyAll(List<ActivityEvent> events);

	/**
	 * Delete a user's records and board entries, and whatever else holds the user.
	 * @param userId the user
	 * @return the number of Redis keys changed
	 */
	long removeUser(String userId);

}
