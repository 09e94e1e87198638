package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.test.RecordingActivityRankService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A thread that must never block (Reactor's {@code parallel} scheduler here, a Netty
 * event loop in a WebFlux application) never waits for the dispatcher, and a held award
 * keeps {@code awaitIdle} waiting until it is released.
 */
class NonBlockingDispatchTests {

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

	@Test
	void underCallerRunsANonBlockingThreadQueuesBeyondTheCapacityAndGoesOn() {
		this.dispatcher = new AsyncActivityDispatcher(this.service, this.counters, 1, 1, QueueFullPolicy.CALLER_RUNS,
				Duration.ofSeconds(5));
		this.service.block();
		this.dispatcher.dispatch(List.of(ActivityEvent.award("ann", "f1", "praise")));
		this.service.awaitBlockedCall(Duration.ofSeconds(5));
		this.dispatcher.dispatch(List.of(ActivityEvent.award("ann", "f2", "praise"))); // fills
		ActivityEvent third = ActivityEvent.award("ann", "f3", "praise");
		// the worker is blocked: a caller that waited would wait 5 s
		Mono.fromRunnable(() -> this.dispatcher.dispatch(List.of(third)))
			.subscribeOn(Schedulers.parallel())
			.block(Duration.ofSeconds(2));
		assertThat(this.counters.getCallerRuns()).isOne();
		assertThat(this.dispatcher.queueSize()).isEqualTo(2);
		this.service.release();
		assertThat(this.dispatcher.awaitIdle(Duration.ofSeconds(5))).isTrue();
		assertThat(this.service.applied()).extracting(ActivityEvent::field).containsExactly("f1", "f2", "f3");
	}

	@Test
	void aDispatcherThatAppliesOnTheCallersThreadAppliesElsewhereForANonBlockingThread() {
		this.dispatcher = new SyncActivityDispatcher(this.service, this.counters);
		Mono.fromRunnable(
				() -> this.dispatcher.dispatchWithoutBlocking(List.of(ActivityEvent.award("ben", "f1", "praise"))))
			.subscribeOn(Schedulers.parallel())
			.block(Duration.ofSeconds(2));
		assertThat(this.dispatcher.awaitIdle(Duration.ofSeconds(5))).isTrue();
		assertThat(this.service.applied()).hasSize(1);
		assertThat(this.service.threads()).singleElement()
			.satisfies((thread) -> assertThat(thread).startsWith("boundedElastic"));
	}

	@Test
	void aDispatcherThatAppliesOnTheCallersThreadStaysThereForOtherThreads() {
		this.dispatcher = new SyncActivityDispatcher(this.service, this.counters);
		this.dispatcher.dispatchWithoutBlocking(List.of(ActivityEvent.award("cy", "f1", "praise")));
		assertThat(this.service.threads()).containsExactly(Thread.currentThread().getName());
	}

	@Test
	void aHeldAwardIsPendingUntilReleasedOnce() {
		this.dispatcher = new AsyncActivityDispatcher(this.service, this.counters, 1, 10, QueueFullPolicy.CALLER_RUNS,
				Duration.ofSeconds(5));
		Runnable release = this.dispatcher.hold();
		Runnable other = this.dispatcher.hold();
		assertThat(this.dispatcher.awaitIdle(Duration.ofMillis(100))).isFalse();
		release.run();
		release.run(); // a second release (a race of completion and cancel) counts
						// nothing
		assertThat(this.dispatcher.awaitIdle(Duration.ofMillis(100))).isFalse();
		other.run();
		assertThat(this.dispatcher.awaitIdle(Duration.ofSeconds(1))).isTrue();
	}

}
