package io.github.activityrank.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.activityrank.AwardResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Concurrent callers share store calls and each still gets exactly its own results. The
 * Redis side of the same path runs in the engine's concurrency tests, which go through
 * this store too.
 */
class CoalescingActivityStoreTests {

	private final ExecutorService pool = Executors.newFixedThreadPool(32);

	@AfterEach
	void stopPool() {
		this.pool.shutdownNow();
	}

	@Test
	void aLoneCallerIsSentAtOnceAndGetsItsResultsInOrder() {
		RecordingStore store = new RecordingStore();
		CoalescingActivityStore coalescing = new CoalescingActivityStore(store, 256, 2);
		List<AwardResult> results = coalescing.apply(List.of(command("u1", "a", 1), command("u1", "b", 2)));
		assertThat(results).extracting(AwardResult::points).containsExactly(1L, 2L);
		assertThat(store.calls).hasSize(1);
	}

	@Test
	void callersArrivingWhileABatchIsOnItsWayShareTheNextCall() throws Exception {
		RecordingStore store = new RecordingStore();
		CoalescingActivityStore coalescing = new CoalescingActivityStore(store, 256, 1);
		Future<List<AwardResult>> first = sendFirstCallAndHoldIt(coalescing, store);
		List<Future<List<AwardResult>>> others = new ArrayList<>();
		for (int i = 0; i < 20; i++) {
			long points = 100 + i;
			others.add(this.pool.submit(() -> coalescing.apply(List.of(command("u" + points, "f", points)))));
		}
		await("20 callers waiting").atMost(Duration.ofSeconds(5))
			.pollInterval(Duration.ofMillis(5))
			.until(() -> coalescing.waitingCallers() == 20);
		store.releaseFirstCall.countDown();

		assertThat(first.get(5, TimeUnit.SECONDS)).extracting(AwardResult::points).containsExactly(1L);
		for (int i = 0; i < 20; i++) {
			assertThat(others.get(i).get(5, TimeUnit.SECONDS)).extracting(AwardResult::points)
				.containsExactly(100L + i);
		}
		assertThat(store.calls).hasSize(2);
		assertThat(store.calls.get(1)).hasSize(20);
	}

	@Test
	void manyConcurrentCallersEachGetTheirOwnResults() throws Exception {
		RecordingStore store = new RecordingStore();
		CoalescingActivityStore coalescing = new CoalescingActivityStore(store, 16, 2);
		List<Future<Boolean>> callers = new ArrayList<>();
		for (int t = 0; t < 32; t++) {
			int thread = t;
			callers.add(this.pool.submit(() -> {
				for (int i = 0; i < 500; i++) {
					long points = thread * 10_000L + i;
					List<AwardResult> results = coalescing
						.apply(List.of(command("t" + thread, "x", points), command("t" + thread, "y", points + 1)));
					if (results.size() != 2 || results.get(0).points() != points
							|| results.get(1).points() != points + 1) {
						return false;
					}
				}
				return true;
			}));
		}
		for (Future<Boolean> caller : callers) {
			assertThat(caller.get(30, TimeUnit.SECONDS)).isTrue();
		}
		assertThat(store.calls.stream().mapToInt(List::size).sum()).isEqualTo(32 * 500 * 2);
		assertThat(store.calls).allSatisfy((call) -> assertThat(call.size()).isLessThanOrEqualTo(16));
	}

	@Test
	void aFailedCallReachesEveryCallerOfItsBatch() throws Exception {
		RecordingStore store = new RecordingStore();
		store.laterCallsFail = new IllegalStateException("Redis went away");
		CoalescingActivityStore coalescing = new CoalescingActivityStore(store, 256, 1);
		Future<List<AwardResult>> first = sendFirstCallAndHoldIt(coalescing, store);
		List<Future<List<AwardResult>>> others = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			others.add(this.pool.submit(() -> coalescing.apply(List.of(command("u", "f", 1)))));
		}
		await("5 callers waiting").atMost(Duration.ofSeconds(5))
			.pollInterval(Duration.ofMillis(5))
			.until(() -> coalescing.waitingCallers() == 5);
		store.releaseFirstCall.countDown();
		assertThat(first.get(5, TimeUnit.SECONDS)).hasSize(1);
		for (Future<List<AwardResult>> other : others) {
			assertThatExceptionOfType(java.util.concurrent.ExecutionException.class)
				.isThrownBy(() -> other.get(5, TimeUnit.SECONDS))
				.withCauseInstanceOf(IllegalStateException.class)
				.withMessageContaining("Redis went away");
		}
	}

	@Test
	void anInterruptedCallerStillGetsItsResultAndKeepsItsInterrupt() throws Exception {
		RecordingStore store = new RecordingStore();
		AtomicBoolean interruptedInsideStore = new AtomicBoolean();
		store.beforeCall = () -> interruptedInsideStore.compareAndSet(false, Thread.currentThread().isInterrupted());
		CoalescingActivityStore coalescing = new CoalescingActivityStore(store, 256, 1);
		Future<Boolean> caller = this.pool.submit(() -> {
			Thread.currentThread().interrupt();
			List<AwardResult> results = coalescing.apply(List.of(command("u", "f", 7)));
			return results.get(0).points() == 7 && Thread.interrupted();
		});
		assertThat(caller.get(5, TimeUnit.SECONDS)).isTrue();
		// the store call itself ran without the interrupt, so it could not fail other
		// callers
		assertThat(interruptedInsideStore).isFalse();
	}

	/**
	 * One caller's call that the store holds until the test releases it, so that others
	 * queue up.
	 */
	private Future<List<AwardResult>> sendFirstCallAndHoldIt(CoalescingActivityStore coalescing, RecordingStore store)
			throws InterruptedException {
		store.holdFirstCall = true;
		Future<List<AwardResult>> first = this.pool.submit(() -> coalescing.apply(List.of(command("first", "f", 1))));
		assertThat(store.firstCallEntered.await(5, TimeUnit.SECONDS)).isTrue();
		return first;
	}

	private static ScoreCommand command(String user, String field, long points) {
		return new ScoreCommand(user, field, points, false, null, false, null, null);
	}

	/**
	 * Answers every award with its own points, so each caller can tell its results apart.
	 */
	static final class RecordingStore implements ActivityStore {

		final List<List<ScoreCommand>> calls = new CopyOnWriteArrayList<>();

		final CountDownLatch firstCallEntered = new CountDownLatch(1);

		final CountDownLatch releaseFirstCall = new CountDownLatch(1);

		volatile boolean holdFirstCall;

		volatile RuntimeException laterCallsFail;

		volatile Runnable beforeCall = () -> {
		};

		@Override
		public List<AwardResult> apply(List<ScoreCommand> commands) {
			this.calls.add(List.copyOf(commands));
			this.beforeCall.run();
			if (this.calls.size() == 1 && this.holdFirstCall) {
				this.firstCallEntered.countDown();
				awaitRelease();
			}
			else if (this.calls.size() > 1 && this.laterCallsFail != null) {
				throw this.laterCallsFail;
			}
			return commands.stream()
				.map((command) -> new AwardResult(AwardResult.Outcome.AWARDED, command.points(), null))
				.toList();
		}

		/**
		 * Hold the first call until the test releases it; a test that never does fails
		 * with the first caller, whose future it checks.
		 */
		private void awaitRelease() {
			try {
				assertThat(this.releaseFirstCall.await(5, TimeUnit.SECONDS)).as("first call released within 5 s")
					.isTrue();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

	}

}
