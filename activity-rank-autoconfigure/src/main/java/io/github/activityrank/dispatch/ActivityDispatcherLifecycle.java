package io.github.activityrank.dispatch;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

import org.springframework.context.SmartLifecycle;

/**
 * Closes an {@link ActivityDispatcher} at the right moment of the application's shutdown:
 * after the web server (so in-flight requests still queue their awards) and before the
 * Redis connection factory (phase 0), so that the drain can still reach Redis. Closing it
 * when its bean is destroyed would be too late; the dispatcher still closes itself then,
 * as an {@link AutoCloseable}, when nothing stopped it before (a failed start).
 */
public class ActivityDispatcherLifecycle implements SmartLifecycle {

	/**
	 * Lifecycle phase: stops after the web server's phases and before the Redis
	 * connection factory's.
	 */
	public static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 4096;

	private final ActivityDispatcher dispatcher;

	private final AtomicBoolean stopped = new AtomicBoolean();

	/**
	 * Create the lifecycle of a dispatcher.
	 * @param dispatcher the dispatcher to close on stop
	 */
	public ActivityDispatcherLifecycle(ActivityDispatcher dispatcher) {
		this.dispatcher = Objects.requireNonNull(dispatcher, "dispatcher must not be null");
	}

	@Override
	public void start() {
		// a dispatcher runs from its construction; only its stop needs ordering
	}

	@Override
	public boolean isRunning() {
		return !this.stopped.get();
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

	@Override
	public void stop() {
		if (this.stopped.compareAndSet(false, true)) {
			this.dispatcher.close();
		}
	}

}
