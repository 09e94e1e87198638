package io.github.activityrank.benchmarks;

import java.util.concurrent.ThreadLocalRandom;

import io.github.activityrank.ActivityRankService;

/**
 * Issue 5, figure 1: synchronous award throughput through {@link ActivityRankService} at 1, 8 and 32
 * threads, 90% awards and 10% revokes over users x fields, against the reference algorithm and the
 * raw ZINCRBY figure of the same run.
 */
final class AwardThroughputBench {

	private AwardThroughputBench() {
	}

	/** One award or revoke of the mixed workload. */
	@FunctionalInterface
	interface Awarder {

		void apply(String userId, String field, boolean revoke);

	}

	static void run(BenchOptions options, Report report, EngineContext engine, ReferenceActivityRank reference,
			RawZincrby.Figure raw) {
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
		// warm both paths up (JIT, connections, script cache) before any measured point
		mixed(options, 8, options.warmupSeconds, theirs);
		mixed(options, 8, options.warmupSeconds, ours);

		Report.Section section = new Report.Section(
				"1. Award throughput, synchronous ActivityRankService calls (90% award / 10% revoke, "
						+ options.users + " users x " + options.fieldsPerUser + " fields)",
				"threads", "reference awards/s", "ours awards/s", "ours / reference", "ours / raw ZINCRBY");
		double oursAtMax = Double.NaN;
		double referenceAtMax = Double.NaN;
		for (int threads : options.threadCounts) {
			double ref = mixed(options, threads, options.awardSeconds, theirs);
			double our = mixed(options, threads, options.awardSeconds, ours);
			section.row(threads, ref, our, Report.ratio(our / ref), Report.ratio(our / raw.perSecond()));
			oursAtMax = our;
			referenceAtMax = ref;
		}
		int maxThreads = options.threadCounts[options.threadCounts.length - 1];
		section.note(String.format(java.util.Locale.ROOT, "raw ZINCRBY (redis-benchmark, 50 clients) in this run: %,.0f/s",
				raw.perSecond()));
		section.note("reference = the naive multi-call algorithm (HGET, HSET, EXPIRE, ZINCRBY x2, TTL/EXPIRE) "
				+ "rebuilt in ReferenceActivityRank over the same Spring Data Redis client");
		section.note(options.awardSeconds + " s per point after " + options.warmupSeconds + " s warm-up of each");
		section.target("award at " + maxThreads + " threads >= 4x reference", oursAtMax >= 4 * referenceAtMax,
				Report.ratio(oursAtMax / referenceAtMax) + " of the reference");
		section.target("award at " + maxThreads + " threads >= 0.6x raw ZINCRBY", oursAtMax >= 0.6 * raw.perSecond(),
				Report.ratio(oursAtMax / raw.perSecond()) + " of raw ZINCRBY");
		report.add(section);
	}

	/** Awards per second of the mixed workload. */
	static double mixed(BenchOptions options, int threads, double seconds, Awarder awarder) {
		int users = options.users;
		int fields = options.fieldsPerUser;
		Latencies.Summary summary = Latencies.throughput(threads, seconds, (thread, i) -> {
			ThreadLocalRandom random = ThreadLocalRandom.current();
			String user = "u" + random.nextInt(users);
			String field = random.nextInt(fields) + "_praise";
			awarder.apply(user, field, random.nextInt(10) == 0);
		});
		return summary.perSecond();
	}

}
