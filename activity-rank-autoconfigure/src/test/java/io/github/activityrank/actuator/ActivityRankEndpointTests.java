package io.github.activityrank.actuator;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.Period;
import io.github.activityrank.actuator.ActivityRankEndpoint.ActivityRankDescriptor;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.dispatch.DispatchCounter;
import io.github.activityrank.dispatch.LedgerCounter;
import io.github.activityrank.dispatch.LedgerCounters;
import io.github.activityrank.dispatch.SyncActivityDispatcher;
import io.github.activityrank.engine.ActivityRankCounters;
import io.github.activityrank.engine.ActivityRules;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.Ranking;
import io.github.activityrank.engine.ScoringRule;
import io.github.activityrank.engine.TieBreak;
import io.github.activityrank.test.RecordingActivityRankService;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * The endpoint's descriptor built from plain objects: the board order and caps it shows,
 * and its {@code dispatch} and {@code ledger} objects, whose fields, which are their
 * JSON, follow {@link DispatchCounter} and {@link LedgerCounter}.
 */
class ActivityRankEndpointTests {

	private final AwardDispatchCounters counters = new AwardDispatchCounters();

	private final ActivityRankEndpoint endpoint = new ActivityRankEndpoint("ar", "UTC", Set.of(Period.DAY), null, null,
			new ActivityRankCounters(), this.counters,
			new SyncActivityDispatcher(new RecordingActivityRankService(), this.counters));

	@Test
	void dispatchHasTheFieldsItAlwaysHadInTheirOrder() {
		assertThat(this.endpoint.activityRank().dispatch().keySet()).containsExactly("async", "queueSize",
				"retryBufferSize", "queued", "applied", "rejected", "failed", "dropped", "callerRuns",
				"evaluationErrors", "retryBuffered", "retried", "retryDropped", "setAside");
	}

	@Test
	void eachCounterShowsItsOwnTotal() {
		for (DispatchCounter counter : DispatchCounter.values()) {
			this.counters.add(counter, counter.ordinal() + 1);
		}
		DispatchDescriptor dispatch = this.endpoint.activityRank().dispatch();
		for (DispatchCounter counter : DispatchCounter.values()) {
			assertThat(dispatch.count(counter)).as(counter.key()).isEqualTo(counter.ordinal() + 1);
			assertThat(dispatch.get(counter.key())).as(counter.key()).isEqualTo(counter.ordinal() + 1L);
		}
		assertThat(dispatch.callerRuns()).isEqualTo(DispatchCounter.CALLER_RUNS.ordinal() + 1);
		assertThat(dispatch.async()).isFalse();
		assertThat(dispatch.queueSize()).isZero();
		assertThat(dispatch.retryBufferSize()).isZero();
	}

	@Test
	void hasNoDispatchObjectWithoutDispatchCounters() {
		ActivityRankEndpoint withoutDispatcher = new ActivityRankEndpoint("ar", "UTC", Set.of(Period.DAY), null, null,
				new ActivityRankCounters(), null, null);
		assertThat(withoutDispatcher.activityRank().dispatch()).isNull();
	}

	@Test
	void ledgerShowsItsSettingAndEachRelayCounter() {
		LedgerCounters relay = new LedgerCounters() {

			@Override
			public long get(LedgerCounter counter) {
				return 10L * (counter.ordinal() + 1);
			}

			@Override
			public int setAsideAfter() {
				return 3;
			}

		};
		LedgerDescriptor ledger = new ActivityRankEndpoint("ar", "UTC", Set.of(Period.DAY), null, null,
				new ActivityRankCounters(), this.counters, null, null, relay)
			.activityRank()
			.ledger();
		assertThat(ledger.keySet()).containsExactly("setAsideAfter", "applied", "setAside", "failedPasses",
				"redisOnly");
		assertThat(ledger.setAsideAfter()).isEqualTo(3);
		assertThat(ledger.setAside()).isEqualTo(20);
		for (LedgerCounter counter : LedgerCounter.values()) {
			assertThat(ledger.get(counter.key())).as(counter.key()).isEqualTo(10L * (counter.ordinal() + 1));
		}
	}

	@Test
	void hasNoLedgerObjectWithoutTheLedger() {
		assertThat(this.endpoint.activityRank().ledger()).isNull();
	}

	@Test
	void describesTheCapsOfEveryPeriodGlobalAndPerRule() {
		Map<String, ScoringRule> rules = new LinkedHashMap<>();
		rules.put("answer", new ScoringRule("answer", 5, false, 20L, 50L, 150L));
		rules.put("praise", new ScoringRule("praise", 2, true, null, null, 40L));
		ActivityRankDescriptor descriptor = endpoint(new ActivityRules(rules, 100L, 500L, 1500L), BoardOrder.DEFAULT)
			.activityRank();
		assertThat(descriptor.dailyCap()).isEqualTo(100);
		assertThat(descriptor.weeklyCap()).isEqualTo(500);
		assertThat(descriptor.monthlyCap()).isEqualTo(1500);
		assertThat(descriptor.rules()).containsExactly(entry("answer", new RuleDescriptor(5, "day", 20L, 50L, 150L)),
				entry("praise", new RuleDescriptor(2, "ever", null, null, 40L)));
	}

	@Test
	void describesTheBoardOrderAsRanksAreReallyNumbered() {
		Instant epoch = Instant.parse("2025-06-01T00:00:00Z");
		ActivityRankDescriptor plain = endpoint(null, new BoardOrder(TieBreak.NONE, Ranking.DENSE, epoch))
			.activityRank();
		assertThat(plain.tieBreak()).isEqualTo("none");
		assertThat(plain.ranking()).isEqualTo("dense");
		assertThat(plain.tieBreakEpoch()).as("no time in the scores, so no epoch").isNull();

		// earliest makes every rank distinct, whatever ranking says
		ActivityRankDescriptor earliest = endpoint(null, new BoardOrder(TieBreak.EARLIEST, Ranking.DENSE, epoch))
			.activityRank();
		assertThat(earliest.tieBreak()).isEqualTo("earliest");
		assertThat(earliest.ranking()).isEqualTo("ordinal");
		assertThat(earliest.tieBreakEpoch()).isEqualTo("2025-06-01T00:00:00Z");
	}

	@Test
	void leavesOrderAndCapsOutWhenTheApplicationReplacedTheEngine() {
		ActivityRankDescriptor descriptor = endpoint(null, null).activityRank();
		assertThat(descriptor.tieBreak()).isNull();
		assertThat(descriptor.ranking()).isNull();
		assertThat(descriptor.dailyCap()).isNull();
		assertThat(descriptor.weeklyCap()).isNull();
		assertThat(descriptor.monthlyCap()).isNull();
		assertThat(descriptor.rules()).isEmpty();
	}

	private ActivityRankEndpoint endpoint(ActivityRules rules, BoardOrder order) {
		return new ActivityRankEndpoint("ar", "UTC", Set.of(Period.DAY), rules, order, new ActivityRankCounters(),
				this.counters, null);
	}

}
