package io.github.activityrank.dispatch;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

/**
 * The lanes of an {@link AsyncActivityDispatcher} and the room they share: one
 * {@link DispatchLane} per worker thread, a user always on the same lane, and a bound
 * over all lanes together ({@code activity-rank.async.queue-capacity}) of which each lane
 * holds at most its share, so one hot user cannot fill the whole queue.
 */
final class DispatchLanes {

	/** What became of an award offered within the capacity. */
	enum Offer {

		/** Queued in its user's lane. */
		QUEUED,

		/** The queue or the lane's share of it is full: the queue-full policy decides. */
		FULL,

		/** The lane's worker ended after the final drain: the award was not queued. */
		CLOSED

	}

	private final List<DispatchLane> lanes;

	private final Semaphore room;

	private final int laneCapacity;

	/**
	 * Create the lanes; their threads start with {@link #start()}.
	 * @param threadPrefix each worker's name before its number
	 * @param threads how many lanes
	 * @param queueCapacity most awards waiting over all lanes
	 * @param handler what a worker does with each batch it takes
	 */
	DispatchLanes(String threadPrefix, int threads, int queueCapacity, Consumer<List<QueuedAward>> handler) {
		this.room = new Semaphore(queueCapacity);
		this.laneCapacity = Math.max(1, (queueCapacity + threads - 1) / threads);
		List<DispatchLane> lanes = new ArrayList<>(threads);
		for (int i = 1; i <= threads; i++) {
			lanes.add(new DispatchLane(threadPrefix + i, handler));
		}
		this.lanes = List.copyOf(lanes);
	}

	void start() {
		this.lanes.forEach(DispatchLane::start);
	}

	DispatchLane laneOf(String userId) {
		return this.lanes.get(DispatchLane.indexOf(userId, this.lanes.size()));
	}

	/**
	 * Queue an award within the capacity.
	 * @param event the award
	 * @return what became of it
	 */
	Offer offer(TimedAward event) {
		DispatchLane lane = laneOf(event.event().userId());
		if (lane.size() >= this.laneCapacity || !this.room.tryAcquire()) {
			return Offer.FULL;
		}
		if (!lane.offer(QueuedAward.withinCapacity(event))) {
			this.room.release();
			return Offer.CLOSED;
		}
		return Offer.QUEUED;
	}

	/**
	 * Give back the room of awards a worker took.
	 * @param taken the awards
	 */
	void taken(List<QueuedAward> taken) {
		this.room.release(QueuedAward.withinCapacity(taken));
	}

	int size() {
		int size = 0;
		for (DispatchLane lane : this.lanes) {
			size += lane.size();
		}
		return size;
	}

	boolean isWorker(Thread thread) {
		for (DispatchLane lane : this.lanes) {
			if (lane.isWorker(thread)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Let every worker end once its lane is empty, and wait for them until the deadline.
	 * Until its worker ends, a lane still takes awards, so those made during the drain
	 * keep their order behind the queued ones.
	 * @param deadlineNanos {@link System#nanoTime()} to give up at
	 */
	void drain(long deadlineNanos) {
		this.lanes.forEach(DispatchLane::stopWhenEmpty);
		for (DispatchLane lane : this.lanes) {
			lane.awaitWorker(deadlineNanos);
		}
	}

	/**
	 * End the workers that are still running and close every lane: later offers are
	 * refused.
	 * @return the awards still queued, whose room was given back
	 */
	List<QueuedAward> close() {
		this.lanes.forEach(DispatchLane::interruptWorker);
		List<QueuedAward> queued = new ArrayList<>();
		for (DispatchLane lane : this.lanes) {
			lane.closeAndDrainTo(queued);
		}
		taken(queued);
		return queued;
	}

}
