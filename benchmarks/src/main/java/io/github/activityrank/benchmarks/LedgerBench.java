package io.github.activityrank.benchmarks;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.activityrank.ledger.AwardLedger;
import io.github.activityrank.ledger.LedgerRelay;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Section 7 of the report, the award ledger: awards through {@code @ActivityScore} with
 * {@code activity-rank.ledger.enabled} on PostgreSQL, sustained from many caller threads,
 * in interleaved rounds with the same awards without the ledger (the async dispatcher,
 * the default). A round of each lasts until every award of it is on the boards, so the
 * next one starts on an idle engine. While the callers run, the ledger's pending entries
 * are sampled every second: the relay keeps up when they stay bounded. A sample is the
 * calls returned (each one committed its entry) minus the entries the relay applied, both
 * counted in memory: a {@code COUNT(*)} a second would load the database under test with
 * work of the benchmark's own. When the calls stop, the pending entries are counted in
 * the database. The round trips the ledger adds to a caller are the statements, commits
 * and rollbacks counted on the callers' threads ({@link CallerRoundTrips}). At the end,
 * every board total must equal the awards made, and every ledger entry must be applied as
 * AWARDED.
 */
final class LedgerBench {

	private static final String PLAIN = "annotation, no ledger";

	private static final String LEDGER = "annotation, ledger on PostgreSQL";

	private static final String APPLIED_PER_SECOND = "applied per second";

	private static final String CALLS = "calls";

	private static final String MAX_PENDING = "max pending";

	private static final String PENDING_AT_END = "pending when the calls stopped";

	private static final String DRAIN_SECONDS = "drain s";

	private static final String ROUND_TRIPS = "round trips per award";

	private LedgerBench() {
	}

	static void run(BenchOptions options, Report report, BenchRedis bench, String runId) {
		Report.Section section = new Report.Section("7. Award throughput through @ActivityScore with the ledger on "
				+ "PostgreSQL, " + options.ledgerThreads + " caller threads, " + options.ledgerRounds + " rounds of "
				+ options.ledgerSeconds + " s", "measure", "value", "/ no ledger");
		String target = "ledger awards >= 10,000/s applied, pending bounded, totals exact, <= 1 round trip per award";
		String database = "arbench_" + runId.replace('-', '_');
		try {
			admin(options, "CREATE DATABASE " + database);
		}
		catch (SQLException ex) {
			section.notMeasured(target, "no PostgreSQL at " + options.postgresUrl + ": " + ex.getMessage());
			report.add(section);
			return;
		}
		try {
			measure(options, report, bench, runId, database, section, target);
		}
		finally {
			try {
				admin(options, "DROP DATABASE IF EXISTS " + database);
			}
			catch (SQLException ex) {
				System.out.println("Could not drop benchmark database " + database + ": " + ex.getMessage());
			}
		}
	}

