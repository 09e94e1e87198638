package io.github.activityrank.ingest;

import java.time.Instant;

import io.github.activityrank.ActivityEvent;

/**
 * One stream message, read: the request it makes, or why it cannot make one.
 *
 * @param id the stream id
 * @param event the request, {@code null} when {@code problem} is set
 * @param at when the activity happened
 * @param problem why the message is dead-lettered, {@code null} for a good one
 */
record IngestMessage(String id, ActivityEvent event, Instant at, String problem) {

	static IngestMessage bad(String id, String problem) {
		return new IngestMessage(id, null, null, problem);
	}

	boolean good() {
		return this.problem == null;
	}

}
