package io.github.activityrank.benchmarks;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;

import io.github.activityrank.ActivityRankService;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.ReturnType;

/**
 * What streaks cost an award on the server (issue 25): the same award with streaks on,
 * against its floor, the award with streaks off plus a bare script doing one SETBIT per
 * award, in the same interleaved rounds; judged on Redis's own microseconds per award
 * (INFO commandstats, evalsha: both scripts of the floor count).
 */
final class StreakCostBench {

	private StreakCostBench() {
	}

	private static final String SERVER_US = "server us/award";

	private static final String FLOOR = "streaks off + bare SETBIT script";

	private static final String STREAKS = "streaks on";

	/**
	 * Streaks with 300 users a bucket hash, the fullest the docs advise: what a full
	 * listpack costs a lookup (docs/streaks.md); the default spreads 10,000 users over
	 * 16,384 buckets.
	 */
	private static final String DENSE = "streaks on, 300 users a bucket";

	/**
	 * The award alone, for the plain overhead (the floor's SETBIT is a call of its own).
	 */
	private static final String OFF = "streaks off";

	private static final String SETBIT = "return redis.call('SETBIT', KEYS[1], ARGV[1], 1)";

	static void run(BenchOptions options, Report report, BenchRedis bench, String runId) {
		int threads = options.threadCounts[options.threadCounts.length - 1];
		int users = Math.min(options.users, 10_000);
		Interleaved.Results results;
		try (EngineContext off = EngineContext.start(options, "streakoff_" + runId);
				EngineContext on = EngineContext.start(options, "streakon_" + runId,
						"activity-rank.streaks.enabled=true", "activity-rank.streaks.rules=" + EngineContext.RULE,
						"activity-rank.streaks.milestones.7=20");
				EngineContext dense = EngineContext.start(options, "streakdense_" + runId,
						"activity-rank.streaks.enabled=true", "activity-rank.streaks.rules=" + EngineContext.RULE,
						"activity-rank.streaks.milestones.7=20",
						"activity-rank.streaks.buckets=" + Math.max(1, users / 300))) {
			RedisConnectionFactory connections = off.bean(RedisConnectionFactory.class);
			byte[] sha;
			try (RedisConnection connection = connections.getConnection()) {
				sha = connection.scriptingCommands()
					.scriptLoad(SETBIT.getBytes(StandardCharsets.UTF_8))
					.getBytes(StandardCharsets.US_ASCII);
			}
			String bitPrefix = "{streakfloor_" + runId + "}:days:";
			int bit = LocalDate.now().getDayOfYear() - 1;
			ActivityRankService plain = off.service();
			results = Interleaved.plan()
				.warmup(1)
				.baseline(FLOOR,
						FeatureCostBench.arm(options, bench, threads, users, "evalsha", (user, field, revoke) -> {
							FeatureCostBench.awardOrRevoke(plain, user, field, revoke);
							if (!revoke) {
								try (RedisConnection connection = connections.getConnection()) {
									connection.scriptingCommands()
										.evalSha(sha, ReturnType.INTEGER, 1,
												(bitPrefix + user).getBytes(StandardCharsets.UTF_8),
												Integer.toString(bit).getBytes(StandardCharsets.UTF_8));
								}
							}
						}))
				.baseline(OFF, FeatureCostBench.ruleArm(options, bench, threads, users, plain))
				.subject(STREAKS, FeatureCostBench.ruleArm(options, bench, threads, users, on.service()))
				.subject(DENSE, FeatureCostBench.ruleArm(options, bench, threads, users, dense.service()))
				.run(options.rounds);
			try (RedisConnection connection = connections.getConnection()) {
				for (int u = 0; u < users; u++) {
					connection.keyCommands().del((bitPrefix + "u" + u).getBytes(StandardCharsets.UTF_8));
				}
			}
		}
		Report.Section section = new Report.Section(
				String.format(Locale.ROOT,
						"8. What streaks cost an award: server us per award against streaks off + a bare SETBIT script "
								+ "(%d threads, %,d users)",
						threads, users),
				"configuration", "awards/s", "server us/award", "/ floor", "/ streaks off");
		for (String arm : List.of(FLOOR, OFF, STREAKS, DENSE)) {
			String toFloor = arm.equals(FLOOR) ? Report.ratio(1)
					: arm.equals(OFF) ? "" : results.ratio(arm, FLOOR, SERVER_US).ratio();
			String toOff = arm.equals(OFF) ? Report.ratio(1)
					: arm.equals(FLOOR) ? "" : results.ratio(arm, OFF, SERVER_US).ratio();
			section.row(arm, results.median(arm, Latencies.PER_SECOND), results.median(arm, SERVER_US), toFloor, toOff);
		}
		section.note(String.format(Locale.ROOT,
				"90%% award / 10%% revoke of rule praise over %,d users in one day, periods day + month; streaks on: "
						+ "rules [praise], milestones {7: 20}, 16,384 buckets (the default) or users / 300; the floor's SETBIT script runs once per award, in a call of its own (the engine batches its awards, the bare script cannot); streaks off = the same engine without the SETBIT script; one "
						+ "warm-up cycle, then %d interleaved rounds (%.1f s each); a ratio is the median of "
						+ "per-round ratios (min-max)",
				users, options.rounds, options.awardSeconds));
		Interleaved.Spread ratio = results.ratio(STREAKS, FLOOR, SERVER_US);
		section.target("streaks on: server time per award <= 1.3x streaks off + a bare SETBIT script",
				ratio.median() <= 1.3, ratio.ratioWithIqr() + " of the floor");
		Interleaved.Spread denseRatio = results.ratio(DENSE, FLOOR, SERVER_US);
		section.target("streaks on with 300 users a bucket: server time per award <= 1.3x the same floor",
				denseRatio.median() <= 1.3, denseRatio.ratioWithIqr() + " of the floor");
		report.add(section);
	}

}
