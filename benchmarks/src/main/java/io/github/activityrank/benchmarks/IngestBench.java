package io.github.activityrank.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.UnaryOperator;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.engine.ActivityRankCounters;
import io.github.activityrank.ingest.IngestKeys;
import io.github.activityrank.ingest.StreamIngester;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;

/**
 * Section 8 of the report, ingestion from Redis Streams: the same awards (the praise
 * rule, a unique field each, random users) applied through the in-JVM async
 * {@code @ActivityScore} path (caller threads, the dispatcher's queue) and through the
 * streams (producer threads XADD pipelined, the ingester applies), in interleaved rounds,
 * with a third arm, the floor of consumer-group ingestion ({@link FloorIngester}); a
 * round lasts until every award of it is applied. The Redis main thread's cpu per award
 * of each arm bounds their ratio while that thread is the bottleneck. Then the end-to-end
 * lag (from the server's XADD time to the batch's return from the engine) at half the
 * median ingestion rate, paced.
 */
final class IngestBench {

	private static final String ASYNC = "async annotation";

	private static final String INGEST = "stream ingestion";

	private static final String FLOOR = "ingestion floor";

	private static final String APPLIED = "applied per second";

	private static final String SERVER_US = "server us per award";

	private static final String STREAM_US = "stream us per award";

	private static final String PER_CALL = "awards per script call";

	private static final String REDIS_CPU = "redis main thread cpu us per award";

	private static final String JVM_CPU = "jvm cpu us per award";

	private static final String PRODUCER_CPU = "producer cpu us per award";

	private static final String CPU_MICROS = "cpu micros";

	private static final String JVM_MICROS = "jvm micros";

	/** The top-level commands of ingestion besides the score script's EVALSHA. */
	private static final List<String> STREAM_COMMANDS = List.of("xadd", "xreadgroup", "xack", "xautoclaim");

	private static final int PRODUCERS = 4;

	private static final String EVALSHA_CALLS = "evalsha calls";

	private static final long MAX_WAIT_NANOS = 120_000_000_000L;

	private IngestBench() {
	}

