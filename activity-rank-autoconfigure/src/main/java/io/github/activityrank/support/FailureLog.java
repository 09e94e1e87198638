package io.github.activityrank.support;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import org.apache.commons.logging.Log;

/**
 * Logs failures at most once per kind and interval at WARN, the rest at debug level: an
 * outage that fails thousands of awards shows as one line a minute per kind of failure
 * (say {@code NOREPLICAS}, {@code WRONGTYPE}), with how many more occurred since the last
 * line. Counters keep the totals.
 */
public final class FailureLog {

	/** How often one kind of failure is logged at WARN at most. */
	public static final Duration INTERVAL = Duration.ofMinutes(1);

	private final Log log;

	private final long intervalNanos;

	private final LongSupplier nanoTime;

	private final Map<String, Kind> kinds = new ConcurrentHashMap<>();

	/**
	 * Log to a logger, one warning per kind a minute.
	 * @param log where to log
	 */
	public FailureLog(Log log) {
		this(log, INTERVAL, System::nanoTime);
	}

	FailureLog(Log log, Duration interval, LongSupplier nanoTime) {
		this.log = log;
		this.intervalNanos = interval.toNanos();
		this.nanoTime = nanoTime;
	}

	/**
	 * Log one failure.
	 * @param kind the kind of failure, for example Redis' error code
	 * @param message what happened
	 * @param ex the failure, or {@code null}
	 */
	public void log(String kind, String message, Throwable ex) {
		Kind state = this.kinds.computeIfAbsent(kind, (k) -> new Kind());
		long now = this.nanoTime.getAsLong();
		long last = state.lastWarned.get();
		if ((last == Long.MIN_VALUE || now - last >= this.intervalNanos) && state.lastWarned.compareAndSet(last, now)) {
			long since = state.suppressed.getAndSet(0);
			String more = (since > 0) ? "; " + since + " more of kind " + kind + " since the last warning" : "";
			this.log.warn(message + " [" + kind + more + "; at most one warning of this kind a minute, the rest at "
					+ "debug level]", ex);
			return;
		}
		state.suppressed.incrementAndGet();
		if (this.log.isDebugEnabled()) {
			this.log.debug(message + " [" + kind + "]", ex);
		}
	}

	private static final class Kind {

		final AtomicLong lastWarned = new AtomicLong(Long.MIN_VALUE);

		final AtomicLong suppressed = new AtomicLong();

	}

}
