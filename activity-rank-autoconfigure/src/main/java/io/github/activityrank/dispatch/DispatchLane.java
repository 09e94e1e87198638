package io.github.activityrank.dispatch;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.github.activityrank.engine.ActivityStore;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * One queue of awards and the one daemon thread that drains it, in arrival order and in
 * batches of up to {@link ActivityStore#MAX_BATCH}. All awards of a user take the same
 * lane ({@link #indexOf(String, int)}), so one thread applies them in the order they were
 * made. The queue itself is unbounded: the dispatcher bounds all lanes together.
 * <p>
 * A lane accepts awards until its worker ended on an empty queue after
 * {@link #stopWhenEmpty()}, or until {@link #closeAndDrainTo(Collection)}: the decision
 * to end and every {@link #offer(QueuedAward)} take the same lock, so an award is either
 * queued where a worker or the final drain sees it, or refused, never left behind.
 */
final class DispatchLane {

	/** One log category for the whole dispatch path. */
	private static final Log logger = LogFactory.getLog(ActivityDispatcher.class);

	private final BlockingQueue<QueuedAward> queue = new LinkedBlockingQueue<>();

	private final Thread worker;

	/** Guards {@link #accepting} and the worker's decision to end. */
	private final Object lock = new Object();

	private volatile boolean running = true;

	/** False once the worker ended or the lane was closed: offers are refused. */
	private boolean accepting = true;

	/**
	 * Create a lane; its thread starts with {@link #start()}.
	 * @param threadName the worker thread's name
	 * @param handler what the worker does with each batch it takes; it must release the
	 * batch's room and waiting callers
	 */
	DispatchLane(String threadName, Consumer<List<QueuedAward>> handler) {
		this.worker = new Thread(() -> drain(handler), threadName);
		this.worker.setDaemon(true);
	}

	/**
	 * The lane of a user's awards: always the same one for the same user.
	 * @param userId the user, {@code null} for an invalid award
	 * @param lanes how many lanes there are
	 * @return the lane's index
	 */
	static int indexOf(String userId, int lanes) {
		if (userId == null) {
			return 0;
		}
		int hash = userId.hashCode();
		return Math.floorMod(hash ^ (hash >>> 16), lanes);
	}

	void start() {
		this.worker.start();
	}

	/**
	 * Queue an award, unless the lane no longer accepts any.
	 * @param award the award
	 * @return {@code false} when the lane's worker ended or the lane was closed: the
	 * award was not queued
	 */
	boolean offer(QueuedAward award) {
		synchronized (this.lock) {
			if (!this.accepting) {
				return false;
			}
			this.queue.add(award);
			return true;
		}
	}

	int size() {
		return this.queue.size();
	}

	boolean isWorker(Thread thread) {
		return this.worker == thread;
	}

	/** Let the worker end once the queue is empty. */
	void stopWhenEmpty() {
		this.running = false;
	}

	/**
	 * Wait for the worker to end, until the deadline at most.
	 * @param deadlineNanos {@link System#nanoTime()} to give up at
	 */
	void awaitWorker(long deadlineNanos) {
		long remaining = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
		try {
			if (remaining > 0) {
				this.worker.join(remaining);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** End the worker without draining further. */
	void interruptWorker() {
		this.worker.interrupt();
	}

	/**
	 * Refuse every later offer and take every award still queued.
	 * @param into where they go
	 */
	void closeAndDrainTo(Collection<QueuedAward> into) {
		synchronized (this.lock) {
			this.accepting = false;
			this.queue.drainTo(into);
		}
	}

	private void drain(Consumer<List<QueuedAward>> handler) {
		List<QueuedAward> taken = new ArrayList<>(ActivityStore.MAX_BATCH);
		while (true) {
			try {
				QueuedAward first = this.queue.poll(100, TimeUnit.MILLISECONDS);
				if (first == null) {
					if (!this.running && endIfEmpty()) {
						return;
					}
					continue;
				}
				taken.add(first);
				this.queue.drainTo(taken, ActivityStore.MAX_BATCH - 1);
				handler.accept(taken);
			}
			catch (InterruptedException ex) {
				// shutdown interrupts only after the grace period: stop without draining
				// further
				return;
			}
			catch (Throwable ex) {
				// never let a worker die; the handler already handles the service's own
				// errors
				logger.error("Unexpected error in activity-rank worker", ex);
			}
			finally {
				taken.clear();
			}
		}
	}

	/** After stopWhenEmpty: end when nothing is queued, refusing later offers. */
	private boolean endIfEmpty() {
		synchronized (this.lock) {
			if (this.queue.isEmpty()) {
				this.accepting = false;
			}
			return !this.accepting;
		}
	}

}
