package io.github.activityrank.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

import io.github.activityrank.ActivityRankService;

import org.springframework.data.redis.core.RedisCallback;

/**
 * What a synchronous award costs the application's side, to compare two builds of the
 * starter where throughput is too noisy to: JVM CPU time and bytes allocated per award
 * (every thread of the process, so Lettuce's event loop counts), with Redis' own CPU time
 * per award and awards per second beside them. The workload is section 1b's: 90% awards
 * of fresh fields to 10,000 users, 10% revokes of an earlier award of the same thread.
 * Two warm-up rounds, then the measured ones; each prints one line. Run it in two
 * checkouts in turn against the same {@code redis-server} (see BENCHMARKS.md).
 * <p>
 * Arguments: {@code [--threads N] [--awards N] [--rounds N]} and the harness's
 * {@code --redis URL}, {@code --private-redis} and {@code --db N}.
 */
public final class ClientCostBench {

	private static final com.sun.management.ThreadMXBean THREADS = (com.sun.management.ThreadMXBean) ManagementFactory
		.getThreadMXBean();

	private static final com.sun.management.OperatingSystemMXBean PROCESS = (com.sun.management.OperatingSystemMXBean) ManagementFactory
		.getOperatingSystemMXBean();

	private static final int USERS = 10_000;

	private final AtomicLong fields = new AtomicLong();

	private ClientCostBench() {
	}

	public static void main(String[] args) throws Exception {
		int threads = 32;
		int awards = 100_000;
		int rounds = 3;
		List<String> harness = new ArrayList<>();
		for (int i = 0; i < args.length; i++) {
			switch (args[i]) {
				case "--threads" -> threads = Integer.parseInt(args[++i]);
				case "--awards" -> awards = Integer.parseInt(args[++i]);
				case "--rounds" -> rounds = Integer.parseInt(args[++i]);
				default -> harness.add(args[i]);
			}
		}
		BenchOptions options = BenchOptions.parse(harness.toArray(new String[0]));
		if (!options.privateRedis) {
			run(options, threads, awards, rounds).forEach(System.out::println);
			return;
		}
		try (PrivateRedis redis = PrivateRedis.start()) {
			options.host = "127.0.0.1";
			options.port = redis.port();
			run(options, threads, awards, rounds).forEach(System.out::println);
		}
	}

	/**
	 * Measure.
	 * @return one line per measured round
	 */
	static List<String> run(BenchOptions options, int threads, int awards, int rounds) throws InterruptedException {
		ClientCostBench bench = new ClientCostBench();
		List<String> lines = new ArrayList<>();
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try (EngineContext engine = EngineContext.start(options, "clientcost_" + System.nanoTime())) {
			ActivityRankService service = engine.service();
			// two warm-up rounds: after one, the JIT still compiles in the first measured
			bench.awards(pool, service, threads, awards);
			bench.awards(pool, service, threads, awards);
			for (int r = 0; r < rounds; r++) {
				double redisCpu = redisCpuSeconds(engine);
				long bytes = allocatedBytes();
				long cpu = PROCESS.getProcessCpuTime();
				long start = System.nanoTime();
				bench.awards(pool, service, threads, awards);
				long nanos = System.nanoTime() - start;
				lines.add(String.format(
						"threads=%d awards=%d client us/award=%.2f client bytes/award=%d redis us/award=%.2f awards/s=%.0f",
						threads, awards, (PROCESS.getProcessCpuTime() - cpu) / 1000.0 / awards,
						(allocatedBytes() - bytes) / awards, (redisCpuSeconds(engine) - redisCpu) * 1e6 / awards,
						awards * 1e9 / nanos));
			}
			engine.redis().delete(engine.redis().keys(engine.prefix + "*"));
		}
		finally {
			pool.shutdownNow();
		}
		return lines;
	}

	private void awards(ExecutorService pool, ActivityRankService service, int threads, int awards)
			throws InterruptedException {
		AtomicLong left = new AtomicLong(awards);
		CountDownLatch done = new CountDownLatch(threads);
		for (int t = 0; t < threads; t++) {
			pool.execute(() -> {
				try {
					ThreadLocalRandom random = ThreadLocalRandom.current();
					List<String[]> given = new ArrayList<>();
					while (left.decrementAndGet() >= 0) {
						if (random.nextInt(10) == 0 && !given.isEmpty()) {
							String[] award = given.remove(given.size() - 1);
							service.revoke(award[0], award[1], EngineContext.RULE);
						}
						else {
							String user = "u" + random.nextInt(USERS);
							String field = "f" + this.fields.incrementAndGet();
							service.award(user, field, EngineContext.RULE);
							given.add(new String[] { user, field });
						}
					}
				}
				finally {
					done.countDown();
				}
			});
		}
		done.await();
	}

	private static double redisCpuSeconds(EngineContext engine) {
		Properties cpu = engine.redis()
			.execute((RedisCallback<Properties>) (connection) -> connection.serverCommands().info("cpu"));
		return Double.parseDouble(cpu.getProperty("used_cpu_sys"))
				+ Double.parseDouble(cpu.getProperty("used_cpu_user"));
	}

	/**
	 * Bytes allocated so far by the live threads; the pool's threads live across rounds.
	 */
	private static long allocatedBytes() {
		long sum = 0;
		for (long bytes : THREADS.getThreadAllocatedBytes(THREADS.getAllThreadIds())) {
			sum += Math.max(0, bytes);
		}
		return sum;
	}

}
