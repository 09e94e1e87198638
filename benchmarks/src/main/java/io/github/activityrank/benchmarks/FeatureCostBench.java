package io.github.activityrank.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * What each feature costs an award on the server, against the floor of an award
 * ({@link FloorScriptClient}: record, its TTL, one ZINCRBY per board, batched like the
 * engine) and the reference's separate commands: one fresh engine per configuration (the
 * default; each feature alone; every ranking feature at once), the floor, the floor plus
 * ten bare ZINCRBYs (the floor of ten joined challenges) and the reference, all in the
 * same interleaved rounds at the highest thread count, judged on Redis's own microseconds
 * per award (INFO commandstats).
 */
final class FeatureCostBench {

	private FeatureCostBench() {
	}

	private static final String SERVER_US = "server us/award";

	private static final String FLOOR = "floor";

	private static final String FLOOR_TEN = "floor + 10 ZINCRBY";

	private static final String REFERENCE = "reference";

	private static final String DEFAULT = "default";

	private static final String ALL = "every ranking feature";

	private static final String TEN = "10 joined challenges";

	/** Users of every arm: the challenge arms' users join every challenge first. */
	private static final int USERS = 10_000;

	/** Caps high enough never to bind in a run: their counters are what is measured. */
	private static final String DAILY = "activity-rank.rules.praise.daily-cap=100000";

	private static final String WEEKLY = "activity-rank.rules.praise.weekly-cap=500000";

	private static final String MONTHLY = "activity-rank.rules.praise.monthly-cap=2000000";

	private static final String EARLIEST = "activity-rank.tie-break=earliest";

	/**
	 * One summary read per this many operations, in the arms where summaries are in use.
	 */
	private static final int SUMMARY_EVERY = 100;

	private record Config(String name, int challenges, boolean summaries, String... properties) {
	}

	private static final List<Config> CONFIGS = List.of(new Config(DEFAULT, 0, false),
			new Config("daily cap", 0, false, DAILY), new Config("weekly cap", 0, false, WEEKLY),
			new Config("monthly cap", 0, false, MONTHLY), new Config("tie-break: earliest", 0, false, EARLIEST),
			new Config("ranking: dense", 0, false, "activity-rank.ranking=dense"),
			new Config("summary in use", 0, true),
			new Config("once-per: ever", 0, false, "activity-rank.rules.praise.once-per=ever"),
			new Config("1 joined challenge", 1, false), new Config(TEN, 10, false),
			new Config(ALL, 0, true, DAILY, WEEKLY, MONTHLY, EARLIEST));

	private static List<Config> configs(BenchOptions options) {
		return CONFIGS.stream()
			.filter((config) -> options.features == null || options.features.contains(config.name()))
			.toList();
	}

