/**
 * The engine: validates requests, resolves rules and caps, numbers ranks, and defines the
 * interfaces of the storage it drives (the write side
 * {@link io.github.activityrank.engine.ActivityStore} and
 * {@link io.github.activityrank.engine.ChallengeWrites}, the challenges'
 * {@link io.github.activityrank.engine.ChallengeStore}, the read side
 * {@link io.github.activityrank.engine.PeriodBoards},
 * {@link io.github.activityrank.engine.ChallengeBoards} and
 * {@link io.github.activityrank.engine.BoardSource}). It knows no Redis. Internal.
 */
package io.github.activityrank.engine;
