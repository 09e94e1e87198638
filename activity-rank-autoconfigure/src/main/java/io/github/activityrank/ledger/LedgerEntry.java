package io.github.activityrank.ledger;

import java.time.Instant;

import io.github.activityrank.ActivityEvent;

/**
 * A pending ledger entry as the relay reads it.
 *
 * @param id the entry's id, increasing in the order entries were written
 * @param event the award or revoke it asks for
 * @param at when it was made ({@code event_at}), the instant it is applied at
 */
record LedgerEntry(long id, ActivityEvent event, Instant at) {

}
