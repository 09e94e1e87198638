package io.github.activityrank.engine;

import java.util.List;
import java.util.Optional;

import io.github.activityrank.RankEntry;

/**
 * The raw reads of one board, all a new kind of board implements: arguments arrive
 * validated ({@link CheckedLeaderboard} checks them), and entries carry no display data
 * (it adds them). A source of a board that does not exist answers like an empty board.
 */
public interface BoardSource {

	/**
	 * A slice, best first.
	 * @param offset entries to skip, 0 or more
	 * @param limit most entries, within the page limit
	 * @return the entries
	 */
	List<RankEntry> range(long offset, int limit);

	/**
	 * One member's entry.
	 * @param id a valid member id
	 * @return the entry, or empty when the member is not on the board
	 */
	Optional<RankEntry> rank(String id);

	/**
	 * A member and their neighbours, filled from the other side at either end.
	 * @param id a valid member id
	 * @param radius neighbours on each side, within the radius limit
	 * @return the window, or empty when the member is not on the board
	 */
	List<RankEntry> around(String id, int radius);

	/**
	 * How many members the board has.
	 * @return the number of members, 0 when the board does not exist
	 */
	long size();

	/**
	 * Some members ranked among themselves, as the board ranks them.
	 * @param ids valid, distinct member ids, within the among limit
	 * @return the members on the board, best first, ranked from 1
	 */
	List<RankEntry> among(List<String> ids);

}
