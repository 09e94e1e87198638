package io.github.activityrank.benchmarks;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.engine.ScoreCommand;

import org.springframework.aop.support.AopUtils;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Section 2 of the report, async annotation throughput: awards through
 * {@code @ActivityScore} in async mode (the default), sustained from many caller threads,
 * in interleaved rounds with {@code redis-benchmark}'s raw ZINCRBY ({@link Interleaved}).
 * A round of ours lasts until the queue has drained, so that the next round starts on an
 * idle engine; after the last round every award must be on the boards exactly once.
 */
final class AsyncAnnotationBench {

	private static final String RAW = "raw ZINCRBY";

	private static final String ASYNC = "async annotation";

	private static final String APPLIED_PER_SECOND = "applied per second";

	private static final String CALLS = "calls";

	private static final String SCRIPT_CALLS = "script calls";

	private static final String PER_SCRIPT_CALL = "awards per script call";

	private static final String SERVER_US = "server us per award";

	private static final String DRAIN_SECONDS = "drain s";

	private static final String FLOOR = "floor script, async batches";

	/** Batches the floor arm has on their way at once, as the engine's async dispatch. */
	private static final int FLOOR_SENDERS = 2;

	/** How long Redis must see no command for the queue to count as drained. */
	private static final long QUIET_MILLIS = 150;

	private static final long MAX_DRAIN_MILLIS = 120_000;

	private AsyncAnnotationBench() {
	}

	static boolean aspectPresent(EngineContext engine) {
		return AopUtils.isAopProxy(engine.bean(ScoredActions.class));
	}

	static void run(BenchOptions options, Report report, BenchRedis bench, EngineContext engine) {
		Report.Section section = new Report.Section(
				"2. Award throughput through @ActivityScore, async mode, " + options.asyncThreads + " caller threads, "
						+ options.rounds + " rounds of " + options.asyncSeconds + " s",
				"measure", "value", "/ raw ZINCRBY");
		String target = "async annotation awards >= 0.8x raw ZINCRBY, each applied once";
		if (!aspectPresent(engine)) {
			section.notMeasured(target, "this build has no @ActivityScore aspect (ScoredActions is not proxied)");
			report.add(section);
			return;
		}
		ScoredActions actions = engine.bean(ScoredActions.class);
		int users = options.users;
		LocalDate today = LocalDate.now(engine.zone);
		String dayBoard = EngineKeys.dayBoard(engine.prefix, today);
		String monthBoard = EngineKeys.monthBoard(engine.prefix, today);
		if (bench.sync().exists(dayBoard, monthBoard) > 0) {
			throw new IllegalStateException("The async benchmark needs empty boards; " + dayBoard + " exists");
		}
		AtomicLong callsMade = new AtomicLong();
		AtomicInteger rounds = new AtomicInteger();
		Interleaved.Arm async = () -> {
			int round = rounds.getAndIncrement();
			long[] evalBefore = bench.commandStats("evalsha");
			long started = System.nanoTime();
			// a unique field per call: every call must end up AWARDED exactly once
			Latencies.Summary callers = Latencies.throughput(options.asyncThreads, options.asyncSeconds,
					(t, i) -> actions.praise("a" + ThreadLocalRandom.current().nextInt(users),
							"r" + round + "_t" + t + "_" + i));
			long expected = callsMade.addAndGet(callers.calls()) * EngineContext.RULE_POINTS;
			long drainedAt = bench.awaitQuiet(QUIET_MILLIS, MAX_DRAIN_MILLIS);
			if (bench.sumScores(dayBoard) < expected) {
				// quiet with awards still queued (a retry waiting out its backoff): wait
				// for
				// the board itself
				awaitTotal(bench, dayBoard, expected);
				drainedAt = System.nanoTime();
			}
			long[] evalAfter = bench.commandStats("evalsha");
			long scriptCalls = evalAfter[0] - evalBefore[0];
			double drainedSeconds = (drainedAt - started) / 1e9;
			Map<String, Double> figures = callers.figures();
			figures.put(APPLIED_PER_SECOND, callers.calls() / drainedSeconds);
			figures.put(CALLS, (double) callers.calls());
			figures.put(SCRIPT_CALLS, (double) scriptCalls);
			figures.put(PER_SCRIPT_CALL, callers.calls() / (double) Math.max(1, scriptCalls));
			figures.put(SERVER_US, (evalAfter[1] - evalBefore[1]) / (double) Math.max(1, callers.calls()));
			figures.put(DRAIN_SECONDS, drainedSeconds - callers.seconds());
			return figures;
		};
		FloorScriptClient floor = new FloorScriptClient(engine.bean(RedisConnectionFactory.class),
				engine.prefix + "_asyncfloor", 0);
		Interleaved.Results results = Interleaved.plan()
			.warmup(1)
			.baseline(RAW, RawZincrby.arm(options, engine.prefix + ":raw", options.asyncSeconds))
			.baseline(FLOOR, floorArm(options, bench, floor))
			.subject(ASYNC, async)
			.run(options.rounds);

		long expected = callsMade.get() * EngineContext.RULE_POINTS;
		// give a late duplicate the chance to show
		BenchRedis.sleep(500);
		double day = bench.sumScores(dayBoard);
		double month = bench.sumScores(monthBoard);
		boolean exact = day == expected && month == expected;
		Interleaved.Spread returned = results.ratio(ASYNC, RAW, Latencies.PER_SECOND);
		Interleaved.Spread applied = results.ratio(ASYNC, APPLIED_PER_SECOND, RAW, Latencies.PER_SECOND);
		section.row("calls returned per second", results.median(ASYNC, Latencies.PER_SECOND), returned.ratio());
		section.row("awards applied per second (until the queue drained)", results.median(ASYNC, APPLIED_PER_SECOND),
				applied.ratio());
		section.row("calls made per round", results.median(ASYNC, CALLS), "");
		section.row("script calls (EVALSHA) / awards per call", String.format(Locale.ROOT, "%,.0f / %.1f",
				results.median(ASYNC, SCRIPT_CALLS), results.median(ASYNC, PER_SCRIPT_CALL)), "");
		section.row("server us per award (EVALSHA time / awards)", results.median(ASYNC, SERVER_US), "");
		section.row("floor script, full batches: awards per second", results.median(FLOOR, APPLIED_PER_SECOND),
				sameRounds(results, FLOOR, APPLIED_PER_SECOND, RAW, Latencies.PER_SECOND).ratio());
		section.row("floor script, full batches: server us per award", results.median(FLOOR, SERVER_US), "");
		section.row("async annotation / floor script (awards per second)",
				results.ratio(ASYNC, APPLIED_PER_SECOND, FLOOR, APPLIED_PER_SECOND).ratio(), "");
		section.row("points expected / on day board / on month board (all rounds)",
				String.format(Locale.ROOT, "%,d / %,.0f / %,.0f", expected, day, month), "");
		section.note(String.format(Locale.ROOT,
				"one warm-up cycle, then %d interleaved rounds of raw ZINCRBY (redis-benchmark, about %.1f s of "
						+ "requests) and ours (%.1f s of calls, then until Redis is idle), and a closing raw round; raw "
						+ "ZINCRBY median %,.0f/s; the queue drained a median %.2f s after the last call returned (with "
						+ "the queue full, callers wait in caller-runs until their award is applied, so the last calls "
						+ "return as the queue empties)",
				options.rounds, options.asyncSeconds, options.asyncSeconds, results.median(RAW, Latencies.PER_SECOND),
				results.median(ASYNC, DRAIN_SECONDS)));
		section.note("a ratio cell is the median of the per-round ratios (min-max), each round of ours over the mean "
				+ "of the raw rounds just before and after it; other figures are medians over the rounds");
		section.note(String.format(Locale.ROOT,
				"floor script = FloorScriptClient (EXISTS + HSETNX of the record field, PEXPIRE of a new record, one "
						+ "ZINCRBY per board), sent in full batches of %d fresh awards from %d threads, as the "
						+ "async dispatch sends them: what any design that keeps idempotent records pays at that batch "
						+ "size; its ratio to raw ZINCRBY bounds what the async target can reach on this server",
				ActivityStore.MAX_BATCH, FLOOR_SENDERS));
		section.target(target, applied.median() >= 0.8 && exact,
				String.format(Locale.ROOT, "%s of raw ZINCRBY; %s", applied.ratioWithIqr(),
						exact ? "every award applied exactly once" : "board totals differ from the calls made ("
								+ (day - expected) / EngineContext.RULE_POINTS + " awards)"));
		report.add(section);
		bench.sync().unlink(dayBoard, monthBoard);
		bench.unlinkMatching("{" + engine.prefix + "_asyncfloor}*");
	}

