package io.github.activityrank.benchmarks;

import java.time.LocalDate;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;

import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Issue 5, figure 6: award and query p99 as the day board grows (10k .. 5M members), to show the cost
 * grows like log N. The board is grown in place by pipelined ZADD between the points.
 */
final class GrowthBench {

	private GrowthBench() {
	}

	static void run(BenchOptions options, Report report, BenchRedis bench, EngineContext engine) {
		ActivityRankService service = engine.service();
		StringRedisTemplate redis = engine.redis();
		String board = EngineKeys.dayBoard(engine.prefix, LocalDate.now(engine.zone));
		Report.Section section = new Report.Section("6. Growth: latency from " + options.queryThreads
				+ " threads as the day board grows", "members", "log2 N", "award p50 us", "award p99 us",
				"rankOf p99 us", "top(30) p99 us", "raw ZREVRANGE p99 us", "award p99 / first",
				"rankOf p99 / first");
		long loaded = 0;
		double firstAward = Double.NaN;
		double firstRank = Double.NaN;
		double lastAward = Double.NaN;
		double lastRank = Double.NaN;
		int first = options.growthSizes[0];
		int last = first;
		for (int size : options.growthSizes) {
			long started = System.nanoTime();
			QueryLatencyBench.loadBoard(bench, board, loaded, size);
			double loadSeconds = (System.nanoTime() - started) / 1e9;
			loaded = size;
			if (size == first) {
				QueryLatencyBench.checkLayout(service, redis, board);
			}
			int n = size;
			int point = size;
			Latencies.Summary award = Latencies.measure(options.queryThreads, options.growthSeconds,
					(t, i) -> service.award("q" + ThreadLocalRandom.current().nextInt(n), "g" + point + "_" + t + "_" + i,
							EngineContext.RULE));
			Latencies.Summary rank = Latencies.measure(options.queryThreads, options.growthSeconds,
					(t, i) -> service.rankOf("q" + ThreadLocalRandom.current().nextInt(n), Period.DAY));
			Latencies.Summary top = Latencies.measure(options.queryThreads, options.growthSeconds,
					(t, i) -> service.top(Period.DAY, 30));
			Latencies.Summary raw = Latencies.measure(options.queryThreads, options.growthSeconds,
					(t, i) -> redis.opsForZSet().reverseRangeWithScores(board, 0, 29));
			if (size == first) {
				firstAward = award.p99();
				firstRank = rank.p99();
			}
			lastAward = award.p99();
			lastRank = rank.p99();
			last = size;
			section.row(size, Math.log(size) / Math.log(2), award.p50(), award.p99(), rank.p99(), top.p99(), raw.p99(),
					Report.ratio(award.p99() / firstAward), Report.ratio(rank.p99() / firstRank));
			section.note(String.format(Locale.ROOT, "%,d members loaded in %.1f s", size, loadSeconds));
		}
		redis.unlink(board);
		redis.unlink(EngineKeys.monthBoard(engine.prefix, LocalDate.now(engine.zone)));
		double logRatio = Math.log(last) / Math.log(first);
		double sizeRatio = (double) last / first;
		double worst = Math.max(lastAward / firstAward, lastRank / firstRank);
		section.note(String.format(Locale.ROOT,
				"from %,d to %,d members log N grows %.2fx and N grows %,.0fx; only the day board is grown, the month "
						+ "board holds the award traffic alone",
				first, last, logRatio, sizeRatio));
		// generous bound: twice the log growth (latency has a large constant part that does not grow at all)
		section.target("award and rankOf p99 grow like log N, not worse", worst <= 2 * logRatio,
				String.format(Locale.ROOT, "p99 grew %s from %,d to %,d members (log N: %.2fx, N: %,.0fx)",
						Report.ratio(worst), first, last, logRatio, sizeRatio));
		report.add(section);
	}

}