	private static void measure(BenchOptions options, Report report, BenchRedis bench, String runId, String database,
			Report.Section section, String target) {
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl(options.postgresUrl.replaceFirst("/[^/?]*(\\?|$)", "/" + database + "$1"));
		config.setUsername(options.postgresUser);
		config.setPassword(options.postgresPassword);
		config.setMaximumPoolSize(options.ledgerThreads + 4);
		config.setPoolName("bench-ledger");
		try (HikariDataSource pool = new HikariDataSource(config);
				EngineContext plain = EngineContext.start(options, "plain_" + runId);
				EngineContext ledgered = EngineContext.start(options, "ledger_" + runId,
						(context) -> context.getBeanFactory()
							.registerSingleton("dataSource", new CallerRoundTrips(pool)),
						"activity-rank.ledger.enabled=true", "activity-rank.ledger.initialize-schema=always")) {
			CallerRoundTrips counted = (CallerRoundTrips) ledgered.bean(DataSource.class);
			AwardLedger ledger = ledgered.bean(AwardLedger.class);
			LedgerRelay relay = ledgered.bean(LedgerRelay.class);
			LocalDate today = LocalDate.now(plain.zone);
			String plainBoard = EngineKeys.dayBoard(plain.prefix, today);
			String ledgerBoard = EngineKeys.dayBoard(ledgered.prefix, today);
			AtomicLong plainCalls = new AtomicLong();
			AtomicLong ledgerCalls = new AtomicLong();
			AtomicInteger rounds = new AtomicInteger();
			List<String> pendingSeries = new ArrayList<>();

			Interleaved.Arm withoutLedger = () -> {
				int round = rounds.getAndIncrement();
				ScoredActions actions = plain.bean(ScoredActions.class);
				long started = System.nanoTime();
				Latencies.Summary callers = Latencies.throughput(options.ledgerThreads, options.ledgerSeconds,
						(t, i) -> actions.praise(user(options), "p" + round + "_t" + t + "_" + i));
				long expected = plainCalls.addAndGet(callers.calls()) * EngineContext.RULE_POINTS;
				awaitTotal(bench, plainBoard, expected);
				double seconds = (System.nanoTime() - started) / 1e9;
				Map<String, Double> figures = callers.figures();
				figures.put(APPLIED_PER_SECOND, callers.calls() / seconds);
				figures.put(CALLS, (double) callers.calls());
				return figures;
			};
			Interleaved.Arm withLedger = () -> {
				int round = rounds.getAndIncrement();
				ScoredActions actions = ledgered.bean(ScoredActions.class);
				long roundTripsBefore = counted.count();
				AtomicLong returned = new AtomicLong();
				PendingSampler sampler = new PendingSampler(returned, relay);
				sampler.start();
				long started = System.nanoTime();
				Latencies.Summary callers = Latencies.throughput(options.ledgerThreads, options.ledgerSeconds,
						(t, i) -> {
							actions.praise(user(options), "l" + round + "_t" + t + "_" + i);
							returned.incrementAndGet();
						});
				long roundTrips = counted.count() - roundTripsBefore;
				long pendingAtEnd = ledger.pendingCount();
				sampler.stopSampling();
				if (!relay.awaitIdle(Duration.ofMinutes(5))) {
					throw new IllegalStateException("the relay did not drain the ledger within 5 minutes");
				}
				long expected = ledgerCalls.addAndGet(callers.calls()) * EngineContext.RULE_POINTS;
				awaitTotal(bench, ledgerBoard, expected);
				double seconds = (System.nanoTime() - started) / 1e9;
				synchronized (pendingSeries) {
					pendingSeries.add(sampler.series());
				}
				Map<String, Double> figures = callers.figures();
				figures.put(APPLIED_PER_SECOND, callers.calls() / seconds);
				figures.put(CALLS, (double) callers.calls());
				figures.put(MAX_PENDING, (double) Math.max(sampler.max(), pendingAtEnd));
				figures.put(PENDING_AT_END, (double) pendingAtEnd);
				figures.put(DRAIN_SECONDS, seconds - callers.seconds());
				figures.put(ROUND_TRIPS, roundTrips / (double) Math.max(1, callers.calls()));
				return figures;
			};
			Interleaved.Results results = Interleaved.plan()
				.warmup(options.quick ? 0 : 1)
				.baseline(PLAIN, withoutLedger)
				.subject(LEDGER, withLedger)
				.run(options.ledgerRounds);

			BenchRedis.sleep(500);
			double plainTotal = bench.sumScores(plainBoard);
			double ledgerTotal = bench.sumScores(ledgerBoard);
			long plainExpected = plainCalls.get() * EngineContext.RULE_POINTS;
			long ledgerExpected = ledgerCalls.get() * EngineContext.RULE_POINTS;
			JdbcTemplate jdbc = new JdbcTemplate(pool);
			Long entries = jdbc.queryForObject("SELECT COUNT(*) FROM activity_rank_ledger", Long.class);
			Long awarded = jdbc.queryForObject(
					"SELECT COUNT(*) FROM activity_rank_ledger WHERE state = 1 AND outcome = 'AWARDED'", Long.class);
			boolean exact = plainTotal == plainExpected && ledgerTotal == ledgerExpected && entries != null
					&& entries == ledgerCalls.get() && awarded != null && awarded == ledgerCalls.get();

			Interleaved.Spread returned = results.ratio(LEDGER, PLAIN, Latencies.PER_SECOND);
			Interleaved.Spread applied = results.ratio(LEDGER, APPLIED_PER_SECOND, PLAIN, APPLIED_PER_SECOND);
			Interleaved.Spread ledgerApplied = results.spread(LEDGER, APPLIED_PER_SECOND);
			Interleaved.Spread roundTrips = results.spread(LEDGER, ROUND_TRIPS);
			double maxPending = results.spread(LEDGER, MAX_PENDING).max();
			section.row("calls returned per second, ledger", results.spread(LEDGER, Latencies.PER_SECOND).value("/s"),
					returned.ratio());
			section.row("calls returned per second, no ledger", results.spread(PLAIN, Latencies.PER_SECOND).value("/s"),
					"");
			section.row("awards applied per second (until on the boards), ledger", ledgerApplied.value("/s"),
					applied.ratio());
			section.row("awards applied per second (until on the boards), no ledger",
					results.spread(PLAIN, APPLIED_PER_SECOND).value("/s"), "");
			section.row("ledger entries pending: most seen / when the calls stopped (median)",
					String.format(Locale.ROOT, "%,.0f / %,.0f", maxPending, results.median(LEDGER, PENDING_AT_END)),
					"");
			section.row("relay drain after the last call (median)",
					String.format(Locale.ROOT, "%.2f s", results.median(LEDGER, DRAIN_SECONDS)), "");
			section.row("database round trips per award on the caller's thread", roundTrips.value(""), "");
			section.row("points expected / on the day board, ledger (all rounds)",
					String.format(Locale.ROOT, "%,d / %,.0f", ledgerExpected, ledgerTotal), "");
			section.row("points expected / on the day board, no ledger (all rounds)",
					String.format(Locale.ROOT, "%,d / %,.0f", plainExpected, plainTotal), "");
			section.row("ledger entries / applied as AWARDED", String.format(Locale.ROOT, "%,d / %,d",
					(entries != null) ? entries : -1, (awarded != null) ? awarded : -1), "");
			synchronized (pendingSeries) {
				for (int r = 0; r < pendingSeries.size(); r++) {
					section
						.note("pending entries, one sample a second, round " + (r + 1) + ": " + pendingSeries.get(r));
				}
			}
			section.note(String.format(Locale.ROOT,
					"%s warm-up cycle(s), then %d interleaved rounds of each arm: %d caller threads for %.0f s, each "
							+ "call a unique award of 2 points; a round ends when every award is on the day board; "
							+ "PostgreSQL at %s, a database of the run, pool of %d connections; the ledger with its "
							+ "defaults (batch-size 256, relay-threads 4, poll-interval 1s)",
					options.quick ? "no" : "one", options.ledgerRounds, options.ledgerThreads, options.ledgerSeconds,
					options.postgresUrl, options.ledgerThreads + 4));
			boolean pass = ledgerApplied.median() >= 10_000 && exact && roundTrips.median() <= 1.0;
			section.target(target, pass, String.format(Locale.ROOT,
					"%,.0f awards/s applied with the ledger (%s of no ledger); %.2f round trips per award; most "
							+ "pending %,.0f; %s",
					ledgerApplied.median(), applied.ratio(), roundTrips.median(), maxPending,
					exact ? "every award applied exactly once" : "totals differ from the calls made"));
			report.add(section);
			bench.sync().unlink(plainBoard, ledgerBoard);
		}
	}

