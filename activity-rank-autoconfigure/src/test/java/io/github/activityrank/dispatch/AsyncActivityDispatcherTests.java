package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;
import io.github.activityrank.engine.TransientFailurePolicy;
import io.github.activityrank.test.RecordingActivityRankService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The lane-based dispatcher's rules that {@link ActivityDispatcherTests} does not cover:
 * a worker never waits on the lanes, awards queue up behind the retry buffer, only
 * transient failures are kept, and shutdown counts what it drops.
 */
@ExtendWith(OutputCaptureExtension.class)
class AsyncActivityDispatcherTests {

	private final RecordingActivityRankService service = new RecordingActivityRankService();

	private final AwardDispatchCounters counters = new AwardDispatchCounters();

	private ActivityDispatcher dispatcher;

	@AfterEach
	void stop() {
		this.service.release();
		if (this.dispatcher != null) {
			this.dispatcher.close();
		}
	}

	private static RetrySettings retry(Duration backoff, TransientFailurePolicy transientFailures) {
		return new RetrySettings(100, backoff, backoff, transientFailures);
	}

	@Test
	void aWorkerThatFindsTheQueueFullAppliesTheAwardItselfInsteadOfWaitingOnItsOwnLane() {
		ActivityEvent trigger = ActivityEvent.award("ada", "trigger", "praise");
		ActivityEvent fillsTheQueue = ActivityEvent.award("ada", "first", "praise");
		ActivityEvent findsItFull = ActivityEvent.award("ada", "second", "praise");
		AtomicReference<ActivityDispatcher> self = new AtomicReference<>();
		RecordingActivityRankService service = new RecordingActivityRankService() {
			@Override
			public List<AwardResult> applyAll(List<ActivityEvent> events) {
				if (events.contains(trigger)) {
					// what a listener reacting to an award might do, on the worker
					self.get().dispatch(List.of(fillsTheQueue, findsItFull));
				}
				return super.applyAll(events);
			}
		};
		this.dispatcher = new AsyncActivityDispatcher(service, this.counters, 1, 1, QueueFullPolicy.CALLER_RUNS,
				Duration.ofSeconds(5));
		self.set(this.dispatcher);
		this.dispatcher.dispatch(List.of(trigger));
		assertThat(this.dispatcher.awaitIdle(Duration.ofSeconds(5))).as("no worker waits on itself").isTrue();
		assertThat(service.applied()).containsExactlyInAnyOrder(trigger, fillsTheQueue, findsItFull);
		assertThat(service.threads()).allSatisfy((name) -> assertThat(name).startsWith("activity-rank-"));
		assertThat(this.counters.getCallerRuns()).isOne();
	}

	@Test
	void whileTheRetryBufferHoldsAwardsLaterOnesQueueUpBehindThem() {
		ActivityEvent award = ActivityEvent.award("ada", "article-1", "praise");
		ActivityEvent revoke = ActivityEvent.revoke("ada", "article-1", "praise");
		// a long first backoff: the retry thread stays asleep while the revoke arrives
		this.dispatcher = new AsyncActivityDispatcher(this.service, this.counters, 2, 100, QueueFullPolicy.CALLER_RUNS,
				retry(Duration.ofSeconds(1), (failure) -> true), Duration.ofSeconds(5));
		this.service.failWith(() -> new IllegalStateException("Redis down"));
		this.dispatcher.dispatch(List.of(award));
		await("the award in the retry buffer").atMost(Duration.ofSeconds(5))
			.until(() -> this.dispatcher.retryBufferSize() == 1);
		this.service.failWith(null);
		this.dispatcher.dispatch(List.of(revoke));
		await("the revoke behind it").atMost(Duration.ofSeconds(5)).until(() -> this.counters.getRetryBuffered() == 2);
		assertThat(this.service.applied()).as("nothing overtakes the buffer").isEmpty();
		assertThat(this.dispatcher.awaitIdle(Duration.ofSeconds(10))).isTrue();
		assertThat(this.service.applied()).containsExactly(award, revoke);
		assertThat(this.service.threads()).allSatisfy((name) -> assertThat(name).startsWith("activity-rank-retry"));
		assertThat(this.counters.getRetried()).isEqualTo(2);
		assertThat(this.counters.getFailed()).isZero();
		assertThat(this.counters.getRetryPending()).isZero();
	}

	@Test
	void failuresThatWaitingCannotCureAndTheStoreDidNotSetAsideCountAsFailedNotKept() {
		this.dispatcher = new AsyncActivityDispatcher(this.service, this.counters, 1, 100, QueueFullPolicy.CALLER_RUNS,
				retry(Duration.ofMillis(50), (failure) -> false), Duration.ofSeconds(5));
		// the store keeps what fails for good on its own: a failure that still reaches
		// the
		// dispatcher is not the award's
		this.service.failWith(() -> new IllegalArgumentException("ERR Error running script"));
		this.dispatcher.dispatch(List.of(ActivityEvent.award("ada", "f1", "praise")));
		assertThat(this.dispatcher.awaitIdle(Duration.ofSeconds(5))).isTrue();
		assertThat(this.counters.getFailed()).isOne();
		assertThat(this.counters.getSetAside()).isZero();
		assertThat(this.counters.getRetryBuffered()).isZero();
		assertThat(this.dispatcher.retryBufferSize()).isZero();
	}

	@Test
	void shutdownDropsWhatIsStillQueuedAfterTheGracePeriodAndCountsIt(CapturedOutput output) {
		this.dispatcher = new AsyncActivityDispatcher(this.service, this.counters, 1, 100, QueueFullPolicy.CALLER_RUNS,
				Duration.ofMillis(200));
		this.service.block();
		this.dispatcher.dispatch(List.of(ActivityEvent.award("ada", "held", "praise")));
		this.service.awaitBlockedCall(Duration.ofSeconds(5));
		List<ActivityEvent> queued = new ArrayList<>();
		for (int i = 0; i < 9; i++) {
			queued.add(ActivityEvent.award("ada", "q" + i, "praise"));
		}
		this.dispatcher.dispatch(queued);
		this.dispatcher.close();
		assertThat(this.counters.getDropped()).isEqualTo(9);
		assertThat(this.dispatcher.queueSize()).isZero();
		assertThat(output).contains("activity-rank shut down with 9 award(s) still queued");
	}

	@Test
	void afterShutdownAwardsAreAppliedOnTheCallersThread() {
		this.dispatcher = new AsyncActivityDispatcher(this.service, this.counters, 1, 100, QueueFullPolicy.CALLER_RUNS,
				Duration.ofSeconds(1));
		this.dispatcher.close();
		this.dispatcher.dispatch(List.of(ActivityEvent.award("ada", "late", "praise")));
		assertThat(this.service.threads()).containsExactly(Thread.currentThread().getName());
		assertThat(this.counters.getApplied()).isOne();
		assertThat(this.counters.getQueued()).isZero();
	}

}