	static void run(BenchOptions options, Report report, BenchRedis bench, String runId) {
		int perRound = options.ingestAwards;
		double lagSeconds = options.quick ? 2 : 10;
		Report.Section section = new Report.Section("8. Ingestion from Redis Streams vs the async @ActivityScore path, "
				+ options.rounds + " rounds of " + perRound + " awards each", "measure", "value", "/ async annotation");
		try (EngineContext engine = EngineContext.start(options, "ingest_" + runId, "activity-rank.ingest.enabled=true",
				"activity-rank.ingest.claim-idle=10s", "bench.ingest-lag=true")) {
			if (!AsyncAnnotationBench.aspectPresent(engine)) {
				section.notMeasured("ingested awards >= 0.8x async annotation", "this build has no aspect");
				report.add(section);
				return;
			}
			ScoredActions actions = engine.bean(ScoredActions.class);
			ActivityRankCounters counters = engine.bean(ActivityRankCounters.class);
			IngestKeys keys = engine.bean(StreamIngester.class).keys();
			RedisClient client = RedisClient.create(RedisURI.builder()
				.withHost(options.host)
				.withPort(options.port)
				.withDatabase(options.database)
				.build());
			try (FloorIngester floor = new FloorIngester(client, keys, engine.bean(ActivityRankService.class))) {
				AtomicInteger rounds = new AtomicInteger();
				Interleaved.Arm async = () -> {
					String round = "a" + rounds.getAndIncrement();
					Map<String, Long> usecBefore = countersNow(bench);
					long before = counters.count(AwardResult.Outcome.AWARDED);
					long started = System.nanoTime();
					int threads = options.asyncThreads;
					List<CompletableFuture<Void>> callers = new ArrayList<>();
					for (int t = 0; t < threads; t++) {
						int thread = t;
						callers.add(CompletableFuture.runAsync(() -> {
							for (int i = thread; i < perRound; i += threads) {
								actions.praise(user(options), round + "_" + i);
							}
						}, runnable -> new Thread(runnable).start()));
					}
					CompletableFuture.allOf(callers.toArray(CompletableFuture[]::new)).join();
					return serverTime(applied(counters, before, perRound, started), bench, usecBefore, perRound);
				};
				Interleaved.Arm ingest = () -> streamRound("s" + rounds.getAndIncrement(), keys::partitionOfUser,
						client, options, bench, counters);
				Interleaved.Arm floorArm = () -> streamRound("f" + rounds.getAndIncrement(), floor::streamOfUser,
						client, options, bench, counters);
				Interleaved.Results results = Interleaved.plan()
					.warmup(1)
					.baseline(ASYNC, async)
					.subject(INGEST, ingest)
					.subject(FLOOR, floorArm)
					.run(options.rounds);
				Interleaved.Spread floorRatio = results.ratio(FLOOR, APPLIED, ASYNC, APPLIED);
				Interleaved.Spread ratio = results.ratio(INGEST, APPLIED, ASYNC, APPLIED);
				double rate = results.median(INGEST, APPLIED);
				section.row("async @ActivityScore awards applied per second", results.median(ASYNC, APPLIED), "");
				section.row("ingested awards applied per second", rate, ratio.ratio());
				section.row("floor of ingestion (XREADGROUP, the same awards made now, XACK, XTRIM) applied per second",
						results.median(FLOOR, APPLIED), floorRatio.ratio());
				section.row("ingested awards / floor of ingestion, per round", oursOverFloor(results).ratio(), "");
				section.row("server us per award, async: EVALSHA", results.median(ASYNC, SERVER_US), "");
				section.row("server us per award, ingestion: EVALSHA + XADD, XREADGROUP, XACK, XAUTOCLAIM",
						results.median(INGEST, SERVER_US), "");
				section.row("  of which the stream commands", results.median(INGEST, STREAM_US), "");
				section.row("awards per script call, async / ingestion / floor",
						String.format(Locale.ROOT, "%.0f / %.0f / %.0f", results.median(ASYNC, PER_CALL),
								results.median(INGEST, PER_CALL), results.median(FLOOR, PER_CALL)),
						"");
				section.row("redis main thread cpu us per award, async / ingestion / floor",
						String.format(Locale.ROOT, "%.1f / %.1f / %.1f", results.median(ASYNC, REDIS_CPU),
								results.median(INGEST, REDIS_CPU), results.median(FLOOR, REDIS_CPU)),
						"");
				section.row("jvm cpu us per award, async / ingestion (of which producers)",
						String.format(Locale.ROOT, "%.1f / %.1f (%.1f)", results.median(ASYNC, JVM_CPU),
								results.median(INGEST, JVM_CPU), results.median(INGEST, PRODUCER_CPU)),
						"");
				// while the Redis thread is the bottleneck, rates go as the inverse of
				// its cpu per award
				section.row("bound on the ratio while the Redis thread is the bottleneck: async / ingestion cpu",
						cpuBound(results, INGEST).ratio(), "");
				section.row("  the same for the floor: async / floor cpu", cpuBound(results, FLOOR).ratio(), "");
				section.target("ingested awards >= 0.8x async annotation", ratio.median() >= 0.8,
						ratio.ratioWithIqr() + " of the async annotation path");

				long[] lags = paced(client, keys, options, counters, rate / 2, lagSeconds);
				double p50 = IngestLag.percentile(lags, 0.5);
				double p99 = IngestLag.percentile(lags, 0.99);
				section.row(String.format(Locale.ROOT,
						"end-to-end lag at %,.0f messages/s (half the rate), p50 / p99 ms", rate / 2),
						String.format(Locale.ROOT, "%.0f / %.0f", p50, p99), "");
				section.target("end-to-end lag p99 < 100 ms at half the ingestion rate", p99 < 100, String
					.format(Locale.ROOT, "p99 %.0f ms over %,d messages in %.0f s", p99, lags.length, lagSeconds));
				section.note("each round: " + perRound
						+ " awards of the praise rule with unique fields to random users of " + options.users
						+ "; async: " + options.asyncThreads + " caller threads; ingestion: " + PRODUCERS
						+ " producer threads XADD pipelined to the default 4 partitions, consumed by the one instance "
						+ "(batch 256); the floor: the same producers to streams of its own, read by one thread per "
						+ "partition that only reads a batch, applies it as awards made now, acknowledges and trims it; "
						+ "a round's rate is its awards over the time until the last is applied; a ratio "
						+ "cell is the median of the per-round ratios (min-max), each round of ours over the mean of "
						+ "the async rounds just before and after it; lag is measured from the message id's time to "
						+ "the return of its batch's script call");
			}
			finally {
				client.shutdown();
			}
		}
		report.add(section);
	}

