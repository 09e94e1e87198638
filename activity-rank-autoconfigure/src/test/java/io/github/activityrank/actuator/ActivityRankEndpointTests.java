package io.github.activityrank.actuator;

import java.util.Set;

import io.github.activityrank.Period;
import io.github.activityrank.actuator.ActivityRankEndpoint.DispatchDescriptor;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.dispatch.DispatchCounter;
import io.github.activityrank.dispatch.SyncActivityDispatcher;
import io.github.activityrank.engine.ActivityRankCounters;
import io.github.activityrank.test.RecordingActivityRankService;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The endpoint's {@code dispatch} object: its fields, which are its JSON, follow
 * {@link DispatchCounter}.
 */
class ActivityRankEndpointTests {

	private final AwardDispatchCounters counters = new AwardDispatchCounters();

	private final ActivityRankEndpoint endpoint = new ActivityRankEndpoint("ar", "UTC", Set.of(Period.DAY), null,
			new ActivityRankCounters(), this.counters,
			new SyncActivityDispatcher(new RecordingActivityRankService(), this.counters));

	@Test
	void dispatchHasTheFieldsItAlwaysHadInTheirOrder() {
		assertThat(this.endpoint.activityRank().dispatch().keySet()).containsExactly("async", "queueSize",
				"retryBufferSize", "queued", "applied", "rejected", "failed", "dropped", "callerRuns",
				"evaluationErrors", "retryBuffered", "retried", "retryDropped");
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
		ActivityRankEndpoint withoutDispatcher = new ActivityRankEndpoint("ar", "UTC", Set.of(Period.DAY), null,
				new ActivityRankCounters(), null, null);
		assertThat(withoutDispatcher.activityRank().dispatch()).isNull();
	}

}
