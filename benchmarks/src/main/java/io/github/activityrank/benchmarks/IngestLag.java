package io.github.activityrank.benchmarks;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;
import io.github.activityrank.ingest.IngestSink;

/**
 * End-to-end lag of ingested messages: wraps the starter's {@link IngestSink} and, while
 * recording, notes for each message how long after its stream id's time (when the server
 * took the XADD) its batch came back from the engine.
 */
final class IngestLag implements IngestSink {

	private static final int MAX_SAMPLES = 2_000_000;

	private static final long[] samples = new long[MAX_SAMPLES];

	private static int count;

	private static volatile boolean recording;

	private final IngestSink delegate;

	IngestLag(IngestSink delegate) {
		this.delegate = delegate;
	}

	@Override
	public List<AwardResult> apply(List<ActivityEvent> events, List<Instant> times) {
		List<AwardResult> results = this.delegate.apply(events, times);
		if (recording) {
			long now = System.currentTimeMillis();
			synchronized (IngestLag.class) {
				for (Instant time : times) {
					if (count < MAX_SAMPLES) {
						samples[count++] = now - time.toEpochMilli();
					}
				}
			}
		}
		return results;
	}

	static synchronized void start() {
		count = 0;
		recording = true;
	}

	/** Stop recording; the lags recorded, in milliseconds, sorted. */
	static synchronized long[] stop() {
		recording = false;
		long[] sorted = Arrays.copyOf(samples, count);
		Arrays.sort(sorted);
		return sorted;
	}

	static double percentile(long[] sorted, double q) {
		if (sorted.length == 0) {
			return Double.NaN;
		}
		return sorted[(int) Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
	}

}
