package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * Awards a dispatcher accepted but has not yet seen answered or given up on, for
 * {@link ActivityDispatcher#awaitIdle(Duration)}. Counted up before an award becomes
 * visible to another thread and down after it was handled, so it never reads zero while
 * an award is on its way.
 */
final class PendingAwards {

	private final AtomicLong count = new AtomicLong();

	void add(long n) {
		this.count.addAndGet(n);
	}

	void remove(long n) {
		this.count.addAndGet(-n);
	}

	/**
	 * Count one award that waits for its method's work to complete until the returned
	 * release runs; running it again does nothing, so a completion and a cancellation
	 * that race release once.
	 * @return the release, to run after the award was dispatched or dropped
	 */
	Runnable hold() {
		this.count.incrementAndGet();
		AtomicBoolean released = new AtomicBoolean();
		return () -> {
			if (released.compareAndSet(false, true)) {
				this.count.decrementAndGet();
			}
		};
	}

	long count() {
		return this.count.get();
	}

	/**
	 * Wait until nothing is pending and {@code alsoIdle} holds, polling every few
	 * milliseconds.
	 * @param timeout how long to wait at most
	 * @param alsoIdle what else must be idle, such as a retry buffer
	 * @return {@code false} on timeout or interrupt
	 */
	boolean awaitNone(Duration timeout, BooleanSupplier alsoIdle) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (this.count.get() > 0 || !alsoIdle.getAsBoolean()) {
			if (System.nanoTime() - deadline > 0) {
				return false;
			}
			try {
				Thread.sleep(5);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
		}
		return true;
	}

}
