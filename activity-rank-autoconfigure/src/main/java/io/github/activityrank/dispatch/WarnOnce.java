package io.github.activityrank.dispatch;

import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.commons.logging.Log;

/**
 * Logs the first occurrence of a recurring problem as a warning and the rest at debug
 * level, so an outage is visible without flooding the log (the counters keep the totals).
 */
final class WarnOnce {

	private final Log log;

	private final AtomicBoolean warned = new AtomicBoolean();

	WarnOnce(Log log) {
		this.log = log;
	}

	void log(String message, Throwable ex) {
		if (this.warned.compareAndSet(false, true)) {
			this.log.warn(message + " (further occurrences are logged at debug level and counted)", ex);
		}
		else if (this.log.isDebugEnabled()) {
			this.log.debug(message, ex);
		}
	}

}