	/** One baseline's figure over another's, round by round (both run in every cycle). */
	private static Interleaved.Spread sameRounds(Interleaved.Results results, String arm, String figure, String other,
			String otherFigure) {
		List<Double> values = results.values(arm, figure);
		List<Double> others = results.values(other, otherFigure);
		List<Double> ratios = new ArrayList<>();
		for (int i = 0; i < values.size(); i++) {
			ratios.add(values.get(i) / others.get(i));
		}
		return Interleaved.Spread.of(ratios);
	}

	/**
	 * Full batches of fresh awards through the floor script, from the dispatch's senders.
	 */
	private static Interleaved.Arm floorArm(BenchOptions options, BenchRedis bench, FloorScriptClient floor) {
		AtomicInteger rounds = new AtomicInteger();
		return () -> {
			int round = rounds.getAndIncrement();
			long[] evalBefore = bench.commandStats("evalsha");
			Latencies.Summary senders = Latencies.throughput(FLOOR_SENDERS, options.asyncSeconds, (t, i) -> {
				List<ScoreCommand> batch = new ArrayList<>(ActivityStore.MAX_BATCH);
				for (int c = 0; c < ActivityStore.MAX_BATCH; c++) {
					batch.add(new ScoreCommand("a" + ThreadLocalRandom.current().nextInt(options.users),
							"r" + round + "_t" + t + "_" + i + "_" + c, EngineContext.RULE_POINTS, false, null, false,
							null, null));
				}
				floor.apply(batch);
			});
			long awards = senders.calls() * ActivityStore.MAX_BATCH;
			long[] evalAfter = bench.commandStats("evalsha");
			Map<String, Double> figures = new HashMap<>();
			figures.put(APPLIED_PER_SECOND, awards / senders.seconds());
			figures.put(SERVER_US, (evalAfter[1] - evalBefore[1]) / (double) Math.max(1, awards));
			return figures;
		};
	}

	/** Poll the board total until it reaches {@code expected} or stops moving for 5 s. */
	private static double awaitTotal(BenchRedis bench, String board, long expected) {
		double last = -1;
		long stableSince = System.nanoTime();
		long deadline = System.nanoTime() + 300_000_000_000L;
		while (System.nanoTime() < deadline) {
			double total = bench.sumScores(board);
			if (total >= expected) {
				return total;
			}
			if (total != last) {
				last = total;
				stableSince = System.nanoTime();
			}
			else if (System.nanoTime() - stableSince > 5_000_000_000L) {
				return total;
			}
			BenchRedis.sleep(200);
		}
		return last;
	}

}
