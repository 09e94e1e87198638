package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * An award in a {@link DispatchLane}. One within the queue's capacity holds a permit of
 * the dispatcher's room; one queued beyond it by a caller who waits for it (policy
 * {@code caller-runs}) carries the latch that caller waits on instead.
 */
final class QueuedAward {

	private final TimedAward event;

	/** Null within the capacity. */
	private final CountDownLatch handled;

	private QueuedAward(TimedAward event, CountDownLatch handled) {
		this.event = event;
		this.handled = handled;
	}

	/** An award that took a permit of the queue's room. */
	static QueuedAward withinCapacity(TimedAward event) {
		return new QueuedAward(event, null);
	}

	/** An award queued beyond the capacity, whose caller waits until it is handled. */
	static QueuedAward awaited(TimedAward event) {
		return new QueuedAward(event, new CountDownLatch(1));
	}

	TimedAward event() {
		return this.event;
	}

	/**
	 * Wait until the award was applied, kept for retry or dropped, for at most the
	 * timeout.
	 * @param timeout how long to wait
	 * @return {@code false} when the time ran out first; the award stays queued
	 * @throws InterruptedException when the caller is interrupted; the award stays queued
	 */
	boolean awaitHandled(Duration timeout) throws InterruptedException {
		return this.handled.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
	}

	static List<TimedAward> events(List<QueuedAward> queued) {
		List<TimedAward> events = new ArrayList<>(queued.size());
		for (QueuedAward q : queued) {
			events.add(q.event);
		}
		return events;
	}

	/** How many of these awards hold a permit of the room. */
	static int withinCapacity(List<QueuedAward> queued) {
		int n = 0;
		for (QueuedAward q : queued) {
			if (q.handled == null) {
				n++;
			}
		}
		return n;
	}

	/**
	 * Let the waiting callers of these awards go: applied, kept for retry, or dropped.
	 */
	static void release(List<QueuedAward> queued) {
		for (QueuedAward q : queued) {
			if (q.handled != null) {
				q.handled.countDown();
			}
		}
	}

}
