package io.github.activityrank.benchmarks;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.ChallengeService;
import io.lettuce.core.ScriptOutputType;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Section 1 of the report, synchronous award throughput: {@link ActivityRankService}
 * calls at 1, 8 and 32 threads, 90% awards and 10% revokes over users x fields, against
 * the reference algorithm, a minimal script call and {@code redis-benchmark}'s raw
 * ZINCRBY. At each thread count the four run in interleaved rounds ({@link Interleaved}),
 * so every ratio is the median of per-round ratios. Then, at the highest thread count,
 * the same workload on two fresh engines, {@code tie-break: none} (today's award path)
 * and {@code tie-break: earliest}, in interleaved rounds of their own; and the same
 * workload on three fresh engines whose users have joined 0, 1 and 10 running challenges,
 * also interleaved.
 */
final class AwardThroughputBench {

	private AwardThroughputBench() {
	}

	/** One award or revoke of the mixed workload. */
	@FunctionalInterface
	interface Awarder {

		void apply(String userId, String field, boolean revoke);

	}

	private static final List<String> REFERENCE_COMMANDS = List.of("hget", "hset", "hdel", "expire", "zincrby", "ttl");

	private static final String REFERENCE = "reference";

	private static final String RAW = "raw ZINCRBY";

	private static final String MINIMAL = "minimal EVALSHA";

	private static final String OURS = "ours";

	private static final String SERVER_US = "server us/award";

	private static final String PER_SCRIPT_CALL = "awards/script call";

	private static final String TIE_BREAK_NONE = "tie-break: none";

	private static final String TIE_BREAK_EARLIEST = "tie-break: earliest";

	/** Challenges joined by every user of the workload, per arm of the challenge rows. */
	private static final int[] JOINED = { 0, 1, 10 };

	/**
	 * Users who join the challenges: enough to spread the load, few enough to join
	 * quickly.
	 */
	private static final int CHALLENGE_USERS = 10_000;

	/**
	 * The floor of the challenge rows: what the ten challenge boards of an award cost if
	 * the award did nothing but write them, one ZINCRBY each.
	 */
	private static final String FLOOR = "10 ZINCRBY per award, nothing else";

	/** Awards per call of the floor's script, as the engine batches concurrent awards. */
	private static final int FLOOR_BATCH = 8;

	private static final String FLOOR_SCRIPT = "for _, member in ipairs(ARGV) do for _, board in ipairs(KEYS) do "
			+ "redis.call('ZINCRBY', board, 2, member) end end return 0";

	static void run(BenchOptions options, Report report, BenchRedis bench, EngineContext engine,
			ReferenceActivityRank reference) {
		Awarder ours = awarder(engine.service());
		Awarder theirs = (user, field, revoke) -> reference.addActivityScore(user, field,
				revoke ? -EngineContext.RULE_POINTS : EngineContext.RULE_POINTS);
		MinimalScriptClient minimal = new MinimalScriptClient(engine.bean(RedisConnectionFactory.class),
				engine.prefix + "_minimal");
		Awarder calibration = (user, field, revoke) -> minimal.award(user, field, EngineContext.RULE_POINTS);

		Report.Section section = new Report.Section(
				"1. Award throughput, synchronous ActivityRankService calls (90% award / 10% revoke, " + options.users
						+ " users x " + options.fieldsPerUser + " fields)",
				"threads", "reference awards/s", "ours awards/s", "ours / reference", "ours / raw ZINCRBY",
				"minimal EVALSHA calls/s", "ours / minimal", "reference server us/award", "ours server us/award",
				"ours awards / script call", "ours / tie-break: none");
		Interleaved.Spread oursToReference = null;
		Interleaved.Spread oursToReferenceAlone = null;
		Interleaved.Spread oursToRaw = null;
		double rawMedian = Double.NaN;
		for (int threads : options.threadCounts) {
			Interleaved.Results results = Interleaved.plan()
				// one cycle of each first: JIT, connections, script cache
				.warmup(1)
				.baseline(REFERENCE, () -> {
					long before = serverUsec(bench, REFERENCE_COMMANDS);
					Latencies.Summary run = Latencies.throughput(threads, options.awardSeconds,
							workload(options, theirs));
					return figures(run, (serverUsec(bench, REFERENCE_COMMANDS) - before) / (double) run.calls());
				})
				.baseline(RAW, RawZincrby.arm(options, engine.prefix + ":raw", options.awardSeconds))
				.baseline(MINIMAL,
						() -> Latencies.throughput(threads, options.awardSeconds, workload(options, calibration))
							.figures())
				.subject(OURS, scripted(options, bench, threads, ours))
				.run(options.rounds);
			oursToReference = results.ratio(OURS, REFERENCE, Latencies.PER_SECOND);
			oursToRaw = results.ratio(OURS, RAW, Latencies.PER_SECOND);
			if (oursToReferenceAlone == null) {
				oursToReferenceAlone = oursToReference;
			}
			rawMedian = results.median(RAW, Latencies.PER_SECOND);
			section.row(threads, results.median(REFERENCE, Latencies.PER_SECOND),
					results.median(OURS, Latencies.PER_SECOND), oursToReference.ratio(), oursToRaw.ratio(),
					results.median(MINIMAL, Latencies.PER_SECOND),
					results.ratio(OURS, MINIMAL, Latencies.PER_SECOND).ratio(), results.median(REFERENCE, SERVER_US),
					results.median(OURS, SERVER_US), results.median(OURS, PER_SCRIPT_CALL), "");
		}
		int maxThreads = options.threadCounts[options.threadCounts.length - 1];
		Interleaved.Spread earliestToNone = tieBreaks(options, section, bench, engine, maxThreads);
		Interleaved.Spread tenToNone = challenges(options, section, bench, engine, maxThreads);
		section.note(String.format(Locale.ROOT,
				"raw ZINCRBY (redis-benchmark, 50 clients, about %.1f s of requests per round): median %,.0f/s in the "
						+ "rounds at %d threads",
				options.awardSeconds, rawMedian, maxThreads));
		section.note("reference = the naive multi-call algorithm (HGET, HSET, EXPIRE, ZINCRBY x2, TTL/EXPIRE) "
				+ "rebuilt in ReferenceActivityRank over the same Spring Data Redis client");
		section.note(String.format(Locale.ROOT,
				"at each thread count: one warm-up cycle, then %d interleaved rounds of reference, raw ZINCRBY, "
						+ "minimal EVALSHA and ours (%.1f s each) and a closing round of the three baselines; a ratio "
						+ "cell is the median of the per-round ratios (min-max), awards/s and server us are medians",
				options.rounds, options.awardSeconds));
		section.note("minimal EVALSHA = a calibration (MinimalScriptClient): the least an idempotent award can do "
				+ "(HSETNX + 2 ZINCRBY, no TTL, caps or revokes) as one blocking EVALSHA per call from the same threads "
				+ "and client; it measures how many blocking calls those threads can make on this machine at all");
		section.note("ours awards / script call: concurrent synchronous calls share one score.lua call "
				+ "(CoalescingActivityStore); a lone caller is sent at once");
		section.note("server us/award = Redis's own time for the commands of one award or revoke (INFO commandstats "
				+ "deltas, server-wide): on 2 shared cores the server's CPU is the ceiling");
		// the targets of the composed award path (issue 22): one round trip against the
		// reference's six at one thread, the server's time per award at the highest count
		section.target("award at " + maxThreads + " threads >= 2x reference", oursToReference.median() >= 2,
				oursToReference.ratioWithIqr() + " of the reference");
		section.target("award at " + options.threadCounts[0] + " thread(s) >= 3x reference",
				oursToReferenceAlone.median() >= 3, oursToReferenceAlone.ratioWithIqr() + " of the reference");
		section.target("award at " + maxThreads + " threads with tie-break: earliest >= 0.8x tie-break: none",
				earliestToNone.median() >= 0.8, earliestToNone.ratioWithIqr() + " of tie-break: none");
		// the 2x target of the challenges issue was below its own floor: section 1b
		// judges
		// 10 joined challenges against the floor plus ten bare ZINCRBYs instead
		section.note(String.format(Locale.ROOT,
				"10 joined challenges cost %s of the server time per award with none, %s of raw ZINCRBY awards/s "
						+ "at %d threads: see section 1b for the target",
				tenToNone.ratio(), oursToRaw.ratio(), maxThreads));
		report.add(section);
	}

	/**
	 * The cost of challenges: three fresh engines, the users of the first in no
	 * challenge, those of the others each in 1 and 10 running challenges (every award
	 * counts for each), the same workload over those users in interleaved rounds, no
	 * challenge the baseline. Judged on Redis's time per award, the cost the issue
	 * bounds.
	 */
	private static Interleaved.Spread challenges(BenchOptions options, Report.Section section, BenchRedis bench,
			EngineContext engine, int threads) {
		int users = Math.min(options.users, CHALLENGE_USERS);
		List<EngineContext> engines = new ArrayList<>();
		Interleaved.Results results;
		try {
			Interleaved plan = Interleaved.plan().warmup(1);
			for (int joined : JOINED) {
				EngineContext context = EngineContext.start(options, engine.prefix + "_ch" + joined);
				engines.add(context);
				joinChallenges(context, joined, users);
				Interleaved.Arm arm = scripted(options, bench, threads, awarder(context.service()), users);
				if (joined == 0) {
					plan.baseline(challengeArm(joined), arm);
				}
				else {
					plan.subject(challengeArm(joined), arm);
				}
			}
			plan.subject(FLOOR, floor(options, bench, engine.prefix + "_floor", threads, users));
			results = plan.run(options.rounds);
		}
		finally {
			engines.forEach(EngineContext::close);
		}
		Interleaved.Spread tenToNone = results.ratio(challengeArm(10), challengeArm(0), SERVER_US);
		Interleaved.Spread floorToNone = results.ratio(FLOOR, challengeArm(0), SERVER_US);
		for (int joined : JOINED) {
			String arm = challengeArm(joined);
			section.row(threads + ", " + arm, "", results.median(arm, Latencies.PER_SECOND), "", "", "", "", "",
					results.median(arm, SERVER_US), results.median(arm, PER_SCRIPT_CALL), (joined == 0)
							? Report.ratio(1) : results.ratio(arm, challengeArm(0), Latencies.PER_SECOND).ratio());
		}
		section.note(String.format(Locale.ROOT,
				"rows \"%d, N challenges joined\": the same workload over %,d users on three fresh engines whose "
						+ "users joined 0, 1 and 10 running challenges open to every rule (each award reaches every "
						+ "joined challenge's board in the same score.lua call); one warm-up cycle, then %d "
						+ "interleaved rounds (%.1f s each) and a closing round with none; the last column is "
						+ "awards/s over the engine with none joined, the target compares server us/award",
				threads, users, options.rounds, options.awardSeconds));
		section.row(threads + ", " + FLOOR, "", "", "", "", "", "", "", results.median(FLOOR, SERVER_US), FLOOR_BATCH,
				"");
		section.note(String.format(Locale.ROOT,
				"row \"%s\": in the same rounds, %d threads each sending %d members per script call that only "
						+ "ZINCRBYs each of 10 boards of %,d members: the least 10 joined challenges can add with one "
						+ "write per board. The award with none plus it is %.2fx (%.2f-%.2f) of the award with none, "
						+ "the floor of the 10-challenge ratio",
				FLOOR, threads, FLOOR_BATCH, users, 1 + floorToNone.median(), 1 + floorToNone.min(),
				1 + floorToNone.max()));
		return tenToNone;
	}

	/**
	 * The floor arm: ten boards of {@code users} members each, written by a script that
	 * does nothing but one ZINCRBY per board and award; server time per award from INFO
	 * commandstats, like the engines' arms.
	 */
	private static Interleaved.Arm floor(BenchOptions options, BenchRedis bench, String prefix, int threads,
			int users) {
		String[] boards = new String[10];
		for (int b = 0; b < boards.length; b++) {
			boards[b] = prefix + ":" + b;
			for (int from = 0; from < users; from += 1000) {
				// score, member, score, member, ...: points like the engines' boards
				// after a few awards
				List<Object> members = new ArrayList<>();
				for (int u = from; u < Math.min(users, from + 1000); u++) {
					members.add((double) ThreadLocalRandom.current().nextInt(1, 200));
					members.add("u" + u);
				}
				bench.sync().zadd(boards[b], members.toArray());
			}
		}
		String sha = bench.sync().scriptLoad(FLOOR_SCRIPT);
		return () -> {
			long[] before = bench.commandStats("evalsha");
			Latencies.Summary run = Latencies.throughput(threads, options.awardSeconds, (thread, i) -> {
				String[] members = new String[FLOOR_BATCH];
				for (int m = 0; m < members.length; m++) {
					members[m] = "u" + ThreadLocalRandom.current().nextInt(users);
				}
				bench.sync().evalsha(sha, ScriptOutputType.INTEGER, boards, members);
			});
			long[] after = bench.commandStats("evalsha");
			return figures(run, (after[1] - before[1]) / ((double) run.calls() * FLOOR_BATCH));
		};
	}

	private static String challengeArm(int joined) {
		return joined + " challenges joined";
	}

	/** Create {@code count} challenges running for a day and let every user join each. */
	static void joinChallenges(EngineContext context, int count, int users) {
		ChallengeService challenges = context.bean(ChallengeService.class);
		Instant now = Instant.now();
		for (int c = 0; c < count; c++) {
			String id = "bench-" + c;
			challenges.create(new ChallengeDefinition(id, now.minus(Duration.ofHours(1)), now.plus(Duration.ofDays(1)),
					Set.of(), false));
			IntStream.range(0, users).parallel().forEach((u) -> challenges.join(id, "u" + u));
		}
	}

	/**
	 * The earliest tie-break against today's award path: two fresh engines under prefixes
	 * of this run, so that neither starts with the other's records and boards, and the
	 * same workload in interleaved rounds, {@code tie-break: none} the baseline.
	 */
	private static Interleaved.Spread tieBreaks(BenchOptions options, Report.Section section, BenchRedis bench,
			EngineContext engine, int threads) {
		Interleaved.Results results;
		try (EngineContext none = EngineContext.start(options, engine.prefix + "_none");
				EngineContext earliest = EngineContext.start(options, engine.prefix + "_earliest",
						"activity-rank.tie-break=earliest")) {
			results = Interleaved.plan()
				.warmup(1)
				.baseline(TIE_BREAK_NONE, scripted(options, bench, threads, awarder(none.service())))
				.subject(TIE_BREAK_EARLIEST, scripted(options, bench, threads, awarder(earliest.service())))
				.run(options.rounds);
		}
		Interleaved.Spread earliestToNone = results.ratio(TIE_BREAK_EARLIEST, TIE_BREAK_NONE, Latencies.PER_SECOND);
		for (String arm : new String[] { TIE_BREAK_NONE, TIE_BREAK_EARLIEST }) {
			section.row(threads + ", " + arm, "", results.median(arm, Latencies.PER_SECOND), "", "", "", "", "",
					results.median(arm, SERVER_US), results.median(arm, PER_SCRIPT_CALL),
					arm.equals(TIE_BREAK_NONE) ? Report.ratio(1) : earliestToNone.ratio());
		}
		section.note(String.format(Locale.ROOT,
				"rows \"%d, tie-break: ...\": the same workload on two fresh engines, one with tie-break: none (the "
						+ "award path of the rows above) and one with tie-break: earliest (the same ZSCORE and ZADD "
						+ "per board, the score carrying the second of the award too); one warm-up cycle, then %d "
						+ "interleaved rounds of none and earliest (%.1f s each) and a closing none round; ours / "
						+ "tie-break: none is the median of the per-round ratios (min-max)",
				threads, options.rounds, options.awardSeconds));
		return earliestToNone;
	}

	private static Awarder awarder(ActivityRankService service) {
		return (user, field, revoke) -> {
			if (revoke) {
				service.revoke(user, field, EngineContext.RULE);
			}
			else {
				service.award(user, field, EngineContext.RULE);
			}
		};
	}

	/**
	 * One round of the workload through the engine: awards per second, Redis's time per
	 * award and the awards each score.lua call carried.
	 */
	private static Interleaved.Arm scripted(BenchOptions options, BenchRedis bench, int threads, Awarder awarder) {
		return scripted(options, bench, threads, awarder, options.users);
	}

	private static Interleaved.Arm scripted(BenchOptions options, BenchRedis bench, int threads, Awarder awarder,
			int users) {
		return () -> {
			long[] before = bench.commandStats("evalsha");
			Latencies.Summary run = Latencies.throughput(threads, options.awardSeconds,
					workload(users, options.fieldsPerUser, awarder));
			long[] after = bench.commandStats("evalsha");
			Map<String, Double> figures = figures(run, (after[1] - before[1]) / (double) run.calls());
			figures.put(PER_SCRIPT_CALL, run.calls() / (double) Math.max(1, after[0] - before[0]));
			return figures;
		};
	}

	private static Map<String, Double> figures(Latencies.Summary run, double serverUs) {
		Map<String, Double> figures = run.figures();
		figures.put(SERVER_US, serverUs);
		return figures;
	}

	private static Latencies.Call workload(BenchOptions options, Awarder awarder) {
		return workload(options.users, options.fieldsPerUser, awarder);
	}

	private static Latencies.Call workload(int users, int fields, Awarder awarder) {
		return (thread, i) -> {
			ThreadLocalRandom random = ThreadLocalRandom.current();
			String user = "u" + random.nextInt(users);
			String field = random.nextInt(fields) + "_praise";
			awarder.apply(user, field, random.nextInt(10) == 0);
		};
	}

	private static long serverUsec(BenchRedis bench, List<String> commands) {
		long usec = 0;
		for (String command : commands) {
			usec += bench.commandStats(command)[1];
		}
		return usec;
	}

}
