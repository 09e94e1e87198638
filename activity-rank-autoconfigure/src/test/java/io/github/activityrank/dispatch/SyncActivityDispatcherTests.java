package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;
import io.github.activityrank.test.RecordingActivityRankService;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SyncActivityDispatcherTests {

	private final AwardDispatchCounters counters = new AwardDispatchCounters();

	/** Rejects awards of a blank user, as the real service does. */
	private final RecordingActivityRankService service = new RecordingActivityRankService() {
		@Override
		public List<AwardResult> applyAll(List<ActivityEvent> events) {
			List<AwardResult> results = new ArrayList<>(super.applyAll(events));
			for (int i = 0; i < events.size(); i++) {
				if (events.get(i).userId().isBlank()) {
					results.set(i, AwardResult.rejected("blank user"));
				}
			}
			return results;
		}
	};

	private final SyncActivityDispatcher dispatcher = new SyncActivityDispatcher(this.service, this.counters);

	@Test
	void appliesTheAwardsOnTheCallersThreadInOneCall() {
		List<ActivityEvent> awards = List.of(ActivityEvent.award("ada", "f1", "praise"),
				ActivityEvent.award("bob", "f2", "praise"));
		this.dispatcher.dispatch(awards);
		assertThat(this.service.applied()).containsExactlyElementsOf(awards);
		assertThat(this.service.batchSizes()).containsExactly(2);
		assertThat(this.service.threads()).containsExactly(Thread.currentThread().getName());
	}

	@Test
	void countsRejectedAnswersApartFromAppliedOnes() {
		this.dispatcher.dispatch(List.of(ActivityEvent.award("ada", "f1", "praise"),
				ActivityEvent.award(" ", "f2", "praise"), ActivityEvent.revoke("ada", "f1", "praise")));
		assertThat(this.counters.getApplied()).isEqualTo(2);
		assertThat(this.counters.getRejected()).isOne();
		assertThat(this.counters.getQueued()).isZero();
	}

	@Test
	void neverThrowsAndCountsWhatTheServiceCouldNotTake() {
		this.service.failWith(() -> new IllegalStateException("Redis down"));
		this.dispatcher.dispatch(List.of(ActivityEvent.award("ada", "f1", "praise")));
		assertThat(this.counters.getFailed()).isOne();
		assertThat(this.counters.getRetryBuffered()).isZero();
	}

	@Test
	void hasNoQueueNoBufferAndNothingToWaitFor() {
		assertThat(this.dispatcher.isAsync()).isFalse();
		assertThat(this.dispatcher.queueSize()).isZero();
		assertThat(this.dispatcher.retryBufferSize()).isZero();
		assertThat(this.dispatcher.awaitIdle(Duration.ZERO)).isTrue();
		this.dispatcher.close();
		this.dispatcher.dispatch(List.of(ActivityEvent.award("ada", "after-close", "praise")));
		assertThat(this.service.applied()).hasSize(1);
	}

}
