package io.github.activityrank.benchmarks;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What to run and how big: the full sizes (about ten minutes on two cores), or tiny ones
 * for the smoke test ({@code --quick}). Every comparison runs {@link #rounds} interleaved
 * rounds ({@link Interleaved}); the durations below are those of one round of one arm.
 */
final class BenchOptions {

	static final List<String> SECTIONS = List.of("award", "features", "async", "aspect", "query", "memory", "growth",
			"ledger", "ingest", "streaks", "items", "badges", "rolling", "scopes");

	String host = "127.0.0.1";

	int port = 6379;

	int database = 9;

	/**
	 * Start a redis-server of the run's own on a free port (the default unless a server
	 * is named by {@code --redis} or {@code REDIS_URL}, or {@code --shared-redis} is
	 * given).
	 */
	boolean privateRedis = true;

	boolean quick;

	Path out;

	Set<String> sections = new LinkedHashSet<>(SECTIONS);

	/** The arguments that change the figures, to show in the report. */
	private final List<String> shownArguments = new ArrayList<>();

	/** Measured rounds of every subject; its baselines run one round more. */
	int rounds = 5;

	// section 1, synchronous award throughput
	int users = 100_000;

	int fieldsPerUser = 20;

	int[] threadCounts = { 1, 8, 32 };

	double awardSeconds = 2;

	// the raw ZINCRBY baseline of sections 1 and 2: requests of its first round; later
	// rounds send as many as last took the subject's round length
	int rawRequests = 100_000;

	// section 2, async annotation throughput
	double asyncSeconds = 5;

	int asyncThreads = 32;

	// section 8, ingestion: awards per round of each arm
	int ingestAwards = 60_000;

	// section 3, aspect overhead
	double aspectSeconds = 1;

	int aspectWarmupCycles = 2;

	// section 4, query latency
	int queryBoardSize = 1_000_000;

	double querySeconds = 1;

	int queryThreads = 8;

	long deepPageOffset = 900_000;

	// section 12, rolling boards: members of each day board, 0 for the size of the mode
	int rollingMembers;

	// section 5, memory
	int memoryRecords = 1_000_000;

	/**
	 * The configurations of section 1b to run (their row names), {@code null} for all: a
	 * quicker loop while working on one.
	 */
	Set<String> features;

	int memoryUsers = 100_000;

	// section 6, growth
	int[] growthSizes = { 10_000, 100_000, 1_000_000, 5_000_000 };

	double growthSeconds = 0.5;

	// section 7, the award ledger on PostgreSQL
	String postgresUrl = "jdbc:postgresql://127.0.0.1:5432/postgres";

	String postgresUser = "postgres";

	String postgresPassword;

	double ledgerSeconds = 30;

	int ledgerThreads = 32;

	int ledgerRounds = 3;

	static BenchOptions parse(String... args) {
		BenchOptions options = new BenchOptions();
		String url = System.getenv("REDIS_URL");
		if (url != null && !url.isBlank()) {
			options.redis(url);
		}
		String postgres = System.getenv("BENCH_POSTGRES_URL");
		if (postgres != null && !postgres.isBlank()) {
			options.postgresUrl = postgres.trim();
		}
		String db = System.getenv("BENCH_DB");
		if (db != null && !db.isBlank()) {
			options.database = Integer.parseInt(db.trim());
		}
		for (int i = 0; i < args.length; i++) {
			String arg = args[i];
			switch (arg) {
				case "--quick" -> {
					options.quick();
					options.shownArguments.add(arg);
				}
				case "--redis" -> options.redis(args[++i]);
				case "--private-redis" -> options.privateRedis = true;
				case "--shared-redis" -> options.privateRedis = false;
				case "--db" -> options.database = Integer.parseInt(args[++i]);
				case "--rounds" -> {
					options.rounds = positive(arg, args[++i]);
					options.shownArguments.addAll(List.of(arg, args[i]));
				}
				case "--postgres" -> options.postgresUrl = args[++i];
				case "--ledger-rounds" -> {
					options.ledgerRounds = positive(arg, args[++i]);
					options.shownArguments.addAll(List.of(arg, args[i]));
				}
				case "--ledger-seconds" -> {
					options.ledgerSeconds = Double.parseDouble(args[++i]);
					options.shownArguments.addAll(List.of(arg, args[i]));
				}
				case "--out" -> options.out = Path.of(args[++i]);
				case "--no-out" -> options.out = null;
				case "--only" -> {
					options.sections = new LinkedHashSet<>(List.of(args[++i].split(",")));
					options.shownArguments.addAll(List.of(arg, args[i]));
					if (!SECTIONS.containsAll(options.sections)) {
						throw new IllegalArgumentException(
								"--only takes some of " + SECTIONS + ", got '" + args[i] + "'");
					}
					// the award section includes what each feature costs; "features"
					// alone
					// runs only that part
					if (options.sections.contains("award")) {
						options.sections.add("features");
					}
				}
				case "--ingest-awards" -> {
					options.ingestAwards = positive(arg, args[++i]);
					options.shownArguments.addAll(List.of(arg, args[i]));
				}
				case "--rolling-members" -> {
					options.rollingMembers = positive(arg, args[++i]);
					options.shownArguments.addAll(List.of(arg, args[i]));
				}
				case "--features" -> {
					options.features = Set.of(args[++i].split(","));
					options.shownArguments.addAll(List.of(arg, args[i]));
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
				Usage: BenchmarkMain [--quick] [--rounds N] [--private-redis | --shared-redis | --redis redis://host:port] [--db N] [--out FILE | --no-out] [--only %s]
				  --quick   tiny sizes, a few seconds per benchmark (the smoke test uses it)
				  --rounds  measured rounds of every comparison, baseline and subject interleaved (default 5, quick 2)
				  --private-redis  start a redis-server of the run's own on a free port, so INFO commandstats counts
				                   only the benchmark (the default when no server is named)
				  --shared-redis   use redis://127.0.0.1:6379 instead of a private server
				  --redis   a running server to use (default $REDIS_URL, else a private one)
				  --db      logical database for every key the run writes (default $BENCH_DB, else 9; never 0)
				  --out     Markdown report to write (run.sh passes BENCHMARKS.md)
				  --postgres       JDBC URL of a PostgreSQL database the ledger section may create a database from
				                   (default $BENCH_POSTGRES_URL, else jdbc:postgresql://127.0.0.1:5432/postgres, user postgres)
				  --ledger-rounds  interleaved rounds of the ledger section, 30 s of calls each (default 3)
				  --ledger-seconds seconds of calls per round of the ledger section (default 30)
				  --ingest-awards  awards per round of each arm of the ingestion section (default 60000, quick 5000)
				  --features       only these rows of section 1b, by name (for example "default,every ranking feature")
				  --rolling-members members of each day board of the rolling section (default 1000000, quick 10000)
				"""
			.formatted(String.join(",", SECTIONS));
	}

	private static int positive(String option, String value) {
		int number;
		try {
			number = Integer.parseInt(value.trim());
		}
		catch (NumberFormatException ex) {
			number = 0;
		}
		if (number < 1) {
			throw new IllegalArgumentException(option + " takes a whole number of at least 1, got '" + value + "'");
		}
		return number;
	}

	private void redis(String url) {
		URI uri = URI.create(url.trim());
		this.host = uri.getHost();
		this.port = (uri.getPort() > 0) ? uri.getPort() : 6379;
		this.privateRedis = false;
	}

	/** Tiny sizes; a later {@code --rounds} still wins. */
	private void quick() {
		this.quick = true;
		this.rounds = 2;
		this.users = 2_000;
		this.fieldsPerUser = 20;
		this.threadCounts = new int[] { 1, 4 };
		this.awardSeconds = 0.1;
		this.rawRequests = 5_000;
		this.asyncSeconds = 0.3;
		this.asyncThreads = 4;
		this.ingestAwards = 5_000;
		this.aspectSeconds = 0.2;
		this.aspectWarmupCycles = 1;
		this.queryBoardSize = 20_000;
		this.querySeconds = 0.2;
		this.queryThreads = 4;
		this.deepPageOffset = 18_000;
		this.memoryRecords = 20_000;
		this.memoryUsers = 2_000;
		this.growthSizes = new int[] { 1_000, 10_000 };
		this.growthSeconds = 0.1;
		this.ledgerSeconds = 1;
		this.ledgerThreads = 4;
		this.ledgerRounds = 2;
	}

	/** The command that produced the report, as the report shows it. */
	String command() {
		StringBuilder command = new StringBuilder("benchmarks/run.sh");
		this.shownArguments.forEach(argument -> command.append(' ').append(argument));
		return command.toString();
	}

	String describeSizes() {
		return (this.quick ? "quick (smoke-test sizes)" : "full") + ", " + this.rounds
				+ " interleaved rounds per comparison";
	}

}
