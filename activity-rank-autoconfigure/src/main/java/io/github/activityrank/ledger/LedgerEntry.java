package io.github.activityrank.ledger;

import java.time.Instant;

import io.github.activityrank.ActivityEvent;

/**
 * A pending ledger entry as the relay reads it.
 *
 * @param id the entry's id, increasing in the order entries were written
 * @param event the award or revoke it asks for
 * @param at when it was made ({@code event_at}), the instant it is applied at
 * @param afterLateEntry whether its user has a pending entry below the id its lane was
 * read from: one that committed after later entries of the lane were applied, which this
 * one must not overtake
 */
record LedgerEntry(long id, ActivityEvent event, Instant at, boolean afterLateEntry) {

}
