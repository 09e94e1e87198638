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
import io.github.activityrank.dispatch.DispatchCounter;
import io.github.activityrank.engine.ActivityRankCounters;
import io.github.activityrank.engine.ActivityRules;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ScoringRule;
import io.github.activityrank.engine.TieBreak;
import io.github.activityrank.ingest.IngestCounter;
import io.github.activityrank.ingest.IngestCounters;
import io.github.activityrank.ingest.IngestKeys;
import io.github.activityrank.ingest.StreamIngester;

import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * The {@code activityrank} actuator endpoint ({@code GET /actuator/activityrank} once
 * exposed): the configuration in force (key prefix, time zone, periods, board order,
 * caps, rules) and the running totals (outcomes of the service, what the dispatcher did,
 * queue and retry buffer depth).
 */
@Endpoint(id = "activityrank")
public class ActivityRankEndpoint {

	private final String keyPrefix;

	private final String timeZone;

	private final Set<Period> periods;

	private final ActivityRules rules;

	private final BoardOrder order;

	private final ActivityRankCounters outcomes;

	private final AwardDispatchCounters dispatch;

	private final ActivityDispatcher dispatcher;

	private final StreamIngester ingester;

	/**
	 * Create the endpoint.
	 * @param keyPrefix the key prefix, without braces
	 * @param timeZone the zone of the boards' calendar
	 * @param periods the configured boards
	 * @param rules the rules and caps, or {@code null} when the application replaced the
	 * engine
	 * @param order how boards order and number equal points, or {@code null} when the
	 * application replaced the engine
	 * @param outcomes the service's outcome counters
	 * @param dispatch the dispatcher's counters, or {@code null}
	 * @param dispatcher the dispatcher, or {@code null}
	 */
	public ActivityRankEndpoint(String keyPrefix, String timeZone, Set<Period> periods, ActivityRules rules,
			BoardOrder order, ActivityRankCounters outcomes, AwardDispatchCounters dispatch,
			ActivityDispatcher dispatcher) {
		this(keyPrefix, timeZone, periods, rules, order, outcomes, dispatch, dispatcher, null);
	}

	/**
	 * Create the endpoint with the ingestion section.
	 * @param keyPrefix the key prefix, without braces
	 * @param timeZone the zone of the boards' calendar
	 * @param periods the configured boards
	 * @param rules the rules and caps, or {@code null}
	 * @param order how boards order and number equal points, or {@code null}
	 * @param outcomes the service's outcome counters
	 * @param dispatch the dispatcher's counters, or {@code null}
	 * @param dispatcher the dispatcher, or {@code null}
	 * @param ingester the stream ingester, or {@code null} when ingestion is off
	 */
	public ActivityRankEndpoint(String keyPrefix, String timeZone, Set<Period> periods, ActivityRules rules,
			BoardOrder order, ActivityRankCounters outcomes, AwardDispatchCounters dispatch,
			ActivityDispatcher dispatcher, StreamIngester ingester) {
		this.ingester = ingester;
		this.keyPrefix = keyPrefix;
		this.timeZone = timeZone;
		this.periods = (periods != null && !periods.isEmpty()) ? EnumSet.copyOf(periods) : EnumSet.noneOf(Period.class);
		this.rules = rules;
		this.order = order;
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
		Long weeklyCap = null;
		Long monthlyCap = null;
		if (this.rules != null) {
			for (String name : this.rules.names()) {
				ScoringRule rule = this.rules.get(name);
				ruleDescriptors.put(name, new RuleDescriptor(rule.points(), rule.oncePerEver() ? "ever" : "day",
						rule.dailyCap(), rule.weeklyCap(), rule.monthlyCap()));
			}
			dailyCap = this.rules.dailyCap();
			weeklyCap = this.rules.weeklyCap();
			monthlyCap = this.rules.monthlyCap();
		}
		String tieBreak = null;
		String ranking = null;
		String tieBreakEpoch = null;
		if (this.order != null) {
			tieBreak = lowerCase(this.order.tieBreak());
			ranking = lowerCase(this.order.effectiveRanking());
			// the epoch means something only when scores carry time
			tieBreakEpoch = (this.order.tieBreak() == TieBreak.EARLIEST) ? this.order.tieBreakEpoch().toString() : null;
		}
		Map<String, Long> awards = new LinkedHashMap<>();
		if (this.outcomes != null) {
			for (Outcome outcome : Outcome.values()) {
				awards.put(outcome.name().toLowerCase(Locale.ROOT), this.outcomes.count(outcome));
			}
		}
		return new ActivityRankDescriptor(this.keyPrefix, this.timeZone, boards, tieBreak, ranking, tieBreakEpoch,
				dailyCap, weeklyCap, monthlyCap, ruleDescriptors, awards, dispatch(), ingest());
	}

