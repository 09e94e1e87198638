package io.github.activityrank.ingest;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

/**
 * What the partition threads of one instance share: the keys, the settings, the consumer
 * name, the counters, the number of live consumers (from the heartbeat) and whether to go
 * on.
 */
final class IngestCrew {

	private final IngestKeys keys;

	private final IngestSettings settings;

	private final String consumer;

	private final IngestCounters counters;

	private volatile boolean running = true;

	private volatile boolean abandoned;

	private volatile long liveConsumers = 1;

	/**
	 * Runs on a partition's thread after its lease was checked and before a batch is
	 * applied, with the partition's number: tests pause a consumer here past its lease.
	 */
	volatile IntConsumer beforeApply = (partition) -> {
	};

	IngestCrew(IngestKeys keys, IngestSettings settings, String consumer, IngestCounters counters) {
		this.keys = keys;
		this.settings = settings;
		this.consumer = consumer;
		this.counters = counters;
	}

	IngestKeys keys() {
		return this.keys;
	}

	IngestSettings settings() {
		return this.settings;
	}

	String consumer() {
		return this.consumer;
	}

	IngestCounters counters() {
		return this.counters;
	}

	boolean running() {
		return this.running;
	}

	boolean abandoned() {
		return this.abandoned;
	}

	void stop() {
		this.running = false;
	}

	/** Stop as a killed process would: no acknowledgement, no release, no goodbye. */
	void abandon() {
		this.abandoned = true;
		this.running = false;
	}

	void liveConsumers(long count) {
		this.liveConsumers = Math.max(1, count);
	}

	/**
	 * This instance's fair share: the partitions divided by the live consumers, rounded
	 * up.
	 */
	int share() {
		int partitions = this.keys.partitions();
		return (int) Math.min(partitions, (partitions + this.liveConsumers - 1) / this.liveConsumers);
	}

	boolean wantsMore() {
		return this.counters.ownedPartitions() < share();
	}

	/**
	 * Whether one partition should be given up, counted as given up at once so that two
	 * threads do not both give one up for the same excess.
	 */
	boolean giveUpOne() {
		int owned = this.counters.owned().get();
		return owned > share() && this.counters.owned().compareAndSet(owned, owned - 1);
	}

	void pause(Duration duration) {
		if (this.running) {
			LockSupport.parkNanos(duration.toNanos());
		}
	}

}
