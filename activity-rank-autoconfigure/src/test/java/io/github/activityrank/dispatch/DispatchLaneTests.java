package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.engine.ActivityStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * One lane alone: its worker takes awards in arrival order, in batches, on its own named
 * thread, and survives what its handler throws.
 */
class DispatchLaneTests {

	private final List<List<ActivityEvent>> batches = new CopyOnWriteArrayList<>();

	private final List<String> threads = new CopyOnWriteArrayList<>();

	private final List<DispatchLane> lanes = new ArrayList<>();

	@AfterEach
	void stopLanes() {
		this.lanes.forEach(DispatchLane::interruptWorker);
	}

	private DispatchLane lane(String name, Consumer<List<QueuedAward>> handler) {
		DispatchLane lane = new DispatchLane(name, handler);
		this.lanes.add(lane);
		return lane;
	}

	private void record(List<QueuedAward> taken) {
		this.batches.add(TimedAward.events(QueuedAward.events(taken)));
		this.threads.add(Thread.currentThread().getName());
	}

	private static List<ActivityEvent> awards(int n) {
		List<ActivityEvent> awards = new ArrayList<>();
		for (int i = 0; i < n; i++) {
			awards.add(ActivityEvent.award("ada", "f" + i, "praise"));
		}
		return awards;
	}

	private List<ActivityEvent> handled() {
		return this.batches.stream().flatMap(List::stream).toList();
	}

	@Test
	void takesAwardsInArrivalOrderInBatchesOnItsOwnThread() {
		DispatchLane lane = lane("lane-test-1", this::record);
		List<ActivityEvent> awards = awards(600);
		awards.forEach((award) -> lane.offer(QueuedAward.withinCapacity(new TimedAward(award, null))));
		lane.start();
		await("600 awards handled").atMost(Duration.ofSeconds(5)).until(() -> handled().size() == 600);
		assertThat(handled()).containsExactlyElementsOf(awards);
		assertThat(this.batches).hasSizeGreaterThanOrEqualTo(3)
			.allSatisfy((batch) -> assertThat(batch).hasSizeLessThanOrEqualTo(ActivityStore.MAX_BATCH));
		assertThat(this.threads).containsOnly("lane-test-1");
		assertThat(lane.size()).isZero();
	}

	@Test
	void knowsItsWorkerThread() {
		AtomicBoolean ranOnWorker = new AtomicBoolean();
		DispatchLane[] self = new DispatchLane[1];
		self[0] = lane("lane-test-2", (taken) -> ranOnWorker.set(self[0].isWorker(Thread.currentThread())));
		self[0].start();
		self[0].offer(QueuedAward.withinCapacity(new TimedAward(ActivityEvent.award("ada", "f", "praise"), null)));
		await("the worker ran").atMost(Duration.ofSeconds(5)).untilTrue(ranOnWorker);
		assertThat(self[0].isWorker(Thread.currentThread())).isFalse();
	}

	@Test
	void keepsWorkingAfterItsHandlerThrows() {
		AtomicBoolean thrown = new AtomicBoolean();
		DispatchLane lane = lane("lane-test-3", (taken) -> {
			if (thrown.compareAndSet(false, true)) {
				throw new IllegalStateException("first batch fails");
			}
			record(taken);
		});
		lane.start();
		lane.offer(QueuedAward.withinCapacity(new TimedAward(ActivityEvent.award("ada", "lost", "praise"), null)));
		await("the first batch was handed over").atMost(Duration.ofSeconds(5)).untilTrue(thrown);
		ActivityEvent later = ActivityEvent.award("ada", "later", "praise");
		lane.offer(QueuedAward.withinCapacity(new TimedAward(later, null)));
		await("the later award handled").atMost(Duration.ofSeconds(5)).until(() -> handled().contains(later));
	}

	@Test
	void whenToldToStopItFinishesWhatIsQueuedFirst() {
		DispatchLane lane = lane("lane-test-4", this::record);
		List<ActivityEvent> awards = awards(300);
		awards.forEach((award) -> lane.offer(QueuedAward.withinCapacity(new TimedAward(award, null))));
		lane.stopWhenEmpty();
		lane.start();
		lane.awaitWorker(System.nanoTime() + Duration.ofSeconds(5).toNanos());
		assertThat(handled()).containsExactlyElementsOf(awards);
	}

	@Test
	void aCallerWaitingOnItsAwardGoesOnOnceItIsHandled() throws Exception {
		DispatchLane lane = lane("lane-test-5", (taken) -> {
			record(taken);
			QueuedAward.release(taken);
		});
		QueuedAward awaited = QueuedAward.awaited(new TimedAward(ActivityEvent.award("ada", "f", "praise"), null));
		lane.offer(awaited);
		Thread caller = new Thread(() -> {
			try {
				awaited.awaitHandled(Duration.ofSeconds(30));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		caller.start();
		lane.start();
		caller.join(5_000);
		assertThat(caller.isAlive()).as("the caller went on within 5 s").isFalse();
		assertThat(handled()).hasSize(1);
	}

	@Test
	void aUserAlwaysTakesTheSameLane() {
		for (int lanes = 1; lanes <= 8; lanes++) {
			for (String user : List.of("ada", "bob", "carol", "", "日本語")) {
				int index = DispatchLane.indexOf(user, lanes);
				assertThat(index).isBetween(0, lanes - 1).isEqualTo(DispatchLane.indexOf(new String(user), lanes));
			}
			assertThat(DispatchLane.indexOf(null, lanes)).isZero();
		}
	}

	@Test
	void usersSpreadOverTheLanes() {
		int[] perLane = new int[4];
		for (int i = 0; i < 4000; i++) {
			perLane[DispatchLane.indexOf("user-" + i, 4)]++;
		}
		for (int count : perLane) {
			assertThat(count).isBetween(800, 1200);
		}
	}

}
