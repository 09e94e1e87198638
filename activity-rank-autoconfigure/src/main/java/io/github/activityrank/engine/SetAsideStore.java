package io.github.activityrank.engine;

import java.util.Collection;
import java.util.List;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.SetAsideAward;

/**
 * Where awards that the store failed on for good are kept until they are applied again: a
 * Redis stream without the ledger, the ledger's rows with it.
 */
public interface SetAsideStore {

	/** Keeps nothing: for stores whose caller records the outcome itself. */
	SetAsideStore NONE = new SetAsideStore() {

		@Override
		public void keep(List<SetAsideAward> awards) {
		}

		@Override
		public List<SetAsideAward> list(int limit) {
			return List.of();
		}

		@Override
		public void remove(Collection<String> ids) {
		}

	};

	/**
	 * Check how many set-aside awards a listing asks for.
	 * @param limit the number asked for
	 * @return the number, from 1 to {@link ActivityLimits#MAX_PAGE_SIZE}
	 * @throws IllegalArgumentException when out of range
	 */
	static int checkLimit(int limit) {
		if (limit < 1 || limit > ActivityLimits.MAX_PAGE_SIZE) {
			throw new IllegalArgumentException(
					"limit must be from 1 to " + ActivityLimits.MAX_PAGE_SIZE + ", was " + limit);
		}
		return limit;
	}

	/**
	 * Keep awards set aside.
	 * @param awards the awards, their ids ignored
	 * @throws RuntimeException when they could not be kept
	 */
	void keep(List<SetAsideAward> awards);

	/**
	 * The awards kept, oldest first.
	 * @param limit how many at most
	 * @return the awards, with their ids
	 */
	List<SetAsideAward> list(int limit);

	/**
	 * Forget awards, after they were applied again.
	 * @param ids their ids
	 */
	void remove(Collection<String> ids);

}
