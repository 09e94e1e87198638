package io.github.activityrank.engine;

/**
 * The read side of every board of one Redis layout, period boards and challenge boards,
 * which are read alike. The write side is {@link ActivityStore} and
 * {@link ChallengeStore}.
 */
public interface Boards extends PeriodBoards, ChallengeBoards {

}
