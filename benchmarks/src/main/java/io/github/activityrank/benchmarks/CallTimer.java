package io.github.activityrank.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Times every call of a two-argument method from the current thread for one round, for
 * section 3 of the report (aspect overhead), where the figures are tens to hundreds of
 * nanoseconds.
 * <p>
 * The precautions JMH would take that matter here: the arguments are prepared before the
 * round, so the loop allocates nothing of its own; every result goes into a sink the JIT
 * cannot discard; one timestamp per call (the gap between consecutive timestamps), so the
 * timer and the loop cost the same on both sides of a comparison and cancel out in the
 * difference; bytes allocated per call come from the thread's own allocation counter, the
 * source of JMH's {@code gc.alloc.rate.norm}. Warm-up is the caller's
 * ({@link Interleaved#warmup(int)}).
 */
final class CallTimer {

	static final String P50 = "p50 ns";

	static final String P99 = "p99 ns";

	static final String MEAN = "mean ns";

	static final String BYTES = "bytes/call";

	static final String CALLS = "calls";

	/** The method timed, called as {@code praise(userId, field)}. */
	@FunctionalInterface
	interface Praise {

		int praise(String userId, String field);

	}

	private static final int ARGUMENTS = 1 << 16;

	private final long[] samples;

	private final String[] users = new String[ARGUMENTS];

	private final String[] fields = new String[ARGUMENTS];

	private int round;

	/**
	 * The sum of every result, a field the JIT must write, so no call can be left out.
	 */
	private long sink;

	/**
	 * @param maxCallsPerRound a round ends after this many calls if its time has not run
	 * out first (the samples are kept in an array of that size)
	 */
	CallTimer(int maxCallsPerRound) {
		this.samples = new long[maxCallsPerRound];
	}

	/**
	 * Call {@code method} for {@code seconds} (or {@code maxCallsPerRound} calls) with
	 * fields new to this round, timing each call.
	 * @return p50, p99 and mean in nanoseconds, bytes allocated per call, and the calls
	 * made
	 */
	Map<String, Double> round(double seconds, Praise method) {
		prepareArguments();
		com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
		long[] samples = this.samples;
		String[] users = this.users;
		String[] fields = this.fields;
		int sink = 0;
		int n = 0;
		long allocatedBefore = threads.getCurrentThreadAllocatedBytes();
		long start = System.nanoTime();
		long deadline = start + (long) (seconds * 1e9);
		long last = start;
		while (n < samples.length) {
			int i = n & (ARGUMENTS - 1);
			sink += method.praise(users[i], fields[i]);
			long now = System.nanoTime();
			samples[n++] = now - last;
			last = now;
			if (now >= deadline) {
				break;
			}
		}
		long allocated = threads.getCurrentThreadAllocatedBytes() - allocatedBefore;
		this.sink += sink;
		Arrays.sort(samples, 0, n);
		Map<String, Double> figures = new HashMap<>();
		figures.put(P50, (double) percentile(samples, n, 0.50));
		figures.put(P99, (double) percentile(samples, n, 0.99));
		figures.put(MEAN, (double) (last - start) / n);
		figures.put(BYTES, (double) allocated / n);
		figures.put(CALLS, (double) n);
		return figures;
	}

	/**
	 * Fields new to each round, so that the engine behind the aspect awards (at least
	 * until the round wraps around the arguments) instead of answering "already awarded".
	 */
	private void prepareArguments() {
		int round = this.round++;
		for (int i = 0; i < ARGUMENTS; i++) {
			this.users[i] = "j" + (i * 7919 % 10_000);
			this.fields[i] = "f" + round + "_" + i;
		}
	}

	private static long percentile(long[] sorted, int n, double q) {
		int index = (int) Math.min(n - 1, Math.ceil(q * n) - 1);
		return sorted[Math.max(0, index)];
	}

}
