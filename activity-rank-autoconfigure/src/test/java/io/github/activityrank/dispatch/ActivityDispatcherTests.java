package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;
import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.test.RecordingActivityRankService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class ActivityDispatcherTests {

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

	private ActivityDispatcher async(int threads, int capacity, QueueFullPolicy policy) {
		this.dispatcher = new AsyncActivityDispatcher(this.service, this.counters, threads, capacity, policy,
				Duration.ofSeconds(5));
		return this.dispatcher;
	}

	private static List<ActivityEvent> events(int n) {
		List<ActivityEvent> events = new ArrayList<>();
		for (int i = 0; i < n; i++) {
			events.add(ActivityEvent.award("u" + i, "f" + i, "praise"));
		}
		return events;
	}

	@Test
	void drainsTheQueueInBatchesOnNamedThreads() {
		ActivityDispatcher dispatcher = async(1, 10_000, QueueFullPolicy.CALLER_RUNS);
		this.service.block();
		dispatcher.dispatch(events(1));
		dispatcher.dispatch(events(600));
		this.service.release();
		assertThat(dispatcher.awaitIdle(Duration.ofSeconds(10))).isTrue();
		assertThat(this.service.applied()).hasSize(601);
		assertThat(this.service.batchSizes()).hasSizeLessThan(10)
			.allSatisfy((size) -> assertThat(size).isLessThanOrEqualTo(ActivityStore.MAX_BATCH));
		assertThat(this.service.threads()).allSatisfy((name) -> assertThat(name).startsWith("activity-rank-"));
		assertThat(this.counters.getQueued()).isEqualTo(601);
		assertThat(this.counters.getApplied()).isEqualTo(601);
	}

	@Test
	void fullQueueWithDropPolicyDiscardsAndCounts() {
		ActivityDispatcher dispatcher = async(1, 2, QueueFullPolicy.DROP);
		this.service.block();
		dispatcher.dispatch(events(1)); // taken by the worker, which blocks
		awaitBlockedCall();
		long start = System.nanoTime();
		dispatcher.dispatch(events(5)); // 2 fit, 3 dropped
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
		assertThat(this.counters.getDropped()).isEqualTo(3);
		this.service.release();
		assertThat(dispatcher.awaitIdle(Duration.ofSeconds(5))).isTrue();
		assertThat(this.service.applied()).hasSize(3);
	}

	@Test
	void fullQueueWithCallerRunsPolicyMakesTheCallerWaitUntilItsAwardIsApplied() throws Exception {
		ActivityDispatcher dispatcher = async(1, 1, QueueFullPolicy.CALLER_RUNS);
		this.service.block();
		dispatcher.dispatch(events(1));
		awaitBlockedCall();
		dispatcher.dispatch(events(1)); // queued
		// queue full: the caller waits until the worker applied its award
		CompletableFuture<Void> caller = CompletableFuture.runAsync(() -> dispatcher.dispatch(events(1)));
		await("the caller waits while the worker is blocked").during(Duration.ofMillis(200))
			.atMost(Duration.ofSeconds(2))
			.until(() -> !caller.isDone());
		this.service.release();
		caller.get(5, TimeUnit.SECONDS);
		assertThat(this.service.applied()).hasSize(3);
		assertThat(dispatcher.awaitIdle(Duration.ofSeconds(5))).isTrue();
		assertThat(this.counters.getDropped()).isZero();
		assertThat(this.counters.getCallerRuns()).isOne();
	}

	@Test
	void aCallerWaitingOnAFullQueueNeverOvertakesItsUsersQueuedAwards() throws Exception {
		ActivityDispatcher dispatcher = async(1, 1, QueueFullPolicy.CALLER_RUNS);
		this.service.block();
		dispatcher.dispatch(List.of(ActivityEvent.award("other", "o1", "praise"))); // the
																					// worker
																					// blocks
																					// on
																					// it
		awaitBlockedCall();
		ActivityEvent award = ActivityEvent.award("ada", "article-1", "praise");
		ActivityEvent revoke = ActivityEvent.revoke("ada", "article-1", "praise");
		dispatcher.dispatch(List.of(award)); // fills the queue
		Thread unpraise = new Thread(() -> dispatcher.dispatch(List.of(revoke))); // finds
																					// it
																					// full
		unpraise.start();
		await("the revoke finds the queue full").atMost(Duration.ofSeconds(5))
			.pollInterval(Duration.ofMillis(5))
			.until(() -> this.counters.getCallerRuns() == 1);
		this.service.release();
		unpraise.join(5_000);
		assertThat(unpraise.isAlive()).as("the waiting caller went on within 5 s").isFalse();
		assertThat(dispatcher.awaitIdle(Duration.ofSeconds(5))).isTrue();
		List<ActivityEvent> applied = this.service.applied();
		assertThat(applied.indexOf(award)).isNotNegative().isLessThan(applied.indexOf(revoke));
	}

	@Test
	void serviceErrorsAreCountedAndGoToTheFailureHook() {
		List<ActivityEvent> failed = new ArrayList<>();
		this.dispatcher = new SyncActivityDispatcher(this.service, this.counters) {
			@Override
			protected void onApplyFailure(List<ActivityEvent> events, RuntimeException ex) {
				super.onApplyFailure(events, ex);
				failed.addAll(events);
			}
		};
		this.service.failWith(() -> new IllegalStateException("Redis down"));
		this.dispatcher.dispatch(events(2));
		assertThat(this.counters.getFailed()).isEqualTo(2);
		assertThat(failed).hasSize(2);
	}

	@Test
	void oneUsersAwardsAreAppliedInTheOrderTheyWereMadeWhateverTheThreadCount() throws InterruptedException {
		// the worker that took alice's praise is held up before it reaches Redis
		// (descheduled, a slow
		// network); her cancel, made after the praise, must not be applied by another
		// worker meanwhile,
		// or the revoke finds nothing to revoke and the praise lands after it: points for
		// nothing
		ActivityEvent praise = ActivityEvent.award("alice", "1_praise", "praise");
		ActivityEvent cancel = ActivityEvent.revoke("alice", "1_praise", "praise");
		CountDownLatch cancelApplied = new CountDownLatch(1);
		AtomicBoolean overtaken = new AtomicBoolean();
		RecordingActivityRankService service = new RecordingActivityRankService() {
			@Override
			public List<AwardResult> applyAll(List<ActivityEvent> events) {
				if (events.contains(praise)) {
					// held for 500 ms, or less if the cancel overtakes it
					overtaken.set(awaitLatch(cancelApplied, Duration.ofMillis(500)));
				}
				List<AwardResult> results = super.applyAll(events);
				if (events.contains(cancel)) {
					cancelApplied.countDown();
				}
				return results;
			}
		};
		this.dispatcher = new AsyncActivityDispatcher(service, this.counters, 4, 10_000, QueueFullPolicy.CALLER_RUNS,
				Duration.ofSeconds(5));
		this.dispatcher.dispatch(List.of(praise));
		await("a worker took the praise").atMost(Duration.ofSeconds(5))
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(1))
			.until(() -> this.dispatcher.queueSize() == 0);
		this.dispatcher.dispatch(List.of(cancel));
		assertThat(this.dispatcher.awaitIdle(Duration.ofSeconds(5))).isTrue();
		assertThat(service.applied()).containsExactly(praise, cancel);
		assertThat(overtaken).as("the cancel was applied while its praise was held").isFalse();
	}

	@Test
	void differentUsersStillGoThroughDifferentThreads() throws InterruptedException {
		String alice = "alice";
		String bob = "bob";
		for (int i = 0; DispatchLane.indexOf(bob, 2) == DispatchLane.indexOf(alice, 2); i++) {
			bob = "bob" + i;
		}
		ActivityEvent held = ActivityEvent.award(alice, "1_praise", "praise");
		ActivityEvent other = ActivityEvent.award(bob, "1_praise", "praise");
		CountDownLatch release = new CountDownLatch(1);
		AtomicBoolean released = new AtomicBoolean();
		RecordingActivityRankService service = new RecordingActivityRankService() {
			@Override
			public List<AwardResult> applyAll(List<ActivityEvent> events) {
				if (events.contains(held)) {
					released.set(awaitLatch(release, Duration.ofSeconds(10)));
				}
				return super.applyAll(events);
			}
		};
		this.dispatcher = new AsyncActivityDispatcher(service, this.counters, 2, 10_000, QueueFullPolicy.CALLER_RUNS,
				Duration.ofSeconds(5));
		this.dispatcher.dispatch(List.of(held, other));
		assertThat(service.awaitApplied(1, Duration.ofSeconds(5))).containsExactly(other);
		release.countDown();
		assertThat(this.dispatcher.awaitIdle(Duration.ofSeconds(5))).isTrue();
		assertThat(service.applied()).containsExactly(other, held);
		assertThat(released).as("the held award was released by the test, not by its timeout").isTrue();
	}

	@Test
	void shutdownDrainsWhatIsQueued() {
		ActivityDispatcher dispatcher = async(2, 1000, QueueFullPolicy.CALLER_RUNS);
		dispatcher.dispatch(events(500));
		dispatcher.close();
		assertThat(this.service.applied()).hasSize(500);
		assertThat(this.counters.getDropped()).isZero();
	}

	/**
	 * Wait for a latch from inside the fake service, where a failed assertion would only
	 * reach the dispatcher: the caller records the result for the test thread to assert.
	 * @return {@code false} when the wait timed out
	 */
	private static boolean awaitLatch(CountDownLatch latch, Duration timeout) {
		try {
			return latch.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/**
	 * Wait until a worker has taken its batch (and given back its room) and is blocked in
	 * the service.
	 */
	private void awaitBlockedCall() {
		this.service.awaitBlockedCall(Duration.ofSeconds(5));
	}

	@Test
	void oneHotUserFillsOnlyItsLanesShareOfTheQueue() {
		ActivityDispatcher dispatcher = async(2, 10, QueueFullPolicy.DROP);
		String other = "cold";
		for (int i = 0; DispatchLane.indexOf(other, 2) == DispatchLane.indexOf("hot", 2); i++) {
			other = "cold" + i;
		}
		this.service.block();
		dispatcher.dispatch(List.of(ActivityEvent.award("hot", "h", "praise")));
		awaitBlockedCall();
		for (int i = 0; i < 20; i++) {
			dispatcher.dispatch(List.of(ActivityEvent.award("hot", "h" + i, "praise")));
		}
		dispatcher.dispatch(List.of(ActivityEvent.award(other, "c", "praise")));
		// the hot user's lane holds its half of the queue; the other lane still has room
		assertThat(this.counters.getDropped()).isEqualTo(15);
		this.service.release();
		assertThat(dispatcher.awaitIdle(Duration.ofSeconds(5))).isTrue();
		assertThat(this.service.applied()).extracting(ActivityEvent::userId).contains(other);
	}

}