	/**
	 * One round of a stream arm: the producers add the round's messages to the streams
	 * {@code streamOfUser} picks, and the round lasts until all are applied.
	 */
	private static Map<String, Double> streamRound(String round, UnaryOperator<String> streamOfUser, RedisClient client,
			BenchOptions options, BenchRedis bench, ActivityRankCounters counters) {
		int perRound = options.ingestAwards;
		Map<String, Long> usecBefore = countersNow(bench);
		long before = counters.count(AwardResult.Outcome.AWARDED);
		long started = System.nanoTime();
		List<CompletableFuture<Void>> producers = new ArrayList<>();
		AtomicLong producerNanos = new AtomicLong();
		for (int p = 0; p < PRODUCERS; p++) {
			int producer = p;
			producers.add(CompletableFuture.runAsync(() -> {
				produce(client, streamOfUser, options, round, producer, perRound);
				producerNanos.addAndGet(ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime());
			}, runnable -> new Thread(runnable).start()));
		}
		CompletableFuture.allOf(producers.toArray(CompletableFuture[]::new)).join();
		Map<String, Double> figures = serverTime(applied(counters, before, perRound, started), bench, usecBefore,
				perRound);
		figures.put(PRODUCER_CPU, producerNanos.get() / 1e3 / perRound);
		return figures;
	}

	/** Per round, the async path's Redis cpu per award over the arm's. */
	private static Interleaved.Spread cpuBound(Interleaved.Results results, String arm) {
		return Interleaved.Spread
			.of(results.paired(arm, REDIS_CPU, ASYNC, REDIS_CPU, (streamed, inJvm) -> inJvm / streamed));
	}

	/**
	 * Per round, the ingested rate over the floor's (each against the async rounds around
	 * it).
	 */
	private static Interleaved.Spread oursOverFloor(Interleaved.Results results) {
		List<Double> ours = results.paired(INGEST, APPLIED, ASYNC, APPLIED, (s, b) -> s / b);
		List<Double> least = results.paired(FLOOR, APPLIED, ASYNC, APPLIED, (s, b) -> s / b);
		List<Double> ratios = new ArrayList<>();
		for (int i = 0; i < ours.size(); i++) {
			ratios.add(ours.get(i) / least.get(i));
		}
		return Interleaved.Spread.of(ratios);
	}

	private static String user(BenchOptions options) {
		return "i" + ThreadLocalRandom.current().nextInt(options.users);
	}

	private static void produce(RedisClient client, UnaryOperator<String> streamOfUser, BenchOptions options,
			String round, int producer, int perRound) {
		try (StatefulRedisConnection<String, String> connection = client.connect()) {
			connection.setAutoFlushCommands(false);
			RedisAsyncCommands<String, String> commands = connection.async();
			List<RedisFuture<String>> sent = new ArrayList<>();
			for (int i = producer; i < perRound; i += PRODUCERS) {
				String user = user(options);
				sent.add(commands.xadd(streamOfUser.apply(user), message(user, round + "_" + i)));
				if (sent.size() == 256) {
					connection.flushCommands();
					sent.forEach((f) -> f.toCompletableFuture().join());
					sent.clear();
				}
			}
			connection.flushCommands();
			sent.forEach((f) -> f.toCompletableFuture().join());
		}
	}

	private static Map<String, String> message(String user, String field) {
		Map<String, String> fields = new HashMap<>();
		fields.put("user", user);
		fields.put("rule", EngineContext.RULE);
		fields.put("field", field);
		return fields;
	}

