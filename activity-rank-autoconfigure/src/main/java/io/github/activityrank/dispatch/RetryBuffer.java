package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Awards whose batch failed (Redis down or too slow), kept in arrival order in a bounded
 * in-memory buffer and sent again by one daemon thread, {@code activity-rank-retry}, with
 * exponential backoff. Re-sending a batch that partly landed is safe: every award and
 * revoke is idempotent per user, field and window. What overflows the buffer is dropped,
 * logged (warn once, then debug) and counted.
 */
public final class RetryBuffer {

	private static final Log logger = LogFactory.getLog(RetryBuffer.class);

	/**
	 * Sends a batch and answers how many awards from its front were handled (applied or
	 * set aside for good); 0 when it must wait and try again.
	 */
	@FunctionalInterface
	public interface Sender {

		/**
		 * Send awards.
		 * @param events the awards, oldest first
		 * @return how many from the front were handled; 0 to wait and try again
		 */
		int send(List<TimedAward> events);

	}

	private final Object lock = new Object();

	private final Deque<TimedAward> events = new ArrayDeque<>();

	private final int capacity;

	private final long initialBackoffNanos;

	private final long maxBackoffNanos;

	private final Sender sender;

	private final AwardDispatchCounters counters;

	private final WarnOnce overflowLog = new WarnOnce(logger,
			"further occurrences are logged at debug level and counted");

	private final Thread thread;

	/** Set once shutdown gave up: nothing more is accepted or sent. */
	private boolean closed;

	/**
	 * Start the buffer and its thread.
	 * @param capacity most awards kept
	 * @param initialBackoff wait before the first retry, doubled after each failed one
	 * @param maxBackoff longest wait between retries
	 * @param sender what sends them
	 * @param counters where retries are counted
	 * @param threadName the retry thread's name
	 */
	public RetryBuffer(int capacity, Duration initialBackoff, Duration maxBackoff, Sender sender,
			AwardDispatchCounters counters, String threadName) {
		this.capacity = capacity;
		this.initialBackoffNanos = Math.max(1, initialBackoff.toNanos());
		this.maxBackoffNanos = Math.max(this.initialBackoffNanos, maxBackoff.toNanos());
		this.sender = sender;
		this.counters = counters;
		this.thread = new Thread(this::run, threadName);
		this.thread.setDaemon(true);
		this.thread.start();
	}

	/**
	 * Keep the awards of a failed batch behind those already waiting.
	 * @param batch the awards
	 * @return {@code false} when the buffer is closed and took nothing
	 */
	public boolean add(List<TimedAward> batch) {
		synchronized (this.lock) {
			if (this.closed) {
				return false;
			}
			append(batch);
			return true;
		}
	}

	/**
	 * Append the awards when older ones are waiting, so that they do not overtake them.
	 * @param batch the awards
	 * @return {@code true} when the awards were taken (or dropped for lack of room)
	 */
	public boolean addIfWaiting(List<TimedAward> batch) {
		synchronized (this.lock) {
			if (this.closed || this.events.isEmpty()) {
				return false;
			}
			append(batch);
			return true;
		}
	}

	private void append(List<TimedAward> batch) {
		int room = Math.max(0, this.capacity - this.events.size());
		int kept = Math.min(room, batch.size());
		for (int i = 0; i < kept; i++) {
			this.events.addLast(batch.get(i));
		}
		this.counters.add(DispatchCounter.RETRY_BUFFERED, kept);
		this.counters.retryPending(kept);
		int dropped = batch.size() - kept;
		if (dropped > 0) {
			this.counters.add(DispatchCounter.RETRY_DROPPED, dropped);
			this.overflowLog.log("activity-rank retry buffer is full (activity-rank.retry.capacity=" + this.capacity
					+ "); dropped " + dropped + " award(s), first " + batch.get(kept), null);
		}
		this.lock.notifyAll();
	}

	/**
	 * Awards waiting for a retry.
	 * @return the count
	 */
	public int size() {
		synchronized (this.lock) {
			return this.events.size();
		}
	}

	/**
	 * Wait until the buffer is empty.
	 * @param deadlineNanos {@link System#nanoTime()} to give up at
	 * @return {@code true} when empty
	 */
	public boolean awaitEmpty(long deadlineNanos) {
		synchronized (this.lock) {
			while (!this.events.isEmpty()) {
				long remaining = deadlineNanos - System.nanoTime();
				if (remaining <= 0) {
					return false;
				}
				try {
					this.lock.wait(Math.max(1, remaining / 1_000_000));
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return false;
				}
			}
			return true;
		}
	}

	/**
	 * Stop the retry thread and hand back what is still waiting, which is counted as
	 * dropped.
	 * @return how many awards were left
	 */
	public int close() {
		int left;
		synchronized (this.lock) {
			this.closed = true;
			left = this.events.size();
			TimedAward.dropped(this.events);
			this.events.clear();
			this.lock.notifyAll();
		}
		this.thread.interrupt();
		if (left > 0) {
			this.counters.retryPending(-left);
			this.counters.add(DispatchCounter.RETRY_DROPPED, left);
		}
		return left;
	}

	private void run() {
		long delay = this.initialBackoffNanos;
		boolean sleepFirst = true;
		while (true) {
			List<TimedAward> batch;
			synchronized (this.lock) {
				if (!this.closed && this.events.isEmpty()) {
					// a new outage starts with the initial backoff
					delay = this.initialBackoffNanos;
					sleepFirst = true;
				}
				while (!this.closed && this.events.isEmpty()) {
					try {
						this.lock.wait();
					}
					catch (InterruptedException ex) {
						return;
					}
				}
				if (this.closed) {
					return;
				}
				batch = new ArrayList<>(Math.min(this.events.size(), ActivityStore.MAX_BATCH));
				for (TimedAward event : this.events) {
					if (batch.size() == ActivityStore.MAX_BATCH) {
						break;
					}
					batch.add(event);
				}
			}
			if (sleepFirst) {
				try {
					Thread.sleep(delay / 1_000_000, (int) (delay % 1_000_000));
				}
				catch (InterruptedException ex) {
					return;
				}
			}
			int handled;
			try {
				handled = this.sender.send(batch);
			}
			catch (RuntimeException ex) {
				logger.error("Unexpected error in activity-rank retry thread", ex);
				handled = 0;
			}
			if (handled > 0) {
				synchronized (this.lock) {
					if (this.closed) {
						return;
					}
					// counted before the awards leave the buffer, so whoever sees it
					// empty sees them counted
					this.counters.retryPending(-handled);
					this.counters.add(DispatchCounter.RETRIED, handled);
					for (int i = 0; i < handled; i++) {
						this.events.pollFirst();
					}
					this.lock.notifyAll();
				}
				delay = this.initialBackoffNanos;
				sleepFirst = false;
			}
			else {
				if (sleepFirst) {
					delay = Math.min(delay * 2, this.maxBackoffNanos);
				}
				sleepFirst = true;
				if (logger.isDebugEnabled()) {
					logger.debug("activity-rank retry of " + batch.size() + " award(s) failed; next attempt in "
							+ Duration.ofNanos(delay).toMillis() + " ms, " + size() + " award(s) waiting");
				}
			}
		}
	}

}
