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
import io.github.activityrank.dispatch.LedgerCounters;
import io.github.activityrank.engine.ActivityRankCounters;
import io.github.activityrank.engine.ActivityRules;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ScoringRule;
import io.github.activityrank.engine.TieBreak;
import io.github.activityrank.ingest.StreamIngester;

import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * The {@code activityrank} actuator endpoint ({@code GET /actuator/activityrank} once
 * exposed): the configuration in force (key prefix, time zone, periods, board order,
 * caps, rules) and the running totals (outcomes of the service, what the dispatcher did,
 * queue and retry buffer depth, and, when they are on, what stream ingestion and the
 * award ledger's relay did).
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

	private final LedgerCounters ledger;

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
		this(keyPrefix, timeZone, periods, rules, order, outcomes, dispatch, dispatcher, ingester, null);
	}

	/**
	 * Create the endpoint with the ingestion and ledger sections.
	 * @param keyPrefix the key prefix, without braces
	 * @param timeZone the zone of the boards' calendar
	 * @param periods the configured boards
	 * @param rules the rules and caps, or {@code null}
	 * @param order how boards order and number equal points, or {@code null}
	 * @param outcomes the service's outcome counters
	 * @param dispatch the dispatcher's counters, or {@code null}
	 * @param dispatcher the dispatcher, or {@code null}
	 * @param ingester the stream ingester, or {@code null} when ingestion is off
	 * @param ledger the award ledger's relay, or {@code null} when the ledger is off
	 */
	public ActivityRankEndpoint(String keyPrefix, String timeZone, Set<Period> periods, ActivityRules rules,
			BoardOrder order, ActivityRankCounters outcomes, AwardDispatchCounters dispatch,
			ActivityDispatcher dispatcher, StreamIngester ingester, LedgerCounters ledger) {
		this.ingester = ingester;
		this.ledger = ledger;
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
				dailyCap, weeklyCap, monthlyCap, ruleDescriptors, awards, dispatch(), ingest(),
				(this.ledger != null) ? new LedgerDescriptor(this.ledger) : null);
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
	 * @param ingest what stream ingestion did, {@code null} when it is off
	 * @param ledger what the award ledger's relay did, {@code null} when the ledger is
	 * off
	 */
	public record ActivityRankDescriptor(String keyPrefix, String timeZone, List<String> periods, String tieBreak,
			String ranking, String tieBreakEpoch, Long dailyCap, Long weeklyCap, Long monthlyCap,
			Map<String, RuleDescriptor> rules, Map<String, Long> awards, DispatchDescriptor dispatch,
			IngestDescriptor ingest, LedgerDescriptor ledger) implements OperationResponseBody {

		/**
		 * The descriptor without the ledger.
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
		 * @param ingest what stream ingestion did
		 */
		public ActivityRankDescriptor(String keyPrefix, String timeZone, List<String> periods, String tieBreak,
				String ranking, String tieBreakEpoch, Long dailyCap, Long weeklyCap, Long monthlyCap,
				Map<String, RuleDescriptor> rules, Map<String, Long> awards, DispatchDescriptor dispatch,
				IngestDescriptor ingest) {
			this(keyPrefix, timeZone, periods, tieBreak, ranking, tieBreakEpoch, dailyCap, weeklyCap, monthlyCap, rules,
					awards, dispatch, ingest, null);
		}

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
					awards, dispatch, null, null);
		}

	}

}