	private static String user(BenchOptions options) {
		return "u" + ThreadLocalRandom.current().nextInt(options.users);
	}

	private static void admin(BenchOptions options, String sql) throws SQLException {
		Properties credentials = new Properties();
		credentials.setProperty("user", options.postgresUser);
		if (options.postgresPassword != null) {
			credentials.setProperty("password", options.postgresPassword);
		}
		try (Connection connection = DriverManager.getConnection(options.postgresUrl, credentials);
				Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

	/** Poll the board total until it reaches {@code expected}; fail after 5 minutes. */
	private static void awaitTotal(BenchRedis bench, String board, long expected) {
		long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
		while (bench.sumScores(board) < expected) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException(board + " did not reach " + expected + " points within 5 minutes");
			}
			BenchRedis.sleep(50);
		}
	}

	/**
	 * Samples the ledger's pending entries once a second on a thread of its own: the
	 * calls returned since the round started minus the entries the relay applied since.
	 */
	private static final class PendingSampler extends Thread {

		private final AtomicLong returned;

		private final LedgerRelay relay;

		private final long appliedBefore;

		private final List<Long> samples = new ArrayList<>();

		private volatile boolean sampling = true;

		PendingSampler(AtomicLong returned, LedgerRelay relay) {
			super("bench-pending-sampler");
			setDaemon(true);
			this.returned = returned;
			this.relay = relay;
			this.appliedBefore = relay.appliedCount();
		}

		@Override
		public void run() {
			while (this.sampling) {
				BenchRedis.sleep(1000);
				if (!this.sampling) {
					return;
				}
				long pending = Math.max(0, this.returned.get() - (this.relay.appliedCount() - this.appliedBefore));
				synchronized (this.samples) {
					this.samples.add(pending);
				}
			}
		}

		void stopSampling() {
			this.sampling = false;
			interrupt();
			try {
				join(5000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

		long max() {
			synchronized (this.samples) {
				return this.samples.stream().mapToLong(Long::longValue).max().orElse(0);
			}
		}

		String series() {
			synchronized (this.samples) {
				return this.samples.toString();
			}
		}

	}

}
