package io.github.activityrank;

import java.util.Collection;
import java.util.Map;

/**
 * Turns user ids into display data (name, avatar, ...) for {@link RankEntry#details()}.
 * Provide one as a bean to enrich leaderboard queries.
 * <p>
 * It is called once per query with every id of the result, so an implementation can load
 * them all in one database round trip. Ids missing from the returned map stay in the
 * result with a {@code null} user; ranks never change because of it.
 */
@FunctionalInterface
public interface RankUserLookup {

	/**
	 * Look up display data for the given users.
	 * @param userIds the ids of one query result, in rank order, never empty
	 * @return display data by user id; ids it does not know may be absent
	 */
	Map<String, ?> lookup(Collection<String> userIds);

}
