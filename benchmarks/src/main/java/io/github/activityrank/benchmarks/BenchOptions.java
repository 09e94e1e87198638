package io.github.activityrank.benchmarks;

import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What to run and how big: the full sizes of issue 5, or tiny ones for the smoke test
 * ({@code --quick}).
 */
final class BenchOptions {

	static final List<String> SECTIONS = List.of("award", "async", "aspect", "query", "memory", "growth");

	String host = "127.0.0.1";

	int port = 6379;

	int database = 9;

	boolean quick;

	Path out;

	Set<String> sections = new LinkedHashSet<>(SECTIONS);

	// award throughput (1)
	int users = 100_000;

	int fieldsPerUser = 20;

	int[] threadCounts = { 1, 8, 32 };

	double awardSeconds = 10;

	double warmupSeconds = 3;

	// raw ZINCRBY baseline
	int rawRequests = 200_000;

	// async through the annotation (2)
	double asyncSeconds = 30;

	int asyncThreads = 32;

	// JMH (3)
	int jmhWarmupIterations = 3;

	int jmhIterations = 5;

	int jmhForks = 1;

	// queries (4)
	int queryBoardSize = 1_000_000;

	double querySeconds = 5;

	int queryThreads = 8;

	long deepPageOffset = 900_000;

	// memory (5)
	int memoryRecords = 1_000_000;

	int memoryUsers = 100_000;

	// growth (6)
	int[] growthSizes = { 10_000, 100_000, 1_000_000, 5_000_000 };

	double growthSeconds = 3;

	static BenchOptions parse(String... args) {
		BenchOptions options = new BenchOptions();
		String url = System.getenv("REDIS_URL");
		if (url != null && !url.isBlank()) {
			options.redis(url);
		}
		String db = System.getenv("BENCH_DB");
		if (db != null && !db.isBlank()) {
			options.database = Integer.parseInt(db.trim());
		}
		for (int i = 0; i < args.length; i++) {
			String arg = args[i];
			switch (arg) {
				case "--quick" -> options.quick();
				case "--redis" -> options.redis(args[++i]);
				case "--db" -> options.database = Integer.parseInt(args[++i]);
				case "--out" -> options.out = Path.of(args[++i]);
				case "--no-out" -> options.out = null;
				case "--only" -> {
					options.sections = new LinkedHashSet<>(List.of(args[++i].split(",")));
					if (!SECTIONS.containsAll(options.sections)) {
						throw new IllegalArgumentException(
								"--only takes some of " + SECTIONS + ", got '" + args[i] + "'");
					}
				}
				case "--help" -> throw new IllegalArgumentException(usage());
				default -> throw new IllegalArgumentException("Unknown argument '" + arg + "'\n" + usage());
			}
		}
		if (options.database == 0) {
			throw new IllegalArgumentException("The benchmarks never write to database 0; choose another with --db");
		}
		return options;
	}

	static String usage() {
		return """
				Usage: BenchmarkMain [--quick] [--redis redis://host:port] [--db N] [--out FILE | --no-out] [--only %s]
				  --quick   tiny sizes, about one second per benchmark (the smoke test uses it)
				  --redis   the server (default $REDIS_URL, else redis://127.0.0.1:6379)
				  --db      logical database for every key the run writes (default $BENCH_DB, else 9; never 0)
				  --out     Markdown report to write (run.sh passes BENCHMARKS.md)
				""".formatted(String.join(",", SECTIONS));
	}

	private void redis(String url) {
		URI uri = URI.create(url.trim());
		this.host = uri.getHost();
		this.port = (uri.getPort() > 0) ? uri.getPort() : 6379;
	}

	private void quick() {
		this.quick = true;
		this.users = 2_000;
		this.fieldsPerUser = 20;
		this.threadCounts = new int[] { 1, 4 };
		this.awardSeconds = 1;
		this.warmupSeconds = 0.3;
		this.rawRequests = 5_000;
		this.asyncSeconds = 1;
		this.asyncThreads = 4;
		this.jmhWarmupIterations = 0;
		this.jmhIterations = 1;
		this.jmhForks = 0;
		this.queryBoardSize = 20_000;
		this.querySeconds = 0.5;
		this.queryThreads = 4;
		this.deepPageOffset = 18_000;
		this.memoryRecords = 20_000;
		this.memoryUsers = 2_000;
		this.growthSizes = new int[] { 1_000, 10_000 };
		this.growthSeconds = 0.3;
	}

	String describeSizes() {
		return this.quick ? "quick (smoke-test sizes)" : "full (issue 5 sizes)";
	}

}
