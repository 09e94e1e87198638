package io.github.activityrank.benchmarks;

import java.util.concurrent.ThreadLocalRandom;

import io.github.activityrank.ActivityRankService;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Issue 5, figure 1: synchronous award throughput through {@link ActivityRankService} at
 * 1, 8 and 32 threads, 90% awards and 10% revokes over users x fields, against the
 * reference algorithm and the raw ZINCRBY figure of the same run.
 */
final class AwardThroughputBench {

	private AwardThroughputBench() {
	}

	/** One award or revoke of the mixed workload. */
	@FunctionalInterface
	interface Awarder {

		void apply(String userId, String field, boolean revoke);

	}

	private static final java.util.List<String> REFERENCE_COMMANDS = java.util.List.of("hget", "hset", "hdel", "expire",
			"zincrby", "ttl");

	static void run(BenchOptions options, Report report, BenchRedis bench, EngineContext engine,
			ReferenceActivityRank reference, RawZincrby.Figure raw) {
		ActivityRankService service = engine.service();
		Awarder ours = (user, field, revoke) -> {
			if (revoke) {
				service.revoke(user, field, EngineContext.RULE);
			}
			else {
				service.award(user, field, EngineContext.RULE);
			}
		};
		Awarder theirs = (user, field, revoke) -> reference.addActivityScore(user, field,
				revoke ? -EngineContext.RULE_POINTS : EngineContext.RULE_POINTS);
		MinimalScriptClient minimal = new MinimalScriptClient(engine.bean(RedisConnectionFactory.class),
				engine.prefix + "_minimal");
		Awarder calibration = (user, field, revoke) -> minimal.award(user, field, EngineContext.RULE_POINTS);
		// warm both paths up (JIT, connections, script cache) before any measured point
		mixed(options, 8, options.warmupSeconds, theirs);
		mixed(options, 8, options.warmupSeconds, ours);
		mixed(options, 8, options.warmupSeconds, calibration);

		Report.Section section = new Report.Section(
				"1. Award throughput, synchronous ActivityRankService calls (90% award / 10% revoke, " + options.users
						+ " users x " + options.fieldsPerUser + " fields)",
				"threads", "reference awards/s", "ours awards/s", "ours / reference", "ours / raw ZINCRBY",
				"minimal EVALSHA calls/s", "ours / minimal", "reference server us/award", "ours server us/award",
				"ours awards / script call");
		double oursAtMax = Double.NaN;
		double referenceAtMax = Double.NaN;
		for (int threads : options.threadCounts) {
			long refBefore = serverUsec(bench, REFERENCE_COMMANDS);
			Latencies.Summary refRun = Latencies.throughput(threads, options.awardSeconds, workload(options, theirs));
			double refServer = (serverUsec(bench, REFERENCE_COMMANDS) - refBefore) / (double) refRun.calls();
			long[] ourBefore = bench.commandStats("evalsha");
			Latencies.Summary ourRun = Latencies.throughput(threads, options.awardSeconds, workload(options, ours));
			long[] ourAfter = bench.commandStats("evalsha");
			double ourServer = (ourAfter[1] - ourBefore[1]) / (double) ourRun.calls();
			double perCall = ourRun.calls() / (double) Math.max(1, ourAfter[0] - ourBefore[0]);
			double calibrated = Latencies.throughput(threads, options.awardSeconds, workload(options, calibration))
				.perSecond();
			double ref = refRun.perSecond();
			double our = ourRun.perSecond();
			section.row(threads, ref, our, Report.ratio(our / ref), Report.ratio(our / raw.perSecond()), calibrated,
					Report.ratio(our / calibrated), refServer, ourServer, perCall);
			oursAtMax = our;
			referenceAtMax = ref;
		}
		int maxThreads = options.threadCounts[options.threadCounts.length - 1];
		section.note(String.format(java.util.Locale.ROOT,
				"raw ZINCRBY (redis-benchmark, 50 clients) in this run: %,.0f/s", raw.perSecond()));
		section.note("reference = the naive multi-call algorithm (HGET, HSET, EXPIRE, ZINCRBY x2, TTL/EXPIRE) "
				+ "rebuilt in ReferenceActivityRank over the same Spring Data Redis client");
		section.note(options.awardSeconds + " s per point after " + options.warmupSeconds + " s warm-up of each");
		section.note("minimal EVALSHA = a calibration (MinimalScriptClient): the least an idempotent award can do "
				+ "(HSETNX + 2 ZINCRBY, no TTL, caps or revokes) as one blocking EVALSHA per call from the same threads "
				+ "and client; it measures how many blocking calls those threads can make on this machine at all");
		section.note("ours awards / script call: concurrent synchronous calls share one score.lua call "
				+ "(CoalescingActivityStore); a lone caller is sent at once");
		section.note("server us/award = Redis's own time for the commands of one award or revoke (INFO commandstats "
				+ "deltas, server-wide): on 2 shared cores the server's CPU is the ceiling");
		section.target("award at " + maxThreads + " threads >= 4x reference", oursAtMax >= 4 * referenceAtMax,
				Report.ratio(oursAtMax / referenceAtMax) + " of the reference");
		section.target("award at " + maxThreads + " threads >= 0.6x raw ZINCRBY", oursAtMax >= 0.6 * raw.perSecond(),
				Report.ratio(oursAtMax / raw.perSecond()) + " of raw ZINCRBY");
		report.add(section);
	}

	/** Awards per second of the mixed workload. */
	static double mixed(BenchOptions options, int threads, double seconds, Awarder awarder) {
		return Latencies.throughput(threads, seconds, workload(options, awarder)).perSecond();
	}

	private static Latencies.Call workload(BenchOptions options, Awarder awarder) {
		int users = options.users;
		int fields = options.fieldsPerUser;
		return (thread, i) -> {
			ThreadLocalRandom random = ThreadLocalRandom.current();
			String user = "u" + random.nextInt(users);
			String field = random.nextInt(fields) + "_praise";
			awarder.apply(user, field, random.nextInt(10) == 0);
		};
	}

	private static long serverUsec(BenchRedis bench, java.util.List<String> commands) {
		long usec = 0;
		for (String command : commands) {
			usec += bench.commandStats(command)[1];
		}
		return usec;
	}

}
