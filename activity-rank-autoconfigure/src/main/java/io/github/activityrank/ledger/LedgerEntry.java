package io.github.activityrank.ledger;

import io.github.activityrank.ActivityEvent;

/**
 * A pending ledger entry as the relay reads it.
 *
 * @param id the entry's id, increasing in the order entries were written
 * @param event the award or revoke it asks for
 */
record LedgerEntry(long id, ActivityEvent event) {

}
