package io.github.activityrank.ledger;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import io.github.activityrank.ActivityEvent;

/**
 * Group commit of the ledger's own-transaction inserts, as
 * {@code CoalescingActivityStore} does for Redis: while an insert is on its way, the
 * callers that arrive wait, and the first of them to get a free slot inserts the rows of
 * all of them in one statement, which commits on its own. A lone caller inserts at once.
 * Each caller still returns only after the statement that carries its rows committed, so
 * an award whose call returned is in the ledger; a failure of that statement reaches each
 * of its callers. Under load one commit carries many awards, which is what lets the
 * database keep up with many callers.
 */
final class GroupInserts {

	private final Consumer<List<Write>> insert;

	private final int maxRows;

	private final Semaphore slots;

	private final ConcurrentLinkedQueue<Write> waiting = new ConcurrentLinkedQueue<>();

	/**
	 * @param insert inserts the rows of some writes in one statement and commits
	 * @param maxRows most rows merged into one statement (one caller's rows are never
	 * split)
	 * @param concurrentInserts statements on their way at the same time
	 */
	GroupInserts(Consumer<List<Write>> insert, int maxRows, int concurrentInserts) {
		this.insert = insert;
		this.maxRows = maxRows;
		this.slots = new Semaphore(concurrentInserts);
	}

	/** Insert one caller's rows, together with those of callers waiting meanwhile. */
	void write(Write write) {
		this.waiting.add(write);
		boolean interrupted = false;
		while (!write.done) {
			if (this.slots.tryAcquire()) {
				try {
					interrupted |= insertWaiting();
				}
				finally {
					this.slots.release();
				}
				Write next = this.waiting.peek();
				if (next != null) {
					LockSupport.unpark(next.thread);
				}
			}
			else {
				LockSupport.park(this);
				interrupted |= Thread.interrupted();
			}
		}
		if (interrupted) {
			Thread.currentThread().interrupt();
		}
		if (write.failure != null) {
			throw write.failure;
		}
	}

	private boolean insertWaiting() {
		List<Write> batch = new ArrayList<>();
		int rows = 0;
		Write next;
		while (rows < this.maxRows && (next = this.waiting.peek()) != null) {
			if (rows > 0 && rows + next.size() > this.maxRows) {
				break;
			}
			if (this.waiting.remove(next)) {
				batch.add(next);
				rows += next.size();
			}
		}
		if (batch.isEmpty()) {
			return false;
		}
		boolean interrupted = Thread.interrupted();
		try {
			this.insert.accept(batch);
		}
		catch (RuntimeException ex) {
			batch.forEach((write) -> write.failure = ex);
		}
		finally {
			for (Write write : batch) {
				write.done = true;
				LockSupport.unpark(write.thread);
			}
		}
		return interrupted;
	}

	/** One caller's rows and, once inserted, the outcome. */
	static final class Write {

		final List<ActivityEvent> events;

		final Instant at;

		final Thread thread = Thread.currentThread();

		volatile RuntimeException failure;

		volatile boolean done;

		Write(List<ActivityEvent> events, Instant at) {
			this.events = events;
			this.at = at;
		}

		int size() {
			return this.events.size();
		}

	}

}
