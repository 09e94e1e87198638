package io.github.activityrank.actuator;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.engine.ActivityRankCounters;
import io.github.activityrank.engine.ActivityRules;
import io.github.activityrank.engine.ScoringRule;

import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * The {@code activityrank} actuator endpoint ({@code GET /actuator/activityrank} once
 * exposed): the configuration in force (key prefix, time zone, periods, rules, daily cap)
 * and the running totals (outcomes of the service, what the dispatcher did, queue and
 * retry buffer depth).
 */
@Endpoint(id = "activityrank")
public class ActivityRankEndpoint {

	private final String keyPrefix;

	private final String timeZone;

	private final Set<Period> periods;

	private final ActivityRules rules;

	private final ActivityRankCounters outcomes;

	private final AwardDispatchCounters dispatch;

	private final ActivityDispatcher dispatcher;

	/**
	 * Create the endpoint.
	 * @param keyPrefix the key prefix, without braces
	 * @param timeZone the zone of the boards' calendar
	 * @param periods the configured boards
	 * @param rules the rules, or {@code null} when the application replaced the engine
	 * @param outcomes the service's outcome counters
	 * @param dispatch the dispatcher's counters, or {@code null}
	 * @param dispatcher the dispatcher, or {@code null}
	 */
	public ActivityRankEndpoint(String keyPrefix, String timeZone, Set<Period> periods, ActivityRules rules,
			ActivityRankCounters outcomes, AwardDispatchCounters dispatch, ActivityDispatcher dispatcher) {
		this.keyPrefix = keyPrefix;
		this.timeZone = timeZone;
		this.periods = (periods != null && !periods.isEmpty()) ? EnumSet.copyOf(periods) : EnumSet.noneOf(Period.class);
		this.rules = rules;
		this.outcomes = outcomes;
		this.dispatch = dispatch;
		this.dispatcher = dispatcher;
	}

	/**
	 * The configuration and the counters, read now.
	 * @return the descriptor
	 */
	@ReadOperation
	public ActivityRankDescriptor activityRank() {
		List<String> boards = new ArrayList<>();
		this.periods.forEach((period) -> boards.add(period.name().toLowerCase(Locale.ROOT)));
		Map<String, RuleDescriptor> ruleDescriptors = new LinkedHashMap<>();
		Long dailyCap = null;
		if (this.rules != null) {
			for (String name : this.rules.names()) {
				ScoringRule rule = this.rules.get(name);
				ruleDescriptors.put(name,
						new RuleDescriptor(rule.points(), rule.oncePerEver() ? "ever" : "day", rule.dailyCap()));
			}
			dailyCap = this.rules.dailyCap();
		}
		Map<String, Long> awards = new LinkedHashMap<>();
		if (this.outcomes != null) {
			for (Outcome outcome : Outcome.values()) {
				awards.put(outcome.name().toLowerCase(Locale.ROOT), this.outcomes.count(outcome));
			}
		}
		return new ActivityRankDescriptor(this.keyPrefix, this.timeZone, boards, dailyCap, ruleDescriptors, awards,
				dispatch());
	}

	private DispatchDescriptor dispatch() {
		if (this.dispatch == null) {
			return null;
		}
		AwardDispatchCounters c = this.dispatch;
		boolean async = this.dispatcher != null && this.dispatcher.isAsync();
		int queueSize = (this.dispatcher != null) ? this.dispatcher.queueSize() : 0;
		int retryBufferSize = (this.dispatcher != null) ? this.dispatcher.retryBufferSize() : 0;
		return new DispatchDescriptor(async, queueSize, retryBufferSize, c.getQueued(), c.getApplied(), c.getRejected(),
				c.getFailed(), c.getDropped(), c.getCallerRuns(), c.getEvaluationErrors(), c.getRetryBuffered(),
				c.getRetried(), c.getRetryDropped());
	}

	/**
	 * What the endpoint answers.
	 *
	 * @param keyPrefix prefix of every Redis key, without the hash-tag braces
	 * @param timeZone zone whose calendar decides where days, weeks and months begin
	 * @param periods boards every award goes to
	 * @param dailyCap most points per user and day over all rules, {@code null} for none
	 * @param rules the rules by name
	 * @param awards awards and revokes answered by the service, by outcome
	 * @param dispatch what the dispatcher did, {@code null} without one
	 */
	public record ActivityRankDescriptor(String keyPrefix, String timeZone, List<String> periods, Long dailyCap,
			Map<String, RuleDescriptor> rules, Map<String, Long> awards,
			DispatchDescriptor dispatch) implements OperationResponseBody {

	}

	/**
	 * One rule.
	 *
	 * @param points points per award, negative for a penalty
	 * @param oncePer {@code day} or {@code ever}
	 * @param dailyCap most points per user and day from this rule, {@code null} for none
	 */
	public record RuleDescriptor(long points, String oncePer, Long dailyCap) {

	}

	/**
	 * The dispatcher's state and totals (see {@link AwardDispatchCounters} for each
	 * count).
	 *
	 * @param async whether awards run on background threads
	 * @param queueSize awards waiting in the queue now
	 * @param retryBufferSize awards waiting in the retry buffer now
	 * @param queued awards put on the queue
	 * @param applied awards the service answered with any outcome but rejected
	 * @param rejected awards the service rejected
	 * @param failed awards lost to an error
	 * @param dropped awards discarded (queue full, shutdown)
	 * @param callerRuns awards whose caller waited for them because the queue was full
	 * @param evaluationErrors annotations whose expressions gave no valid award
	 * @param retryBuffered awards put in the retry buffer
	 * @param retried awards the retry thread sent successfully
	 * @param retryDropped awards lost from the retry buffer
	 */
	public record DispatchDescriptor(boolean async, int queueSize, int retryBufferSize, long queued, long applied,
			long rejected, long failed, long dropped, long callerRuns, long evaluationErrors, long retryBuffered,
			long retried, long retryDropped) {

	}

}
