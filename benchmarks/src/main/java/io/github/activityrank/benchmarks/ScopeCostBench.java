package io.github.activityrank.benchmarks;

import java.time.LocalDate;
import java.util.List;
import java.util.Locale;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.ScopeKeys;

/**
 * What a scope kind costs an award on the server: the same award naming one scope id of a
 * kind with the same periods (day, month) as the global boards, against the award without
 * scopes configured, in the same interleaved rounds; judged on Redis's own microseconds
 * per award (INFO commandstats, evalsha). Then the memory of a scope board entry against
 * a plain board's (MEMORY USAGE per member).
 */
final class ScopeCostBench {

	private ScopeCostBench() {
	}

	private static final String SERVER_US = "server us/award";

	private static final String OFF = "no scopes";

	private static final String UNNAMED = "one kind, award names none";

	private static final String NAMED = "one kind, award names one id";

	/**
	 * The full script without scopes: a level from 0 keeps every award off the lean path.
	 */
	private static final String FULL = "full script, no scopes";

	private static final String FULL_NAMED = "full script, award names one id";

	private static final String[] FULL_SCRIPT = { "activity-rank.levels.at=0", "activity-rank.levels.points-of=month" };

	/** Scope ids the awards spread over: each scope board holds a few hundred users. */
	private static final int SCOPE_IDS = 20;

	static void run(BenchOptions options, Report report, BenchRedis bench, String runId) {
		int threads = options.threadCounts[options.threadCounts.length - 1];
		int users = Math.min(options.users, 10_000);
		Interleaved.Results results;
		Interleaved.Results module;
		String scoped = "scopeon_" + runId;
		double scopeBytes;
		double plainBytes;
		try (EngineContext off = EngineContext.start(options, "scopeoff_" + runId);
				EngineContext on = EngineContext.start(options, scoped,
						"activity-rank.scopes.category.periods=day,month")) {
			results = Interleaved.plan()
				.warmup(1)
				.baseline(OFF,
						FeatureCostBench.arm(options, bench, threads, users, "evalsha",
								(user, field, revoke) -> award(off.service(), user, field, revoke, false)))
				.subject(UNNAMED,
						FeatureCostBench.arm(options, bench, threads, users, "evalsha",
								(user, field, revoke) -> award(on.service(), user, field, revoke, false)))
				.subject(NAMED,
						FeatureCostBench.arm(options, bench, threads, users, "evalsha",
								(user, field, revoke) -> award(on.service(), user, field, revoke, true)))
				.run(options.rounds);
			// the scopes module's own cost: both arms on the full script
			try (EngineContext full = EngineContext.start(options, "scopefull_" + runId, FULL_SCRIPT);
					EngineContext fullScoped = EngineContext.start(options, "scopefullon_" + runId,
							"activity-rank.levels.at=0", "activity-rank.levels.points-of=month",
							"activity-rank.scopes.category.periods=day,month")) {
				module = Interleaved.plan()
					.warmup(1)
					.baseline(FULL,
							FeatureCostBench.arm(options, bench, threads, users, "evalsha",
									(user, field, revoke) -> award(full.service(), user, field, revoke, false)))
					.subject(FULL_NAMED,
							FeatureCostBench.arm(options, bench, threads, users, "evalsha",
									(user, field, revoke) -> award(fullScoped.service(), user, field, revoke, true)))
					.run(options.rounds);
			}
			LocalDate today = on.service().today();
			RankKeys keys = new RankKeys(scoped);
			plainBytes = bytesPerMember(bench, List.of(keys.board(Period.DAY, today)));
			ScopeKeys scopeKeys = new ScopeKeys(keys);
			scopeBytes = bytesPerMember(bench,
					java.util.stream.IntStream.range(0, SCOPE_IDS)
						.mapToObj((s) -> scopeKeys.scopeBoard("category", "c" + s, Period.DAY, today))
						.toList());
		}
		Report.Section section = new Report.Section(String.format(Locale.ROOT,
				"11. What a scope kind costs an award: server us per award against none (%d threads, %,d users)",
				threads, users), "configuration", "awards/s", "server us/award", "/ no scopes");
		for (String arm : List.of(OFF, UNNAMED, NAMED)) {
			String ratio = arm.equals(OFF) ? Report.ratio(1) : results.ratio(arm, OFF, SERVER_US).ratio();
			section.row(arm, results.median(arm, Latencies.PER_SECOND), results.median(arm, SERVER_US), ratio);
		}
		section.note(String.format(Locale.ROOT,
				"90%% award / 10%% revoke of rule praise over %,d users in one day, periods day + month; with a "
						+ "scope: activity-rank.scopes.category.periods=day,month, each award naming one of %d "
						+ "category ids (a revoke names none: its record says what to take back); one warm-up "
						+ "cycle, then %d interleaved rounds (%.1f s each); a ratio is the median of per-round "
						+ "ratios (min-max)",
				users, SCOPE_IDS, options.rounds, options.awardSeconds));
		String moduleRatio = module.ratio(FULL_NAMED, FULL, SERVER_US).ratioWithIqr();
		section.row(FULL, module.median(FULL, Latencies.PER_SECOND), module.median(FULL, SERVER_US), "-");
		section.row(FULL_NAMED, module.median(FULL_NAMED, Latencies.PER_SECOND), module.median(FULL_NAMED, SERVER_US),
				moduleRatio + " of full script");
		section.note("the last two rows, interleaved with each other: both on the full script (a level from 0 keeps "
				+ "every award off the lean path), so their ratio is the scopes module's own cost; an award that "
				+ "names a scope takes the full script, an award without scopes the lean path");
		section.note(String.format(Locale.ROOT,
				"memory: a scope board entry %.1f bytes, a plain day board entry %.1f bytes (MEMORY USAGE / ZCARD "
						+ "after the rounds; the %d scope day boards together against the day board): %.2fx",
				scopeBytes, plainBytes, SCOPE_IDS, scopeBytes / plainBytes));
		Interleaved.Spread ratio = results.ratio(NAMED, OFF, SERVER_US);
		section.target("an award naming one scope id: server time per award <= 1.3x without scopes",
				ratio.median() <= 1.3, ratio.ratioWithIqr() + " of no scopes");
		report.add(section);
		System.out.println(String.format(Locale.ROOT, "scope board entry %.1f B, plain board entry %.1f B (%.2fx)",
				scopeBytes, plainBytes, scopeBytes / plainBytes));
	}

	/** MEMORY USAGE of the boards over their members. */
	private static double bytesPerMember(BenchRedis bench, List<String> boards) {
		long bytes = 0;
		long members = 0;
		for (String board : boards) {
			Long usage = bench.sync().memoryUsage(board);
			bytes += (usage != null) ? usage : 0;
			members += bench.sync().zcard(board);
		}
		return (members > 0) ? (double) bytes / members : Double.NaN;
	}

	private static void award(ActivityRankService service, String user, String field, boolean revoke, boolean scoped) {
		if (revoke) {
			service.revoke(user, field, EngineContext.RULE);
		}
		else if (scoped) {
			service.apply(ActivityEvent.award(user, field, EngineContext.RULE)
				.withScope("category", "c" + Math.floorMod(user.hashCode(), SCOPE_IDS)));
		}
		else {
			service.award(user, field, EngineContext.RULE);
		}
	}

}
