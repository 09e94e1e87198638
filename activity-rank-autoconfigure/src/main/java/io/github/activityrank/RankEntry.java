package io.github.activityrank;

/**
 * One line of a {@link Leaderboard}.
 *
 * @param id the member as it was awarded: a user id on user boards
 * @param rank 1-based rank, numbered as {@code activity-rank.ranking} says: for the
 * scores 9, 7, 7, 5 competition ranks 1, 2, 2, 4 (the default), dense ranks 1, 2, 2, 3
 * and ordinal ranks 1, 2, 3, 4; with {@code activity-rank.tie-break=earliest} every rank
 * is distinct
 * @param score the member's points on the board, exactly
 * @param details display data from the {@link RankUserLookup}, or {@code null} when there
 * is no lookup or it does not know the member
 */
public record RankEntry(String id, long rank, long score, Object details) {
}
