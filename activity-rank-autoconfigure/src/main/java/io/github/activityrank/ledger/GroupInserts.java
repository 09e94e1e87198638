package io.github.activityrank.ledger;

import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.support.GroupCommit;

/**
 * Group commit ({@link GroupCommit}) of the ledger's own-transaction inserts, as
 * {@code CoalescingActivityStore} does for Redis: while an insert is on its way, the
 * callers that arrive wait, and the first of them to get a free slot inserts the rows of
 * all of them in one statement, which commits on its own. A lone caller inserts at once.
 * Each caller still returns only after the statement that carries its rows committed, so
 * an award whose call returned is in the ledger; a failure of that statement reaches each
 * of its callers. Under load one commit carries many awards, which is what lets the
 * database keep up with many callers.
 */
final class GroupInserts {

	private final GroupCommit<Write> group;

	/**
	 * @param insert inserts the rows of some writes in one statement and commits
	 * @param maxRows most rows merged into one statement (one caller's rows are never
	 * split)
	 * @param concurrentInserts statements on their way at the same time
	 */
	GroupInserts(Consumer<List<Write>> insert, int maxRows, int concurrentInserts) {
		this.group = new GroupCommit<>(insert, maxRows, concurrentInserts);
	}

	/** Insert one caller's rows, together with those of callers waiting meanwhile. */
	void write(Write write) {
		this.group.send(write);
	}

	/** One caller's rows, created on the caller's thread. */
	static final class Write extends GroupCommit.Caller {

		final List<ActivityEvent> events;

		final Instant at;

		Write(List<ActivityEvent> events, Instant at) {
			this.events = events;
			this.at = at;
		}

		@Override
		protected int size() {
			return this.events.size();
		}

	}

}
