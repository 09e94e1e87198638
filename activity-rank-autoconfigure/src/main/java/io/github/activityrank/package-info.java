/**
 * The public API of activity-rank: the services
 * ({@link io.github.activityrank.ActivityRankService},
 * {@link io.github.activityrank.ChallengeService},
 * {@link io.github.activityrank.ActivityRankAdmin}), the
 * {@link io.github.activityrank.Leaderboard} every board is read through, the
 * {@link io.github.activityrank.ActivityScore} annotation and the records and events they
 * exchange. It imports nothing of the other packages of the starter.
 */
package io.github.activityrank;
