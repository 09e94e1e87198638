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
 * Runs {@link AspectOverheadBenchmark} with JMH and reports the median added per call and the bytes
 * allocated per call (issue 5, figure 3).
 */
final class AspectOverheadBench {

	private AspectOverheadBench() {
	}

	static void run(BenchOptions options, Report report, String prefix, boolean aspectPresent) {
		Report.Section section = new Report.Section("3. Overhead of @ActivityScore in async mode (JMH, sample time, 1 thread)",
				"method", "p50 ns", "p99 ns", "mean ns", "bytes allocated / call");
		String target = "aspect adds <= 2 us median per call";
		if (!aspectPresent) {
			section.notMeasured(target, "this build has no @ActivityScore aspect (ScoredActions is not proxied)");
			report.add(section);
			return;
		}
		ChainedOptionsBuilder builder = new OptionsBuilder()
			.include(AspectOverheadBenchmark.class.getName() + "\\.")
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
		double annotatedP50 = Double.NaN;
		double plainP50 = Double.NaN;
		double annotatedAlloc = Double.NaN;
		double plainAlloc = Double.NaN;
		for (RunResult result : results) {
			String name = result.getParams().getBenchmark();
			name = name.substring(name.lastIndexOf('.') + 1);
			var statistics = result.getPrimaryResult().getStatistics();
			double alloc = allocation(result.getSecondaryResults());
			section.row(name.equals("annotated") ? "@ActivityScore method" : "same method, no annotation",
					statistics.getPercentile(50), statistics.getPercentile(99), statistics.getMean(), alloc);
			if (name.equals("annotated")) {
				annotatedP50 = statistics.getPercentile(50);
				annotatedAlloc = alloc;
			}
			else {
				plainP50 = statistics.getPercentile(50);
				plainAlloc = alloc;
			}
		}
		double added = annotatedP50 - plainP50;
		section.row("added by the aspect", added, "", "", annotatedAlloc - plainAlloc);
		section.note("sample-time percentiles include the timer's own resolution (tens of ns); the allocation "
				+ "column is JMH's gc.alloc.rate.norm: bytes per call, a constant figure rules out per-call SpEL parsing "
				+ "(a SpEL parse allocates several kB)");
		section.target(target, added <= 2000, String.format(Locale.ROOT, "%.0f ns added at the median, %.0f bytes allocated per call",
				added, annotatedAlloc - plainAlloc));
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
