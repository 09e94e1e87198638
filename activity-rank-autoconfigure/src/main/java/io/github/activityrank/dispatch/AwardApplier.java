package io.github.activityrank.dispatch;

import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.engine.TimedActivityApplier;
import io.github.activityrank.engine.TransientFailurePolicy;
import io.github.activityrank.support.LogText;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Sends a batch of awards to the service and counts the answers; counts and logs batches
 * the service could not take. Shared by every path an award takes to the service: the
 * caller's thread, a worker and the retry thread.
 */
final class AwardApplier {

	/** One log category for the whole dispatch path. */
	private static final Log logger = LogFactory.getLog(ActivityDispatcher.class);

	private final ActivityRankService service;

	private final AwardDispatchCounters counters;

	private final WarnOnce failureLog = new WarnOnce(logger,
			"further occurrences are logged at debug level and counted");

	AwardApplier(ActivityRankService service, AwardDispatchCounters counters) {
		this.service = service;
		this.counters = counters;
	}

	/**
	 * Apply the awards in one service call, each at the instant it was made when the
	 * service can, and count the answers: rejected ones as rejected (each logged at debug
	 * level), the others as applied. Nothing is counted when the service throws.
	 * @param awards the awards
	 * @throws RuntimeException what the service threw
	 */
	void apply(List<TimedAward> awards) {
		List<ActivityEvent> events = TimedAward.events(awards);
		List<AwardResult> results = (this.service instanceof TimedActivityApplier timed)
				? timed.applyAll(events, TimedAward.times(awards)) : this.service.applyAll(events);
		long rejected = 0;
		for (int i = 0; i < results.size(); i++) {
			AwardResult result = results.get(i);
			if (result != null && result.outcome() == AwardResult.Outcome.REJECTED) {
				rejected++;
				if (logger.isDebugEnabled()) {
					logger.debug("activity-rank rejected " + LogText.of(events.get(i)) + ": " + result.reason());
				}
			}
		}
		this.counters.add(DispatchCounter.REJECTED, rejected);
		this.counters.add(DispatchCounter.APPLIED, results.size() - rejected);
	}

	/**
	 * For the retry thread: send the awards again and answer how many from the front were
	 * handled. The failure is judged again on every attempt: one that waiting cannot cure
	 * sets the awards that fail on their own aside instead of holding up the rest.
	 * @param awards the awards
	 * @param transientFailures which failures waiting can cure
	 * @return how many were handled, 0 when they must wait
	 */
	int resend(List<TimedAward> awards, TransientFailurePolicy transientFailures) {
		try {
			apply(awards);
			return awards.size();
		}
		catch (RuntimeException ex) {
			if (logger.isDebugEnabled()) {
				logger.debug("activity-rank retry failed: " + ex);
			}
			return transientFailures.isTransient(ex) ? 0 : applyEach(awards, transientFailures);
		}
	}

	/**
	 * Apply the awards one at a time, after their batch failed with an error that is not
	 * transient: the awards that fail for good on their own are set aside (logged at WARN
	 * with the reason, counted), the others applied. Stops at the first transient
	 * failure. Applying an award of the batch again is safe: awards are idempotent.
	 * @param awards the awards of the failed batch
	 * @param transientFailures which failures waiting can cure
	 * @return how many awards from the front were handled (applied or set aside)
	 */
	int applyEach(List<TimedAward> awards, TransientFailurePolicy transientFailures) {
		for (int i = 0; i < awards.size(); i++) {
			try {
				apply(List.of(awards.get(i)));
			}
			catch (RuntimeException ex) {
				if (transientFailures.isTransient(ex)) {
					return i;
				}
				this.counters.add(DispatchCounter.SET_ASIDE, 1);
				// each one is a lost award: every one is worth a warning
				logger.warn("activity-rank set aside " + LogText.of(awards.get(i).event())
						+ ", which fails for good (counted as setAside): " + ex);
			}
		}
		return awards.size();
	}

	/**
	 * Count the awards of a batch the service threw on as failed, and log it (warn once,
	 * then debug).
	 * @param events the awards, none of which is known to have been applied
	 * @param ex what the service threw
	 */
	void failed(List<?> events, RuntimeException ex) {
		this.counters.add(DispatchCounter.FAILED, events.size());
		this.failureLog.log("activity-rank could not apply " + events.size() + " award(s): " + ex, ex);
	}

	/**
	 * Log a batch the service threw on that was kept for retry; it shares its warning
	 * with {@link #failed}, as both mean the same outage.
	 * @param events the awards
	 * @param ex what the service threw
	 */
	void keptForRetry(List<?> events, RuntimeException ex) {
		this.failureLog
			.log("activity-rank could not apply " + events.size() + " award(s), keeping them for retry: " + ex, ex);
	}

}