	static void run(BenchOptions options, Report report, BenchRedis bench, EngineContext engine,
			ReferenceActivityRank reference) {
		int threads = options.threadCounts[options.threadCounts.length - 1];
		int users = Math.min(options.users, USERS);
		RedisConnectionFactory connections = engine.bean(RedisConnectionFactory.class);
		FloorScriptClient floor = new FloorScriptClient(connections, engine.prefix + "_floor2", 0);
		FloorScriptClient floorTen = new FloorScriptClient(connections, engine.prefix + "_floor10", 10);
		List<EngineContext> engines = new ArrayList<>();
		Interleaved.Results results;
		try {
			Interleaved plan = Interleaved.plan()
				.warmup(1)
				.baseline(FLOOR,
						arm(options, bench, threads, users, "evalsha",
								(user, field, revoke) -> floor.apply(user, field, EngineContext.RULE_POINTS, revoke)))
				.baseline(FLOOR_TEN, arm(options, bench, threads, users, "evalsha",
						(user, field, revoke) -> floorTen.apply(user, field, EngineContext.RULE_POINTS, revoke)))
				.subject(REFERENCE, arm(options, bench, threads, users, null, (user, field, revoke) -> reference
					.addActivityScore(user, field, revoke ? -EngineContext.RULE_POINTS : EngineContext.RULE_POINTS)));
			for (Config config : configs(options)) {
				EngineContext context = EngineContext.start(options, engine.prefix + "_f" + engines.size(),
						config.properties());
				engines.add(context);
				if (config.challenges() > 0) {
					AwardThroughputBench.joinChallenges(context, config.challenges(), users);
				}
				plan.subject(config.name(),
						arm(options, bench, threads, users, "evalsha", awarder(context.service(), config.summaries())));
			}
			results = plan.run(options.rounds);
		}
		finally {
			engines.forEach(EngineContext::close);
		}
		Report.Section section = new Report.Section(String.format(Locale.ROOT,
				"1b. What each feature costs an award: server us per award against the floor (%d threads, %,d users)",
				threads, users), "configuration", "awards/s", "server us/award", "/ floor", "/ floor + 10 ZINCRBY",
				"awards / script call");
		List<String> arms = new ArrayList<>(List.of(FLOOR, FLOOR_TEN, REFERENCE));
		configs(options).forEach((config) -> arms.add(config.name()));
		for (String arm : arms) {
			boolean floorArm = arm.equals(FLOOR) || arm.equals(FLOOR_TEN);
			section.row(arm, results.median(arm, Latencies.PER_SECOND), results.median(arm, SERVER_US),
					arm.equals(FLOOR) ? Report.ratio(1) : floorArm ? "" : results.ratio(arm, FLOOR, SERVER_US).ratio(),
					arm.equals(FLOOR_TEN) ? Report.ratio(1)
							: floorArm ? "" : results.ratio(arm, FLOOR_TEN, SERVER_US).ratio(),
					results.median(arm, "awards/call"));
		}
		section.note("floor = FloorScriptClient: per award only EXISTS + HSETNX of the record field, PEXPIRE of a new "
				+ "record and one ZINCRBY per board (day, month); a revoke HGET + HDEL + one ZINCRBY per board; batched "
				+ "by the engine's own CoalescingActivityStore (256 commands, 2 batches at once), like ours");
		section.note("floor + 10 ZINCRBY = the floor plus ten bare ZINCRBYs per award on ten more boards: the floor of "
				+ "10 joined challenges");
		section.note(String.format(Locale.ROOT,
				"each configuration is a fresh engine (periods day + month, rule praise = 2 points) with only what its "
						+ "row names; caps are rule caps high enough never to bind (daily 100000, weekly 500000, "
						+ "monthly 2000000); \"summary in use\" and \"every ranking feature\" read one week summary "
						+ "per %d operations, which their server time includes; \"every ranking feature\" = daily, "
						+ "weekly and monthly caps, tie-break: earliest and summaries in use",
				SUMMARY_EVERY));
		section.note(String.format(Locale.ROOT,
				"90%% awards of fields never used before, 10%% revokes of an earlier award of the same thread "
						+ "(FreshWork: every arm sees the same outcomes) over %,d users; one warm-up cycle, then %d "
						+ "interleaved rounds (%.1f s each) and a closing round of the two floors; a ratio is the "
						+ "median of per-round ratios (min-max); server us/award from INFO commandstats (evalsha; "
						+ "the reference: its hget, hset, hdel, expire, zincrby, ttl)",
				users, options.rounds, options.awardSeconds));
		if (arms.contains(DEFAULT)) {
			Interleaved.Spread defaultToFloor = results.ratio(DEFAULT, FLOOR, SERVER_US);
			section.target("default configuration: server time per award <= 1.3x the floor",
					defaultToFloor.median() <= 1.3, defaultToFloor.ratioWithIqr() + " of the floor");
		}
		if (arms.contains(ALL)) {
			Interleaved.Spread allToFloor = results.ratio(ALL, FLOOR, SERVER_US);
			section.target("every ranking feature at once: <= 1.8x the floor", allToFloor.median() <= 1.8,
					allToFloor.ratioWithIqr() + " of the floor");
		}
		if (arms.contains(TEN)) {
			Interleaved.Spread tenToFloor = results.ratio(TEN, FLOOR_TEN, SERVER_US);
			section.target("10 joined challenges: <= 1.3x the floor plus ten bare ZINCRBYs", tenToFloor.median() <= 1.3,
					tenToFloor.ratioWithIqr() + " of the floor + 10 ZINCRBY");
		}
		report.add(section);
		report.add(breakdown(results, arms));
	}

