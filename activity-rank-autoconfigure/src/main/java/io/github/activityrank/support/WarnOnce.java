package io.github.activityrank.support;

import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.commons.logging.Log;

/**
 * Logs the first occurrence of a recurring problem as a warning and the rest at debug
 * level, so an outage or a flood of bad input is visible without flooding the log
 * (counters keep the totals).
 */
public final class WarnOnce {

	private final Log log;

	private final String furtherNote;

	private final AtomicBoolean warned = new AtomicBoolean();

	/**
	 * Create a logger of one kind of problem.
	 * @param log where to log
	 * @param furtherNote appended to the warning to say where later occurrences go, for
	 * example {@code "further rejections are logged at debug level"}
	 */
	public WarnOnce(Log log, String furtherNote) {
		this.log = log;
		this.furtherNote = furtherNote;
	}

	/**
	 * Log one occurrence.
	 * @param message what happened
	 * @param ex the cause, or {@code null}
	 */
	public void log(String message, Throwable ex) {
		if (this.warned.compareAndSet(false, true)) {
			this.log.warn(message + " (" + this.furtherNote + ")", ex);
		}
		else if (this.log.isDebugEnabled()) {
			this.log.debug(message, ex);
		}
	}

}
