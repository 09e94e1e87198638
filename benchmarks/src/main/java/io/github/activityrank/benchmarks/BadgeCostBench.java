package io.github.activityrank.benchmarks;

import java.util.List;
import java.util.Locale;

/**
 * What badges and levels cost an award on the server: the same award with a level table
 * and six badges configured, none of which the awards cross, against the award without
 * them, in the same interleaved rounds; judged on Redis's own microseconds per award
 * (INFO commandstats, evalsha).
 */
final class BadgeCostBench {

	private BadgeCostBench() {
	}

	private static final String SERVER_US = "server us/award";

	private static final String OFF = "no badges";

	private static final String ON = "levels + 6 badges, none crossed";

	/**
	 * One level from 0 points: the badges' module composed in but nothing to do per
	 * award, so what its arguments and definitions cost a call by themselves.
	 */
	private static final String MODULE_ONLY = "one level (module, no work)";

	/** Three count badges of the awarded rule, two points badges, one top badge. */
	private static final String[] BADGES = { "activity-rank.levels.points-of=month",
			"activity-rank.levels.at=0,1000000,2000000,3000000,4000000,5000000",
			"activity-rank.levels.names=L1,L2,L3,L4,L5,L6", "activity-rank.badges.first.rule=" + EngineContext.RULE,
			"activity-rank.badges.first.count=1000000", "activity-rank.badges.many.rule=" + EngineContext.RULE,
			"activity-rank.badges.many.count=2000000,3000000,4000000",
			"activity-rank.badges.most.rule=" + EngineContext.RULE, "activity-rank.badges.most.count=5000000",
			"activity-rank.badges.rich.points=1000000", "activity-rank.badges.richer.points=2000000,3000000",
			"activity-rank.badges.monthly-top.top=3", "activity-rank.badges.monthly-top.period=month" };

	static void run(BenchOptions options, Report report, BenchRedis bench, String runId) {
		int threads = options.threadCounts[options.threadCounts.length - 1];
		int users = Math.min(options.users, 10_000);
		Interleaved.Results results;
		try (EngineContext off = EngineContext.start(options, "badgeoff_" + runId);
				EngineContext on = EngineContext.start(options, "badgeon_" + runId, BADGES);
				EngineContext module = EngineContext.start(options, "badgemod_" + runId, "activity-rank.levels.at=0",
						"activity-rank.levels.points-of=month")) {
			results = Interleaved.plan()
				.warmup(1)
				.baseline(OFF, FeatureCostBench.ruleArm(options, bench, threads, users, off.service()))
				.subject(MODULE_ONLY, FeatureCostBench.ruleArm(options, bench, threads, users, module.service()))
				.subject(ON, FeatureCostBench.ruleArm(options, bench, threads, users, on.service()))
				.run(options.rounds);
		}
		Report.Section section = new Report.Section(
				String.format(Locale.ROOT,
						"10. What badges and levels cost an award: server us per award against none (%d threads, "
								+ "%,d users)",
						threads, users),
				"configuration", "awards/s", "server us/award", "/ no badges");
		for (String arm : List.of(OFF, MODULE_ONLY, ON)) {
			String ratio = arm.equals(OFF) ? Report.ratio(1) : results.ratio(arm, OFF, SERVER_US).ratio();
			section.row(arm, results.median(arm, Latencies.PER_SECOND), results.median(arm, SERVER_US), ratio);
		}
		section.note(String.format(Locale.ROOT,
				"90%% award / 10%% revoke of rule praise over %,d users in one day, periods day + month; with badges: "
						+ "levels of the month board [0, 1e6, ...], three count badges of praise, two points "
						+ "badges, one monthly top-3 badge, no threshold crossed (both take the lean path, the "
						+ "badges' checks in its loop); one warm-up cycle, then %d interleaved rounds (%.1f s each); a "
						+ "ratio is the median of per-round ratios (min-max)",
				users, options.rounds, options.awardSeconds));
		Interleaved.Spread ratio = results.ratio(ON, OFF, SERVER_US);
		section.target("levels + 6 badges, none crossed: server time per award <= 1.15x without them",
				ratio.median() <= 1.15, ratio.ratioWithIqr() + " of no badges");
		report.add(section);
	}

}
