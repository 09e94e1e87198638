package io.github.activityrank.support;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Group commit: while a batch is on its way, the callers that arrive wait, and the first
 * of them to get a free slot sends the work of all of them in one batch. A lone caller is
 * sent at once, so nothing waits for company. Each caller returns once the batch that
 * carried its work was sent, and a failure of that batch reaches each of its callers.
 * Used for the awards sent to Redis ({@code CoalescingActivityStore}) and the ledger's
 * own-transaction inserts ({@code GroupInserts}).
 *
 * @param <T> one caller's work
 */
public final class GroupCommit<T extends GroupCommit.Caller> {

	private final Consumer<List<T>> send;

	private final int maxSize;

	/**
	 * Batches on their way at the same time; more than one keeps the server busy during
	 * round trips.
	 */
	private final Semaphore slots;

	private final ConcurrentLinkedQueue<T> waiting = new ConcurrentLinkedQueue<>();

	/**
	 * Create the group commit.
	 * @param send sends one batch, in the order the callers came; what it throws fails
	 * each caller of the batch
	 * @param maxSize most {@link Caller#size() size} merged into one batch (one caller's
	 * work is never split)
	 * @param concurrentBatches batches on their way at the same time
	 */
	public GroupCommit(Consumer<List<T>> send, int maxSize, int concurrentBatches) {
		this.send = send;
		this.maxSize = maxSize;
		this.slots = new Semaphore(concurrentBatches);
	}

	/**
	 * Send one caller's work, together with that of the callers waiting meanwhile; called
	 * on the thread that created the caller.
	 * @param work the caller's work
	 * @throws RuntimeException what sending the batch that carried the work threw
	 */
	public void send(T work) {
		this.waiting.add(work);
		// the state is Caller's own, read through the class that declares it
		Caller caller = work;
		// waiting is not abandoned on interrupt: the work may already be on its way
		boolean interrupted = false;
		while (!caller.done) {
			if (this.slots.tryAcquire()) {
				try {
					interrupted |= sendWaiting();
				}
				finally {
					this.slots.release();
				}
				wakeNextInLine();
			}
			else {
				LockSupport.park(this);
				interrupted |= Thread.interrupted();
			}
		}
		if (interrupted) {
			Thread.currentThread().interrupt();
		}
		if (caller.failure != null) {
			throw caller.failure;
		}
	}

	/**
	 * Callers waiting for their batch to be sent.
	 * @return the count
	 */
	public int waitingCallers() {
		return this.waiting.size();
	}

	/**
	 * Send what waits, up to the batch size; whether this thread was interrupted
	 * meanwhile.
	 */
	private boolean sendWaiting() {
		List<T> batch = new ArrayList<>();
		int size = 0;
		T next;
		while (size < this.maxSize && (next = this.waiting.peek()) != null) {
			if (size > 0 && size + next.size() > this.maxSize) {
				break;
			}
			if (this.waiting.remove(next)) {
				batch.add(next);
				size += next.size();
			}
		}
		if (batch.isEmpty()) {
			return false;
		}
		// another caller's interrupt must not fail this batch: the flag is restored by
		// the caller
		boolean interrupted = Thread.interrupted();
		try {
			this.send.accept(batch);
		}
		catch (RuntimeException ex) {
			for (Caller caller : batch) {
				caller.failure = ex;
			}
		}
		finally {
			for (Caller caller : batch) {
				caller.done = true;
				LockSupport.unpark(caller.thread);
			}
		}
		return interrupted;
	}

	/** A slot just came free: the oldest waiting caller takes it. */
	private void wakeNextInLine() {
		Caller next = this.waiting.peek();
		if (next != null) {
			LockSupport.unpark(next.thread);
		}
	}

	/**
	 * One caller's work and, once sent, whether it failed. Created on the caller's
	 * thread, which waits for it.
	 */
	public abstract static class Caller {

		private final Thread thread = Thread.currentThread();

		private volatile RuntimeException failure;

		private volatile boolean done;

		/**
		 * How much this work counts toward a batch's size.
		 * @return the size, at least 1
		 */
		protected abstract int size();

	}

}
