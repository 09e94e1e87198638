package io.github.activityrank;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * One leaderboard: a period board from {@link ActivityRankService#board(Period)} or
 * {@link ActivityRankService#board(Period, java.time.LocalDate)}, or a challenge board
 * from {@link ChallengeService#board(String)}. A handle is cheap and holds no data: every
 * call reads the board as it is then, in one round trip, at one instant.
 * <p>
 * Entries are ranked as {@code activity-rank.ranking} and {@code activity-rank.tie-break}
 * say, and carry display data from the {@link RankUserLookup}. A member id that is blank
 * or oversized is not on any board: {@link #rankOf} answers empty and {@link #around} an
 * empty list. Arguments out of range throw {@link IllegalArgumentException}.
 */
public interface Leaderboard {

	/**
	 * The best entries.
	 * @param n how many entries, from 1 to {@value ActivityLimits#MAX_PAGE_SIZE}
	 * @return up to {@code n} entries, best first
	 */
	List<RankEntry> top(int n);

	/**
	 * A page of the board.
	 * @param offset how many entries to skip, 0 or more
	 * @param limit how many entries, from 1 to {@value ActivityLimits#MAX_PAGE_SIZE}
	 * @return up to {@code limit} entries, in rank order
	 */
	List<RankEntry> page(long offset, int limit);

	/**
	 * A member's rank and score.
	 * @param id the member, a user id on user boards
	 * @return the entry, or empty when the member is not on the board
	 */
	Optional<RankEntry> rankOf(String id);

	/**
	 * A member with up to {@code radius} neighbours on each side. At the top or the
	 * bottom of the board the window is filled from the other side.
	 * @param id the member
	 * @param radius neighbours on each side, from 0 to {@value ActivityLimits#MAX_RADIUS}
	 * @return the window in rank order, or an empty list when the member is not on the
	 * board
	 */
	List<RankEntry> around(String id, int radius);

	/**
	 * How many members the board has.
	 * @return the number of members, 0 when the board does not exist
	 */
	long size();

	/**
	 * Some members, for example a user's friends or a group, ranked among themselves:
	 * ranks run from 1 within the set, numbered and tie-broken as on the board. Read in
	 * one round trip, at one instant.
	 * @param ids the members, at most {@value ActivityLimits#MAX_AMONG_USERS}; invalid
	 * and repeated ids are skipped
	 * @return the members on the board, best first; the others are left out
	 * @throws IllegalArgumentException when {@code ids} is {@code null} or holds more
	 * than {@value ActivityLimits#MAX_AMONG_USERS} ids
	 */
	List<RankEntry> among(Collection<String> ids);

}
