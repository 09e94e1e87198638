package io.github.activityrank.ledger;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

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

	/**
	 * Some entries as the engine applies them and the ledger marks them.
	 *
	 * @param events the events, in entry order
	 * @param times their instants
	 * @param ids their ids
	 */
	record Batch(List<ActivityEvent> events, List<Instant> times, long[] ids) {

		static Batch of(List<LedgerEntry> entries) {
			List<ActivityEvent> events = new ArrayList<>(entries.size());
			List<Instant> times = new ArrayList<>(entries.size());
			long[] ids = new long[entries.size()];
			for (int i = 0; i < entries.size(); i++) {
				events.add(entries.get(i).event());
				times.add(entries.get(i).at());
				ids[i] = entries.get(i).id();
			}
			return new Batch(events, times, ids);
		}

	}

}
