package io.github.activityrank.benchmarks;

import java.util.Locale;
import java.util.Map;

import io.github.activityrank.ActivityRankService;

/**
 * Section 3 of the report, aspect overhead: what {@code @ActivityScore} adds to a method
 * call in async mode (the default), against the same method without the annotation
 * ({@link PlainActions}), called from one thread.
 * <p>
 * Two services sit behind the aspect, each in a context of its own:
 * <ul>
 * <li><b>in-memory</b> ({@link InMemoryActivityRankService}) answers at once, so the
 * dispatcher's workers have next to nothing to do and compete for no core: the figure is
 * the aspect's own cost, evaluating the expressions and handing the award to the
 * dispatcher. The target is judged on it.</li>
 * <li><b>redis</b>, the engine with its defaults (2 workers, queue 10,000, caller-runs
 * when full): one thread calls far faster than Redis drains, so the queue stays full, the
 * workers and Redis compete with the caller for the two cores, and some calls wait until
 * their award is applied.</li>
 * </ul>
 * The plain method (baseline) and both annotated arms run in interleaved rounds
 * ({@link Interleaved}); after each annotated round the harness waits until that
 * service's queue has drained, so no round pays for the previous one's backlog. Per
 * round, the figure added by the aspect is the annotated median minus the mean of the
 * plain medians just before and after it.
 * <p>
 * A hand-rolled harness ({@link CallTimer}), not JMH: JMH runs all iterations of one
 * benchmark before the next, so it cannot interleave the plain method with the annotated
 * one within a trial, and running it once per round would restart the Spring contexts
 * (or, with forks, the JVM) and lose the warm-up each time. The harness warms every arm
 * up for {@link BenchOptions#aspectWarmupCycles} cycles before measuring.
 */
final class AspectOverheadBench {

	private static final String PLAIN = "plain";

	private static final String IN_MEMORY = "in-memory";

	private static final String REDIS = "redis";

	/** A round never keeps more call timings than this (32 MB). */
	private static final int MAX_CALLS_PER_ROUND = 1 << 22;

	private static final long QUIET_MILLIS = 150;

	private static final long MAX_DRAIN_MILLIS = 60_000;

	private AspectOverheadBench() {
	}

	static void run(BenchOptions options, Report report, BenchRedis bench, String prefix, boolean aspectPresent) {
		Report.Section section = new Report.Section(
				"3. Overhead of @ActivityScore in async mode (1 thread, " + options.rounds + " interleaved rounds of "
						+ options.aspectSeconds + " s)",
				"service behind the aspect", "method", "p50 ns", "p99 ns", "mean ns", "bytes allocated / call");
		// issue 22's target; issue 1's was 2 us and no bound on allocation
		String target = "aspect hand-off <= 1 us median, <= 1 KB per call";
		if (!aspectPresent) {
			section.notMeasured(target, "this build has no @ActivityScore aspect (ScoredActions is not proxied)");
			report.add(section);
			return;
		}
		try (EngineContext inMemory = EngineContext.start(options, prefix + "_mem", "bench.in-memory-service=true");
				EngineContext redis = EngineContext.start(options, prefix)) {
			ScoredActions alone = inMemory.bean(ScoredActions.class);
			ActivityRankService inMemoryService = inMemory.service();
			ScoredActions engine = redis.bean(ScoredActions.class);
			PlainActions plain = new PlainActions();
			CallTimer timer = new CallTimer(MAX_CALLS_PER_ROUND);
			long[] submitted = new long[1];
			Interleaved.Results results = Interleaved.plan()
				.warmup(options.aspectWarmupCycles)
				.baseline(PLAIN, () -> timer.round(options.aspectSeconds, plain::praise))
				.subject(IN_MEMORY, () -> {
					Map<String, Double> figures = timer.round(options.aspectSeconds, alone::praise);
					submitted[0] += figures.get(CallTimer.CALLS).longValue();
					InMemoryActivityRankService.awaitApplied(inMemoryService, submitted[0], MAX_DRAIN_MILLIS);
					return figures;
				})
				.subject(REDIS, () -> {
					Map<String, Double> figures = timer.round(options.aspectSeconds, engine::praise);
					bench.awaitQuiet(QUIET_MILLIS, MAX_DRAIN_MILLIS);
					return figures;
				})
				.run(options.rounds);
			section.row("none", "same method, no annotation", results.median(PLAIN, CallTimer.P50),
					results.median(PLAIN, CallTimer.P99), results.median(PLAIN, CallTimer.MEAN),
					results.median(PLAIN, CallTimer.BYTES));
			for (String service : new String[] { IN_MEMORY, REDIS }) {
				section.row(service, "@ActivityScore method", results.median(service, CallTimer.P50),
						results.median(service, CallTimer.P99), results.median(service, CallTimer.MEAN),
						results.median(service, CallTimer.BYTES));
			}
			for (String service : new String[] { IN_MEMORY, REDIS }) {
				section.row(service, "added by the aspect",
						results.difference(service, PLAIN, CallTimer.P50).value("ns"), "", "",
						results.difference(service, PLAIN, CallTimer.BYTES).median());
			}
			Interleaved.Spread added = results.difference(IN_MEMORY, PLAIN, CallTimer.P50);
			Interleaved.Spread competing = results.difference(REDIS, PLAIN, CallTimer.P50);
			section.note("in-memory = a service that answers at once, so the dispatcher's workers are idle and the "
					+ "figure is the aspect and its hand-off alone; redis = the engine with its defaults (2 worker "
					+ "threads, queue 10,000, caller-runs when full): one thread calls far faster than Redis drains, so "
					+ "the queue stays full, the workers and Redis compete for the cores and some calls wait until their "
					+ "award is applied");
			section.note(String.format(Locale.ROOT,
					"warm-up: %d cycles of every arm; then %d rounds of plain, in-memory and redis (%.1f s each, or %,d calls) and a "
							+ "closing plain round; after each annotated round the harness waits for that service's "
							+ "queue to drain; \"added by the aspect\" is the median of the per-round differences "
							+ "(min to max), each annotated round against the mean of the plain rounds around it",
					options.aspectWarmupCycles, options.rounds, options.aspectSeconds, MAX_CALLS_PER_ROUND));
			section.note("every call timed by consecutive System.nanoTime() stamps (the timer's cost is on both sides "
					+ "and cancels in the difference); bytes per call from the thread's allocation counter (as JMH's "
					+ "gc.alloc.rate.norm); a SpEL parse allocates kilobytes, so a few hundred bytes per call rules it "
					+ "out");
			double bytes = results.difference(IN_MEMORY, PLAIN, CallTimer.BYTES).median();
			section.target(target, added.median() <= 1000 && bytes <= 1024, String.format(Locale.ROOT,
					"%s added at the median by the aspect and its hand-off, %.0f bytes allocated per call; %s with the "
							+ "Redis engine behind it on this 2-core machine (workers, Redis and caller-runs share the "
							+ "CPU)",
					added.valueWithIqr("ns"), bytes, competing.valueWithIqr("ns")));
			report.add(section);
		}
	}

}
