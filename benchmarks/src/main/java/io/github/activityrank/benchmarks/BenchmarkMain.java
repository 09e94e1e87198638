package io.github.activityrank.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.UUID;

/**
 * Runs the seven sections of the report against one Redis server (1, synchronous award
 * throughput, and 1b, what each feature costs an award against its floor; 2, async
 * annotation throughput; 3, aspect overhead; 4, query latency; 5, memory; 6, growth; 7,
 * the award ledger, which also needs PostgreSQL), prints a table and writes a Markdown
 * report. Every ratio comes from rounds of the baseline and the subject interleaved in
 * the same run ({@link Interleaved}). Start it with {@code benchmarks/run.sh}.
 */
public final class BenchmarkMain {

	private BenchmarkMain() {
	}

	public static void main(String[] args) {
		BenchOptions options;
		try {
			options = BenchOptions.parse(args);
		}
		catch (IllegalArgumentException ex) {
			System.err.println(ex.getMessage());
			System.exit(2);
			return;
		}
		Report report = run(options);
		System.out.println();
		System.out.println(report.text());
		System.exit(0);
	}

	/**
	 * Run the chosen benchmarks; every key written is removed at the end.
	 * @param options what to run
	 * @return the figures
	 */
	static Report run(BenchOptions options) {
		if (!options.privateRedis) {
			return runOn(options);
		}
		try (PrivateRedis redis = PrivateRedis.start()) {
			options.host = "127.0.0.1";
			options.port = redis.port();
			System.out.println("Started a private redis-server on port " + redis.port());
			return runOn(options);
		}
	}

	private static Report runOn(BenchOptions options) {
		String runId = UUID.randomUUID().toString().substring(0, 8);
		Report report = new Report();
		long started = System.nanoTime();
		Map<String, Double> minutesPerSection = new LinkedHashMap<>();
		List<String> header = new ArrayList<>();
		try (BenchRedis bench = new BenchRedis(options.host, options.port, options.database)) {
			header.addAll(preamble(options, bench));
			header.forEach(report::preamble);
			header.forEach(System.out::println);
			try {
				sections(options, report, bench, runId, minutesPerSection);
			}
			finally {
				long removed = bench.unlinkMatching("*" + runId + "*");
				System.out
					.println("Removed " + removed + " keys of run " + runId + " from database " + options.database);
			}
		}
		double minutes = (System.nanoTime() - started) / 60e9;
		StringJoiner perSection = new StringJoiner(", ", " (", ")").setEmptyValue("");
		minutesPerSection.forEach((name, took) -> perSection.add(String.format(Locale.ROOT, "%s %.1f", name, took)));
		header.add(String.format(Locale.ROOT, "- Duration of the run: %.1f min%s", minutes, perSection));
		if (options.out != null) {
			report.write(options.out, header);
			System.out.println("Wrote " + options.out.toAbsolutePath());
		}
		return report;
	}

	private static void sections(BenchOptions options, Report report, BenchRedis bench, String runId,
			Map<String, Double> minutes) {
		boolean aspectPresent;
		try (EngineContext engine = EngineContext.start(options, "bench_" + runId)) {
			aspectPresent = AsyncAnnotationBench.aspectPresent(engine);
			ReferenceActivityRank reference = new ReferenceActivityRank(engine.redis(), "refbench_" + runId,
					engine.zone);
			timed(options, "award", minutes, () -> AwardThroughputBench.run(options, report, bench, engine, reference));
			timed(options, "features", minutes, () -> FeatureCostBench.run(options, report, bench, engine, reference));
		}
		timed(options, "async", minutes, () -> {
			// a context of its own: its boards must hold the async awards only
			try (EngineContext engine = EngineContext.start(options, "async_" + runId)) {
				AsyncAnnotationBench.run(options, report, bench, engine);
			}
		});
		timed(options, "aspect", minutes,
				() -> AspectOverheadBench.run(options, report, bench, "aspect_" + runId, aspectPresent));
		timed(options, "query", minutes, () -> {
			try (EngineContext engine = EngineContext.start(options, "query_" + runId)) {
				QueryLatencyBench.run(options, report, bench, engine);
			}
		});
		timed(options, "memory", minutes, () -> {
			try (EngineContext engine = EngineContext.start(options, "mem_" + runId)) {
				ReferenceActivityRank reference = new ReferenceActivityRank(engine.redis(), "refmem_" + runId,
						engine.zone);
				MemoryBench.run(options, report, bench, engine, reference);
			}
		});
		timed(options, "growth", minutes, () -> {
			// two contexts: the board that grows, and one that stays at the first size
			try (EngineContext engine = EngineContext.start(options, "grow_" + runId);
					EngineContext firstSize = EngineContext.start(options, "growfirst_" + runId)) {
				GrowthBench.run(options, report, bench, engine, firstSize);
			}
		});
		timed(options, "ledger", minutes, () -> LedgerBench.run(options, report, bench, runId));
		timed(options, "ingest", minutes, () -> IngestBench.run(options, report, bench, runId));
		timed(options, "streaks", minutes, () -> {
			StreakCostBench.run(options, report, bench, runId);
			StreakMemoryBench.run(options, report, bench, runId);
		});
		timed(options, "items", minutes, () -> ItemReadBench.run(options, report, bench, runId));
		timed(options, "badges", minutes, () -> BadgeCostBench.run(options, report, bench, runId));
		timed(options, "rolling", minutes, () -> RollingReadBench.run(options, report, bench, runId));
		timed(options, "scopes", minutes, () -> ScopeCostBench.run(options, report, bench, runId));
	}

	/** Run one section when it was chosen, and note how many minutes it took. */
	private static void timed(BenchOptions options, String section, Map<String, Double> minutes, Runnable run) {
		if (!options.sections.contains(section)) {
			return;
		}
		long started = System.nanoTime();
		run.run();
		double took = (System.nanoTime() - started) / 60e9;
		minutes.put(section, took);
		System.out.printf(Locale.ROOT, "(section %s took %.1f s)%n", section, took * 60);
	}

	private static List<String> preamble(BenchOptions options, BenchRedis bench) {
		List<String> lines = new ArrayList<>();
		lines.add("# Benchmarks");
		lines.add("");
		lines.add("The machine is shared and noisy, so every ratio comes from interleaved rounds: baseline, subject, "
				+ "baseline, subject, ..., baseline. Per round, the subject's figure is divided by the mean of the "
				+ "baseline rounds just before and just after it. A ratio reads \"median (min-max)\" over those "
				+ "per-round ratios; other figures are medians over the rounds; every verdict is judged on the median.");
		lines.add("");
		lines.add("- Date: " + ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
		lines.add("- Command: `" + options.command() + "`");
		lines.add("- Sizes: " + options.describeSizes());
		lines.add("- Machine: " + Runtime.getRuntime().availableProcessors() + " cores, " + cpuModel() + ", "
				+ System.getProperty("os.name") + " " + System.getProperty("os.version"));
		lines.add("- JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + ", "
				+ String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
		lines.add("- Redis: " + bench.serverVersion() + " at " + options.host + ":" + options.port + ", database "
				+ options.database + ", same machine"
				+ (options.privateRedis ? " (a private redis-server the run started: commandstats count only the run)"
						: " (shared: other clients' commands count in the server figures)"));
		return lines;
	}

	private static String cpuModel() {
		try {
			for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
				if (line.startsWith("model name")) {
					return line.substring(line.indexOf(':') + 1).trim();
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			// not Linux: leave it out
		}
		return "unknown CPU";
	}

}
