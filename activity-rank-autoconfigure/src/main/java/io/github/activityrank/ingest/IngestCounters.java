package io.github.activityrank.ingest;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * What ingestion did on this instance: the {@link IngestCounter} totals, the messages
 * being applied and not yet acknowledged, and the lag of each partition it owns.
 */
public final class IngestCounters {

	private final Map<IngestCounter, LongAdder> totals = new EnumMap<>(IngestCounter.class);

	private final AtomicInteger pending = new AtomicInteger();

	private final AtomicLongArray lag;

	private final AtomicInteger owned = new AtomicInteger();

	IngestCounters(int partitions) {
		for (IngestCounter counter : IngestCounter.values()) {
			this.totals.put(counter, new LongAdder());
		}
		this.lag = new AtomicLongArray(partitions);
	}

	/**
	 * A counter's total.
	 * @param counter the counter
	 * @return the count since the start
	 */
	public long get(IngestCounter counter) {
		return this.totals.get(counter).sum();
	}

	/**
	 * Messages this instance is applying and has not acknowledged yet: at most one batch
	 * per partition, however long the backlog (a batch read ahead counts once its turn
	 * comes).
	 * @return the count
	 */
	public int pending() {
		return this.pending.get();
	}

	/**
	 * How far behind this instance is: over the partitions it owns, the age of the last
	 * message applied when it was applied, in milliseconds; 0 when its partitions were
	 * empty at their last read.
	 * @return the lag in milliseconds
	 */
	public long lagMillis() {
		long max = 0;
		for (int i = 0; i < this.lag.length(); i++) {
			max = Math.max(max, this.lag.get(i));
		}
		return max;
	}

	/**
	 * How many partitions this instance owns now.
	 * @return the count
	 */
	public int ownedPartitions() {
		return this.owned.get();
	}

	void add(IngestCounter counter, long count) {
		this.totals.get(counter).add(count);
	}

	void read(int count) {
		this.pending.addAndGet(count);
		add(IngestCounter.CONSUMED, count);
	}

	void done(int count) {
		this.pending.addAndGet(-count);
	}

	void lag(int partition, long millis) {
		this.lag.set(partition, Math.max(0, millis));
	}

	AtomicInteger owned() {
		return this.owned;
	}

}
