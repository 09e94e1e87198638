package io.github.activityrank;

import java.time.Instant;

/**
 * An award or revoke that Redis failed on for good (a key of the wrong type, a script
 * error), kept with its reason until {@link ActivityRankAdmin#reapplySetAside()} applies
 * it. Listed by {@link ActivityRankAdmin#setAside(int)}.
 *
 * @param id the entry's id in the store that keeps it
 * @param event the request as made
 * @param at when the request was made; a re-applied request counts for that day, week and
 * month
 * @param reason the failure, as Redis reported it
 * @param setAsideAt when it was set aside
 */
public record SetAsideAward(String id, ActivityEvent event, Instant at, String reason, Instant setAsideAt) {

}
