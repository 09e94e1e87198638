package io.github.activityrank.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs an operation from several threads for a while and keeps every call's latency.
 */
final class Latencies {

	/** One call of the measured operation; {@code i} is the thread's call counter. */
	@FunctionalInterface
	interface Call {

		void run(int thread, long i) throws Exception;

	}

	/** Figure names of {@link Summary#figures()}. */
	static final String PER_SECOND = "per second";

	static final String P50 = "p50 us";

	static final String P99 = "p99 us";

	/**
	 * Percentiles in microseconds (NaN when calls were only counted), and calls per
	 * second.
	 */
	record Summary(long calls, long errors, double seconds, double p50, double p99, double p999) {

		double perSecond() {
			return this.calls / this.seconds;
		}

		/** As one round's figures: calls per second and, when timed, p50 and p99. */
		Map<String, Double> figures() {
			Map<String, Double> figures = new HashMap<>();
			figures.put(PER_SECOND, perSecond());
			if (!Double.isNaN(this.p50)) {
				figures.put(P50, this.p50);
				figures.put(P99, this.p99);
			}
			return figures;
		}

	}

	private static final int MAX_SAMPLES_PER_THREAD = 4_000_000;

	private Latencies() {
	}

	/**
	 * Call {@code call} from {@code threads} threads for {@code seconds}, timing each
	 * call.
	 */
	static Summary measure(int threads, double seconds, Call call) {
		return run(threads, seconds, call, true);
	}

	/**
	 * Call {@code call} from {@code threads} threads for {@code seconds}, counting calls
	 * only.
	 */
	static Summary throughput(int threads, double seconds, Call call) {
		return run(threads, seconds, call, false);
	}

	private static Summary run(int threads, double seconds, Call call, boolean timed) {
		long[][] samples = new long[threads][];
		long[] counts = new long[threads];
		AtomicLong errors = new AtomicLong();
		List<Throwable> failures = new ArrayList<>();
		CountDownLatch start = new CountDownLatch(1);
		CountDownLatch done = new CountDownLatch(threads);
		long durationNanos = (long) (seconds * 1e9);
		long[] startedAt = new long[1];
		List<Thread> workers = new ArrayList<>();
		for (int t = 0; t < threads; t++) {
			int thread = t;
			Thread worker = new Thread(() -> {
				long[] mine = timed ? new long[1 << 14] : null;
				long n = 0;
				try {
					start.await();
					long deadline = startedAt[0] + durationNanos;
					while (true) {
						long before = System.nanoTime();
						if (before >= deadline) {
							break;
						}
						try {
							call.run(thread, n);
						}
						catch (Exception ex) {
							if (errors.getAndIncrement() == 0) {
								synchronized (failures) {
									failures.add(ex);
								}
							}
						}
						if (timed && n < MAX_SAMPLES_PER_THREAD) {
							if (n == mine.length) {
								mine = Arrays.copyOf(mine, mine.length * 2);
							}
							mine[(int) n] = System.nanoTime() - before;
						}
						n++;
					}
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				finally {
					counts[thread] = n;
					samples[thread] = (mine != null) ? Arrays.copyOf(mine, (int) Math.min(n, mine.length)) : null;
					done.countDown();
				}
			}, "bench-" + t);
			worker.setDaemon(true);
			workers.add(worker);
			worker.start();
		}
		startedAt[0] = System.nanoTime();
		start.countDown();
		try {
			done.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted", ex);
		}
		double elapsed = (System.nanoTime() - startedAt[0]) / 1e9;
		long calls = Arrays.stream(counts).sum();
		if (!failures.isEmpty() && errors.get() * 100 > calls) {
			throw new IllegalStateException(errors.get() + " of " + calls + " calls failed", failures.get(0));
		}
		if (!timed) {
			return new Summary(calls, errors.get(), elapsed, Double.NaN, Double.NaN, Double.NaN);
		}
		long[] all = Arrays.stream(samples).flatMapToLong(Arrays::stream).toArray();
		Arrays.sort(all);
		return new Summary(calls, errors.get(), elapsed, percentile(all, 0.50), percentile(all, 0.99),
				percentile(all, 0.999));
	}

	private static double percentile(long[] sorted, double q) {
		if (sorted.length == 0) {
			return Double.NaN;
		}
		int index = (int) Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
		return sorted[Math.max(0, index)] / 1000.0;
	}

}