	/** Wait until {@code perRound} more awards are applied; the round's figures. */
	/**
	 * Adds the round's server time per award: the score script's EVALSHA and the stream
	 * commands (top-level commands only: INFO commandstats counts a script's own commands
	 * inside its EVALSHA too).
	 */
	private static Map<String, Double> serverTime(Map<String, Double> figures, BenchRedis bench,
			Map<String, Long> before, int awards) {
		Map<String, Long> after = bench.commandUsec();
		long calls = bench.commandStats("evalsha")[0] - before.getOrDefault(EVALSHA_CALLS, 0L);
		figures.put(PER_CALL, awards / (double) Math.max(1, calls));
		long script = after.getOrDefault("evalsha", 0L) - before.getOrDefault("evalsha", 0L);
		// EVALSHA calls include the ingester's lease scripts, a few per second
		long streams = 0;
		for (String command : STREAM_COMMANDS) {
			streams += after.getOrDefault(command, 0L) - before.getOrDefault(command, 0L);
		}
		figures.put(SERVER_US, (script + streams) / (double) awards);
		figures.put(REDIS_CPU, (bench.mainThreadCpuMicros() - before.get(CPU_MICROS)) / (double) awards);
		figures.put(JVM_CPU, (jvmCpuMicros() - before.get(JVM_MICROS)) / (double) awards);
		figures.put(STREAM_US, streams / (double) awards);
		return figures;
	}

	/**
	 * The counters a round's figures are taken against: INFO commandstats usec by
	 * command, the EVALSHA calls, the Redis main thread's and this JVM's cpu micros so
	 * far.
	 */
	private static Map<String, Long> countersNow(BenchRedis bench) {
		Map<String, Long> usec = bench.commandUsec();
		usec.put(EVALSHA_CALLS, bench.commandStats("evalsha")[0]);
		usec.put(CPU_MICROS, bench.mainThreadCpuMicros());
		usec.put(JVM_MICROS, jvmCpuMicros());
		return usec;
	}

	private static long jvmCpuMicros() {
		return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
			.getProcessCpuTime() / 1000;
	}

	private static Map<String, Double> applied(ActivityRankCounters counters, long before, int perRound, long started) {
		while (counters.count(AwardResult.Outcome.AWARDED) - before < perRound) {
			if (System.nanoTime() - started > MAX_WAIT_NANOS) {
				throw new IllegalStateException("awards of a round were not applied within 2 minutes");
			}
			LockSupport.parkNanos(200_000);
		}
		double seconds = (System.nanoTime() - started) / 1e9;
		Map<String, Double> figures = new HashMap<>();
		figures.put(APPLIED, perRound / seconds);
		return figures;
	}

	/** XADD at a steady rate for some seconds; the lags of those messages, sorted. */
	private static long[] paced(RedisClient client, IngestKeys keys, BenchOptions options,
			ActivityRankCounters counters, double rate, double seconds) {
		int total = (int) (rate * seconds);
		long before = counters.count(AwardResult.Outcome.AWARDED);
		IngestLag.start();
		try (StatefulRedisConnection<String, String> connection = client.connect()) {
			RedisAsyncCommands<String, String> commands = connection.async();
			// only the last reply is kept: one connection answers in order, and holding
			// every reply of the run would grow the live heap, and with it the GC pauses
			// that the lag then measures
			AtomicReference<Throwable> failure = new AtomicReference<>();
			RedisFuture<String> last = null;
			long started = System.nanoTime();
			for (int i = 0; i < total; i++) {
				long due = started + (long) (i * 1e9 / rate);
				long wait = due - System.nanoTime();
				if (wait > 0) {
					LockSupport.parkNanos(wait);
				}
				String user = user(options);
				last = commands.xadd(keys.partitionOfUser(user), message(user, "lag_" + i));
				last.whenComplete((id, ex) -> {
					if (ex != null) {
						failure.compareAndSet(null, ex);
					}
				});
			}
			if (last != null) {
				last.toCompletableFuture().join();
			}
			if (failure.get() != null) {
				throw new IllegalStateException("an XADD of the paced run failed", failure.get());
			}
			applied(counters, before, total, started);
		}
		return IngestLag.stop();
	}

}
