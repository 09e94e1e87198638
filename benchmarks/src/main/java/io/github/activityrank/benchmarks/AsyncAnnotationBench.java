package io.github.activityrank.benchmarks;

import java.time.LocalDate;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

import org.springframework.aop.support.AopUtils;

/**
 * Issue 5, figure 2: awards through {@code @ActivityScore} in async mode (the default),
 * sustained from many caller threads, against the raw ZINCRBY figure of the same run;
 * then every award must be on the boards exactly once.
 */
final class AsyncAnnotationBench {

	private AsyncAnnotationBench() {
	}

	static boolean aspectPresent(EngineContext engine) {
		return AopUtils.isAopProxy(engine.bean(ScoredActions.class));
	}

	static void run(BenchOptions options, Report report, BenchRedis bench, EngineContext engine,
			RawZincrby.Figure raw) {
		Report.Section section = new Report.Section("2. Award throughput through @ActivityScore, async mode, "
				+ options.asyncThreads + " caller threads for " + options.asyncSeconds + " s", "measure", "value",
				"/ raw ZINCRBY");
		String target = "async annotation awards >= 1.0x raw ZINCRBY, each applied once";
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
		long[] evalBefore = bench.commandStats("evalsha");
		// a unique field per call: every call must end up AWARDED exactly once
		Latencies.Summary callers = Latencies.throughput(options.asyncThreads, options.asyncSeconds,
				(t, i) -> actions.praise("a" + ThreadLocalRandom.current().nextInt(users), "t" + t + "_" + i));
		long expected = callers.calls() * EngineContext.RULE_POINTS;
		long startedNanos = System.nanoTime() - (long) (callers.seconds() * 1e9);
		double day = awaitTotal(bench, dayBoard, expected);
		double drainedSeconds = (System.nanoTime() - startedNanos) / 1e9;
		long[] evalAfter = bench.commandStats("evalsha");
		double month = bench.sumScores(monthBoard);
		double applied = day / EngineContext.RULE_POINTS / drainedSeconds;
		boolean exact = day == expected && month == expected;
		section.row("calls returned per second", callers.perSecond(),
				Report.ratio(callers.perSecond() / raw.perSecond()));
		section.row("awards applied per second (until the queue drained)", applied,
				Report.ratio(applied / raw.perSecond()));
		section.row("calls made", callers.calls(), "");
		section.row("script calls (EVALSHA) / awards per call", String.format(Locale.ROOT, "%,d / %.1f",
				evalAfter[0] - evalBefore[0], (double) callers.calls() / Math.max(1, evalAfter[0] - evalBefore[0])),
				"");
		section.row("server us per award (EVALSHA time / awards)",
				(double) (evalAfter[1] - evalBefore[1]) / Math.max(1, callers.calls()), "");
		section.row("points expected / on day board / on month board",
				String.format(Locale.ROOT, "%,d / %,.0f / %,.0f", expected, day, month), "");
		section.note(String.format(Locale.ROOT,
				"raw ZINCRBY (redis-benchmark) in this run: %,.0f/s; queue drained %.1f s after the callers stopped",
				raw.perSecond(), drainedSeconds - callers.seconds()));
		section.target(target, applied >= raw.perSecond() && exact,
				String.format(Locale.ROOT, "%s of raw ZINCRBY; %s", Report.ratio(applied / raw.perSecond()),
						exact ? "every award applied exactly once" : "board totals differ from the calls made ("
								+ (day - expected) / EngineContext.RULE_POINTS + " awards)"));
		report.add(section);
		bench.sync().unlink(dayBoard, monthBoard);
	}

	/** Poll the board total until it reaches {@code expected} or stops moving for 5 s. */
	private static double awaitTotal(BenchRedis bench, String board, long expected) {
		double last = -1;
		long stableSince = System.nanoTime();
		long deadline = System.nanoTime() + 300_000_000_000L;
		while (System.nanoTime() < deadline) {
			double total = bench.sumScores(board);
			if (total >= expected) {
				// give a late duplicate the chance to show
				BenchRedis.sleep(500);
				return bench.sumScores(board);
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
