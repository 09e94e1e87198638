package io.github.activityrank.dispatch;

import java.util.List;
import java.util.function.BooleanSupplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.engine.AwardObservation;
import io.github.activityrank.engine.TimedActivityApplier;
import io.github.activityrank.engine.TransientFailurePolicy;
import io.github.activityrank.support.FailureLog;
import io.github.activityrank.support.LogText;
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

	private final FailureLog failureLog = new FailureLog(logger);

	/** Names the kind of each failure for the log; never asked what is transient. */
	private final TransientFailurePolicy failures;

	AwardApplier(ActivityRankService service, AwardDispatchCounters counters, TransientFailurePolicy failures) {
		this.service = service;
		this.counters = counters;
		this.failures = (failures != null) ? failures : (failure) -> false;
	}

	/**
	 * Apply the awards in one service call, each at the instant it was made when the
	 * service can, and count the answers: rejected ones as rejected (each logged at debug
	 * level), the others as applied, and end their observations. Nothing is counted when
	 * the service throws.
	 * @param awards the awards
	 * @throws RuntimeException what the service threw
	 */
	void apply(List<TimedAward> awards) {
		List<ActivityEvent> events = TimedAward.events(awards);
		List<AwardResult> results;
		// one call for the batch: its Redis commands join the first award's trace
		try (AwardObservation.Scope scope = awards.get(0).observation().open()) {
			results = (this.service instanceof TimedActivityApplier timed)
					? timed.applyAll(events, TimedAward.times(awards)) : this.service.applyAll(events);
		}
		long rejected = 0;
		long setAside = 0;
		for (int i = 0; i < results.size(); i++) {
			AwardResult result = results.get(i);
			awards.get(i).observation().answered(result);
			if (result != null && result.outcome() == AwardResult.Outcome.REJECTED) {
				rejected++;
				if (logger.isDebugEnabled()) {
					logger.debug("activity-rank rejected " + LogText.of(events.get(i)) + ": " + result.reason());
				}
			}
			else if (result != null && result.outcome() == AwardResult.Outcome.SET_ASIDE) {
				// the store kept it and logged the kind of failure
				setAside++;
			}
		}
		this.counters.add(DispatchCounter.REJECTED, rejected);
		this.counters.add(DispatchCounter.SET_ASIDE, setAside);
		this.counters.add(DispatchCounter.APPLIED, results.size() - rejected - setAside);
	}

	/**
	 * For the retry thread: send the awards again and answer how many from the front were
	 * handled. The failure is judged again on every attempt: the store already set aside
	 * the awards that fail for good on their own, so a failure that waiting cannot cure
	 * here is not the awards' own, and they are counted as failed instead of holding up
	 * the rest.
	 * @param awards the awards
	 * @param transientFailures which failures waiting can cure
	 * @param closing whether the dispatcher is closing
	 * @return how many were handled, 0 when they must wait
	 */
	int resend(List<TimedAward> awards, TransientFailurePolicy transientFailures, BooleanSupplier closing) {
		try {
			apply(awards);
			return awards.size();
		}
		catch (RuntimeException ex) {
			// while the dispatcher closes, the buffer counts what it still holds as
			// dropped
			if (transientFailures.isTransient(ex) || closing.getAsBoolean()) {
				if (logger.isDebugEnabled()) {
					logger.debug("activity-rank retry failed: " + ex);
				}
				return 0;
			}
			TimedAward.failed(awards, ex);
			failed(awards, ex);
			return awards.size();
		}
	}

	/**
	 * Count the awards of a batch the service threw on as failed, and log it (warn once,
	 * then debug).
	 * @param events the awards, none of which is known to have been applied
	 * @param ex what the service threw
	 */
	void failed(List<?> events, RuntimeException ex) {
		this.counters.add(DispatchCounter.FAILED, events.size());
		this.failureLog.log(this.failures.kindOf(ex),
				"activity-rank could not apply " + events.size() + " award(s): " + ex, ex);
	}

	/**
	 * Log a batch the service threw on that was kept for retry; it shares its warning
	 * with {@link #failed}, as both mean the same outage.
	 * @param events the awards
	 * @param ex what the service threw
	 */
	void keptForRetry(List<?> events, RuntimeException ex) {
		this.failureLog.log(this.failures.kindOf(ex),
				"activity-rank could not apply " + events.size() + " award(s), keeping them for retry: " + ex, ex);
	}

}
