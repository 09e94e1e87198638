package io.github.activityrank.benchmarks;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;

import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs {@link AspectOverheadBenchmark} with JMH and reports the median added per call and
 * the bytes allocated per call (issue 5, figure 3).
 */
final class AspectOverheadBench {

	private AspectOverheadBench() {
	}

	static void run(BenchOptions options, Report report, String prefix, boolean aspectPresent) {
		Report.Section section = new Report.Section(
				"3. Overhead of @ActivityScore in async mode (JMH, sample time, 1 thread)", "service behind the aspect",
				"method", "p50 ns", "p99 ns", "mean ns", "bytes allocated / call");
		String target = "aspect adds <= 2 us median per call";
		if (!aspectPresent) {
			section.notMeasured(target, "this build has no @ActivityScore aspect (ScoredActions is not proxied)");
			report.add(section);
			return;
		}
		ChainedOptionsBuilder builder = new OptionsBuilder().include(AspectOverheadBenchmark.class.getName() + "\\.")
			.param("host", options.host)
			.param("port", String.valueOf(options.port))
			.param("database", String.valueOf(options.database))
			.param("prefix", prefix)
			.warmupIterations(options.jmhWarmupIterations)
			.warmupTime(TimeValue.seconds(1))
			.measurementIterations(options.jmhIterations)
			.measurementTime(TimeValue.seconds(1))
			.forks(options.jmhForks)
			.threads(1)
			.addProfiler(GCProfiler.class)
			.shouldFailOnError(true)
			.verbosity(options.quick ? VerboseMode.SILENT : VerboseMode.NORMAL)
			.jvmArgsAppend("-Xmx1g");
		Collection<RunResult> results;
		try {
			results = new Runner(builder.build()).run();
		}
		catch (RunnerException ex) {
			throw new IllegalStateException("JMH failed", ex);
		}
		Map<String, double[]> byService = new java.util.TreeMap<>();
		for (RunResult result : results) {
			String name = result.getParams().getBenchmark();
			name = name.substring(name.lastIndexOf('.') + 1);
			String service = result.getParams().getParam("service");
			var statistics = result.getPrimaryResult().getStatistics();
			double alloc = allocation(result.getSecondaryResults());
			section.row(service, name.equals("annotated") ? "@ActivityScore method" : "same method, no annotation",
					statistics.getPercentile(50), statistics.getPercentile(99), statistics.getMean(), alloc);
			double[] figures = byService.computeIfAbsent(service, s -> new double[4]);
			int at = name.equals("annotated") ? 0 : 2;
			figures[at] = statistics.getPercentile(50);
			figures[at + 1] = alloc;
		}
		for (Map.Entry<String, double[]> entry : byService.entrySet()) {
			double[] f = entry.getValue();
			section.row(entry.getKey(), "added by the aspect", f[0] - f[2], "", "", f[1] - f[3]);
		}
		double[] alone = byService.getOrDefault("in-memory", new double[] { Double.NaN, Double.NaN, 0, 0 });
		double[] engine = byService.getOrDefault("redis", new double[] { Double.NaN, Double.NaN, 0, 0 });
		double added = alone[0] - alone[2];
		double allocated = alone[1] - alone[3];
		section
			.note("redis = the engine with its defaults (2 worker threads, queue 10,000, caller-runs when full): the "
					+ "JMH thread calls far faster than Redis drains, so the queue stays full and some calls wait until their "
					+ "award is applied; in-memory = a service that answers at once, so the figure is the aspect and the queue alone");
		section.note("sample-time percentiles include the timer's own resolution (tens of ns); bytes per call is JMH's "
				+ "gc.alloc.rate.norm; a SpEL parse allocates kilobytes, so a few hundred bytes per call rules it out");
		section.target(target, added <= 2000, String.format(Locale.ROOT,
				"%.0f ns added at the median by the aspect and its queue, %.0f bytes allocated per call; %.0f ns with "
						+ "the Redis engine behind it on this 2-core machine (workers, Redis and caller-runs share the CPU)",
				added, allocated, engine[0] - engine[2]));
		report.add(section);
	}

	private static double allocation(Map<String, Result> secondary) {
		for (Map.Entry<String, Result> entry : secondary.entrySet()) {
			if (entry.getKey().endsWith("gc.alloc.rate.norm")) {
				return entry.getValue().getScore();
			}
		}
		return Double.NaN;
	}

}
