package io.github.activityrank;

/**
 * One line of a leaderboard.
 *
 * @param userId the user's id as it was awarded
 * @param rank 1-based rank; equal scores share a rank in competition style (1, 2, 2, 4)
 * @param score the user's points on the board
 * @param user display data from the {@link RankUserLookup}, or {@code null} when there is
 * no lookup or it does not know the user
 */
public record RankEntry(String userId, long rank, long score, Object user) {
}