	private IngestDescriptor ingest() {
		return (this.ingester != null) ? new IngestDescriptor(this.ingester) : null;
	}

	private static String lowerCase(Enum<?> value) {
		return value.name().toLowerCase(Locale.ROOT);
	}

	private DispatchDescriptor dispatch() {
		if (this.dispatch == null) {
			return null;
		}
		boolean async = this.dispatcher != null && this.dispatcher.isAsync();
		int queueSize = (this.dispatcher != null) ? this.dispatcher.queueSize() : 0;
		int retryBufferSize = (this.dispatcher != null) ? this.dispatcher.retryBufferSize() : 0;
		return new DispatchDescriptor(async, queueSize, retryBufferSize, this.dispatch);
	}

	/**
	 * What the endpoint answers.
	 *
	 * @param keyPrefix prefix of every Redis key, without the hash-tag braces
	 * @param timeZone zone whose calendar decides where days, weeks and months begin
	 * @param periods boards every award goes to
	 * @param tieBreak how equal points are ordered, {@code none} or {@code earliest};
	 * {@code null} when the application replaced the engine
	 * @param ranking how ranks are numbered, {@code competition}, {@code dense} or
	 * {@code ordinal}: {@code ordinal} under {@code earliest}, whatever
	 * {@code activity-rank.ranking} says; {@code null} when the application replaced the
	 * engine
	 * @param tieBreakEpoch where the seconds of the total board count from, with
	 * {@code earliest} only
	 * @param dailyCap most points per user and day over all rules, {@code null} for none
	 * @param weeklyCap most points per user and ISO week over all rules, {@code null} for
	 * none
	 * @param monthlyCap most points per user and calendar month over all rules,
	 * {@code null} for none
	 * @param rules the rules by name
	 * @param awards awards and revokes answered by the service, by outcome
	 * @param dispatch what the dispatcher did, {@code null} without one
	 */
	public record ActivityRankDescriptor(String keyPrefix, String timeZone, List<String> periods, String tieBreak,
			String ranking, String tieBreakEpoch, Long dailyCap, Long weeklyCap, Long monthlyCap,
			Map<String, RuleDescriptor> rules, Map<String, Long> awards, DispatchDescriptor dispatch,
			IngestDescriptor ingest) implements OperationResponseBody {

		/**
		 * The descriptor without ingestion.
		 * @param keyPrefix prefix of every Redis key
		 * @param timeZone zone of the boards' calendar
		 * @param periods boards every award goes to
		 * @param tieBreak how equal points are ordered
		 * @param ranking how ranks are numbered
		 * @param tieBreakEpoch where the total board's seconds count from
		 * @param dailyCap daily cap over all rules
		 * @param weeklyCap weekly cap over all rules
		 * @param monthlyCap monthly cap over all rules
		 * @param rules the rules by name
		 * @param awards awards and revokes by outcome
		 * @param dispatch what the dispatcher did
		 */
		public ActivityRankDescriptor(String keyPrefix, String timeZone, List<String> periods, String tieBreak,
				String ranking, String tieBreakEpoch, Long dailyCap, Long weeklyCap, Long monthlyCap,
				Map<String, RuleDescriptor> rules, Map<String, Long> awards, DispatchDescriptor dispatch) {
			this(keyPrefix, timeZone, periods, tieBreak, ranking, tieBreakEpoch, dailyCap, weeklyCap, monthlyCap, rules,
					awards, dispatch, null);
		}

	}

	/**
	 * Ingestion from Redis Streams on this instance: {@code streams} (the partition keys,
	 * {@code <n>} for the partition), {@code deadLetters} (the dead-letter stream),
	 * {@code group}, {@code consumer}, {@code partitions}, {@code ownedPartitions}, then
	 * one field per {@link IngestCounter} named by its {@link IngestCounter#key() key},
	 * {@code pending} (read, not yet acknowledged) and {@code lagMillis}.
	 */
	public static final class IngestDescriptor extends LinkedHashMap<String, Object> {

		private static final long serialVersionUID = 1L;