	/**
	 * Where the server time of an award goes: each command type's share (the commands a
	 * script runs count in INFO commandstats too; "Lua" is the script calls' time beyond
	 * them).
	 */
	private static Report.Section breakdown(Interleaved.Results results, List<String> arms) {
		List<String> header = new ArrayList<>(List.of("configuration", "evalsha"));
		BROKEN_DOWN.forEach((command) -> header.add(command));
		header.add("Lua and call");
		Report.Section section = new Report.Section(
				"1c. Where an award's server time goes: us per award by command type (medians over the rounds of 1b)",
				header.toArray(new String[0]));
		for (String arm : arms) {
			if (arm.equals(REFERENCE)) {
				continue;
			}
			List<Object> row = new ArrayList<>(List.of(arm, results.median(arm, SERVER_US)));
			double inner = 0;
			for (String command : BROKEN_DOWN) {
				double usec = results.median(arm, "us " + command);
				inner += usec;
				row.add(usec);
			}
			row.add(results.median(arm, SERVER_US) - inner);
			section.row(row.toArray());
		}
		section.note("each cell: the command type's INFO commandstats usec over the round, per award or revoke, "
				+ "median over the rounds; \"Lua and call\" = evalsha minus the commands it ran");
		return section;
	}

	private static AwardThroughputBench.Awarder awarder(ActivityRankService service, boolean summaries) {
		return (user, field, revoke) -> {
			if (summaries && ThreadLocalRandom.current().nextInt(SUMMARY_EVERY) == 0) {
				service.summary(user, Period.WEEK);
			}
			if (revoke) {
				service.revoke(user, field, EngineContext.RULE);
			}
			else {
				service.award(user, field, EngineContext.RULE);
			}
		};
	}

	/**
	 * An arm of awards (90%) and revokes (10%) of {@link EngineContext#RULE} through a
	 * service, judged on the score script's server time (evalsha).
	 * @param options the run's options
	 * @param bench the benchmark's Redis
	 * @param threads the callers
	 * @param users the users awarded
	 * @param service the service
	 * @return the arm
	 */
	static Interleaved.Arm ruleArm(BenchOptions options, BenchRedis bench, int threads, int users,
			ActivityRankService service) {
		return arm(options, bench, threads, users, "evalsha",
				(user, field, revoke) -> awardOrRevoke(service, user, field, revoke));
	}

	/** An award of {@link EngineContext#RULE}, or its revoke. */
	static void awardOrRevoke(ActivityRankService service, String user, String field, boolean revoke) {
		if (revoke) {
			service.revoke(user, field, EngineContext.RULE);
		}
		else {
			service.award(user, field, EngineContext.RULE);
		}
	}

	/**
	 * One round of the workload: awards per second, Redis's time per award from the
	 * deltas of {@code command} (null: the reference's commands) and awards per call.
	 */
	static Interleaved.Arm arm(BenchOptions options, BenchRedis bench, int threads, int users, String command,
			AwardThroughputBench.Awarder awarder) {
		List<String> commands = (command != null) ? List.of(command)
				: List.of("hget", "hset", "hdel", "expire", "zincrby", "ttl");
		return () -> {
			Map<String, Long> usecBefore = bench.commandUsec();
			long[] before = stats(bench, commands);
			FreshWork work = new FreshWork(threads, users);
			Latencies.Summary run = Latencies.throughput(threads, options.awardSeconds, work.driving(awarder));
			long[] after = stats(bench, commands);
			Map<String, Double> figures = new LinkedHashMap<>(run.figures());
			Map<String, Long> usecAfter = bench.commandUsec();
			for (String type : BROKEN_DOWN) {
				figures.put("us " + type,
						(usecAfter.getOrDefault(type, 0L) - usecBefore.getOrDefault(type, 0L)) / (double) run.calls());
			}
			figures.put(SERVER_US, (after[1] - before[1]) / (double) run.calls());
			figures.put("awards/call",
					(command != null) ? run.calls() / (double) Math.max(1, after[0] - before[0]) : Double.NaN);
			return figures;
		};
	}

	/** The command types a script of ours or of the floor runs, for the breakdown. */
	private static final List<String> BROKEN_DOWN = List.of("hsetnx", "hset", "hincrby", "hget", "hmget", "hexists",
			"hgetall", "hdel", "exists", "pexpire", "pttl", "zincrby", "zadd", "zscore", "zrevrange", "zrem", "get");

	private static long[] stats(BenchRedis bench, List<String> commands) {
		long[] sum = new long[2];
		for (String command : commands) {
			long[] one = bench.commandStats(command);
			sum[0] += one[0];
			sum[1] += one[1];
		}
		return sum;
	}

}
