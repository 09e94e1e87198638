package io.github.activityrank.engine;

import java.util.List;

import io.github.activityrank.AwardResult;

/**
 * The write side of the period boards: where points are applied. The Redis implementation
 * applies every command as part of one atomic script. The boards are read through
 * {@link PeriodBoards}, a user's records through {@link UserRecords}.
 */
public interface ActivityStore {

	/**
	 * Most commands sent to Redis in one script call; bounds how long one call blocks the
	 * server. Whoever batches awards on their way here (the dispatcher's workers and its
	 * retry thread) uses the same bound, so that one of their batches is one call.
	 */
	int MAX_BATCH = 256;

	/**
	 * Apply awards and revokes for today, each atomically and in order.
	 * @param commands the validated commands
	 * @return one result per command, in the same order
	 */
	List<AwardResult> apply(List<ScoreCommand> commands);

}