		IngestDescriptor(StreamIngester ingester) {
			IngestCounters counters = ingester.counters();
			IngestKeys keys = ingester.keys();
			put("streams", keys.partitionTemplate());
			put("deadLetters", keys.deadLetter());
			put("group", ingester.settings().group());
			put("consumer", ingester.consumer());
			put("partitions", keys.partitions());
			put("ownedPartitions", counters.ownedPartitions());
			for (IngestCounter counter : IngestCounter.values()) {
				put(counter.key(), counters.get(counter));
			}
			put("pending", counters.pending());
			put("lagMillis", counters.lagMillis());
		}

	}

	/**
	 * One rule.
	 *
	 * @param points points per award, negative for a penalty
	 * @param oncePer {@code day} or {@code ever}
	 * @param dailyCap most points per user and day from this rule, {@code null} for none
	 * @param weeklyCap most points per user and ISO week from this rule, {@code null} for
	 * none
	 * @param monthlyCap most points per user and calendar month from this rule,
	 * {@code null} for none
	 */
	public record RuleDescriptor(long points, String oncePer, Long dailyCap, Long weeklyCap, Long monthlyCap) {

	}

	/**
	 * The dispatcher's state and totals: {@code async} (whether awards run on background
	 * threads), {@code queueSize} and {@code retryBufferSize} (awards waiting there now),
	 * then one field per {@link DispatchCounter}, named by its
	 * {@link DispatchCounter#key() key}. A map, so that its JSON follows the counters
	 * without naming each one here.
	 */
	public static final class DispatchDescriptor extends LinkedHashMap<String, Object> {

		private static final long serialVersionUID = 1L;

		DispatchDescriptor(boolean async, int queueSize, int retryBufferSize, AwardDispatchCounters counters) {
			put("async", async);
			put("queueSize", queueSize);
			put("retryBufferSize", retryBufferSize);
			for (DispatchCounter counter : DispatchCounter.values()) {
				put(counter.key(), counters.get(counter));
			}
		}

		/**
		 * Whether awards run on background threads.
		 * @return {@code true} in async mode
		 */
		public boolean async() {
			return (Boolean) get("async");
		}

		/**
		 * Awards waiting in the queue when the endpoint was read.
		 * @return the count
		 */
		public int queueSize() {
			return (Integer) get("queueSize");
		}

		/**
		 * Awards waiting in the retry buffer when the endpoint was read.
		 * @return the count
		 */
		public int retryBufferSize() {
			return (Integer) get("retryBufferSize");
		}

		/**
		 * One counter's total when the endpoint was read.
		 * @param counter the counter
		 * @return the count
		 */
		public long count(DispatchCounter counter) {
			return (Long) get(counter.key());
		}

		/**
		 * {@link DispatchCounter#QUEUED}.
		 * @return the count
		 */
		public long queued() {
			return count(DispatchCounter.QUEUED);
		}

		/**
		 * {@link DispatchCounter#APPLIED}.
		 * @return the count
		 */
		public long applied() {
			return count(DispatchCounter.APPLIED);
		}

		/**
		 * {@link DispatchCounter#REJECTED}.
		 * @return the count
		 */
		public long rejected() {
			return count(DispatchCounter.REJECTED);
		}

		/**
		 * {@link DispatchCounter#FAILED}.
		 * @return the count
		 */
		public long failed() {
			return count(DispatchCounter.FAILED);
		}

		/**
		 * {@link DispatchCounter#DROPPED}.
		 * @return the count
		 */
		public long dropped() {
			return count(DispatchCounter.DROPPED);
		}

		/**
		 * {@link DispatchCounter#CALLER_RUNS}.
		 * @return the count
		 */
		public long callerRuns() {
			return count(DispatchCounter.CALLER_RUNS);
		}

		/**
		 * {@link DispatchCounter#EVALUATION_ERRORS}.
		 * @return the count
		 */
		public long evaluationErrors() {
			return count(DispatchCounter.EVALUATION_ERRORS);
		}

		/**
		 * {@link DispatchCounter#RETRY_BUFFERED}.
		 * @return the count
		 */
		public long retryBuffered() {
			return count(DispatchCounter.RETRY_BUFFERED);
		}

		/**
		 * {@link DispatchCounter#RETRIED}.
		 * @return the count
		 */
		public long retried() {
			return count(DispatchCounter.RETRIED);
		}

		/**
		 * {@link DispatchCounter#RETRY_DROPPED}.
		 * @return the count
		 */
		public long retryDropped() {
			return count(DispatchCounter.RETRY_DROPPED);
		}

		/**
		 * {@link DispatchCounter#SET_ASIDE}.
		 * @return the count
		 */
		public long setAside() {
			return count(DispatchCounter.SET_ASIDE);
		}

	}

}
