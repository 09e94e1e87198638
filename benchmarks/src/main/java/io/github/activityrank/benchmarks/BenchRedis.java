package io.github.activityrank.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;

import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.ScoredValue;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.api.sync.RedisCommands;

/**
 * The harness's own Redis connection, in the benchmark database: bulk loading, memory
 * figures and cleaning up. Never used for the measured calls, which go through the
 * engine's client.
 */
final class BenchRedis implements AutoCloseable {

	private static final long QUIET_POLL_MILLIS = 10;

	private final RedisClient client;

	private final StatefulRedisConnection<String, String> connection;

	private final int database;

	BenchRedis(String host, int port, int database) {
		this.database = database;
		this.client = RedisClient.create(RedisURI.builder()
			.withHost(host)
			.withPort(port)
			.withDatabase(database)
			.withTimeout(Duration.ofSeconds(60))
			.build());
		this.connection = this.client.connect();
	}

	RedisCommands<String, String> sync() {
		return this.connection.sync();
	}

	/** Server-wide {@code used_memory}, after letting lazy frees finish. */
	long usedMemory() {
		for (int i = 0; i < 50; i++) {
			String info = sync().info("memory");
			if (field(info, "lazyfree_pending_objects") == 0) {
				return field(info, "used_memory");
			}
			sleep(100);
		}
		return field(sync().info("memory"), "used_memory");
	}

	static long field(String info, String name) {
		for (String line : info.split("\r?\n")) {
			if (line.startsWith(name + ":")) {
				return Long.parseLong(line.substring(name.length() + 1).trim());
			}
		}
		return 0;
	}

	/** calls and usec of one command, from INFO commandstats (server-wide). */
	long[] commandStats(String command) {
		String info = sync().info("commandstats");
		String prefix = "cmdstat_" + command + ":";
		for (String line : info.split("\r?\n")) {
			if (line.startsWith(prefix)) {
				long calls = 0;
				long usec = 0;
				for (String part : line.substring(prefix.length()).split(",")) {
					if (part.startsWith("calls=")) {
						calls = Long.parseLong(part.substring(6));
					}
					else if (part.startsWith("usec=")) {
						usec = Long.parseLong(part.substring(5));
					}
				}
				return new long[] { calls, usec };
			}
		}
		return new long[] { 0, 0 };
	}

	/**
	 * CPU time of the server's main thread so far, in microseconds (INFO cpu, Redis
	 * 6.0+): unlike commandstats it counts reading requests and writing replies, and not
	 * the time the thread was waiting for a core.
	 */
	long mainThreadCpuMicros() {
		String info = sync().info("cpu");
		double seconds = 0;
		for (String line : info.split("\r?\n")) {
			if (line.startsWith("used_cpu_sys_main_thread:") || line.startsWith("used_cpu_user_main_thread:")) {
				seconds += Double.parseDouble(line.substring(line.indexOf(':') + 1).trim());
			}
		}
		return Math.round(seconds * 1e6);
	}

	/** usec of every command so far, by lower-case name, from INFO commandstats. */
	Map<String, Long> commandUsec() {
		Map<String, Long> usec = new HashMap<>();
		for (String line : sync().info("commandstats").split("\r?\n")) {
			int colon = line.indexOf(':');
			if (!line.startsWith("cmdstat_") || colon < 0) {
				continue;
			}
			for (String part : line.substring(colon + 1).split(",")) {
				if (part.startsWith("usec=")) {
					usec.put(line.substring("cmdstat_".length(), colon), Long.parseLong(part.substring(5)));
				}
			}
		}
		return usec;
	}

	/**
	 * Server time per call of {@code command} since {@code before} (a
	 * {@link #commandStats} snapshot).
	 */
	double usecPerCallSince(String command, long[] before) {
		long[] now = commandStats(command);
		long calls = now[0] - before[0];
		return (calls > 0) ? (double) (now[1] - before[1]) / calls : Double.NaN;
	}

	/**
	 * Wait until the server has run no command but these polls for {@code quietMillis}:
	 * the engine's workers have drained their queue. It counts every command ({@code INFO
	 * stats total_commands_processed}), so it does not depend on which commands the
	 * engine sends.
	 * @param quietMillis how long nothing else must happen
	 * @param maxMillis how long to wait at most; then a warning is printed, for other
	 * clients of the server are adding their load to the figures
	 * @return {@link System#nanoTime()} of the last poll that saw other commands (when
	 * the drain ended, within one poll), or of the call when the server was quiet already
	 */
	long awaitQuiet(long quietMillis, long maxMillis) {
		long started = System.nanoTime();
		long lastActive = started;
		long previous = totalCommands();
		while (true) {
			sleep(QUIET_POLL_MILLIS);
			long now = System.nanoTime();
			long total = totalCommands();
			// the previous poll's INFO is the one command that is ours
			if (total - previous > 1) {
				lastActive = now;
			}
			previous = total;
			if (now - lastActive >= quietMillis * 1_000_000) {
				return lastActive;
			}
			if (now - started >= maxMillis * 1_000_000) {
				System.out.println("WARNING: Redis never went quiet for " + quietMillis + " ms within " + maxMillis
						+ " ms: other clients are using the server, and their load is in the figures");
				return lastActive;
			}
		}
	}

	private long totalCommands() {
		return field(sync().info("stats"), "total_commands_processed");
	}

	String serverVersion() {
		String info = sync().info("server");
		for (String line : info.split("\r?\n")) {
			if (line.startsWith("redis_version:")) {
				return line.substring("redis_version:".length()).trim();
			}
		}
		return "?";
	}

	/**
	 * ZADD members {@code name.apply(i)} for i in [from, to) with score
	 * {@code score.apply(i)}, pipelined in commands of 1,000 members.
	 */
	void bulkZadd(String key, long from, long to, LongFunction<String> name, LongFunction<Double> score) {
		pipelined(from, to, 1000, (async, start, end) -> {
			@SuppressWarnings("unchecked")
			ScoredValue<String>[] values = new ScoredValue[(int) (end - start)];
			for (long i = start; i < end; i++) {
				values[(int) (i - start)] = ScoredValue.just(score.apply(i), name.apply(i));
			}
			return async.zadd(key, values);
		});
	}

	/** One pipelined command covering items [start, end). */
	@FunctionalInterface
	interface Batch {

		RedisFuture<?> send(RedisAsyncCommands<String, String> async, long start, long end);

	}

	/** Send one command per {@code chunk} items, 64 commands in flight per flush. */
	void pipelined(long from, long to, int chunk, Batch batch) {
		StatefulRedisConnection<String, String> pipe = this.client.connect();
		try {
			pipe.setAutoFlushCommands(false);
			RedisAsyncCommands<String, String> async = pipe.async();
			List<RedisFuture<?>> pending = new ArrayList<>();
			for (long start = from; start < to; start += chunk) {
				pending.add(batch.send(async, start, Math.min(to, start + chunk)));
				if (pending.size() == 64) {
					flush(pipe, pending);
				}
			}
			flush(pipe, pending);
		}
		finally {
			pipe.close();
		}
	}

	private static void flush(StatefulRedisConnection<String, String> pipe, List<RedisFuture<?>> pending) {
		pipe.flushCommands();
		if (!LettuceFutures.awaitAll(60, TimeUnit.SECONDS, pending.toArray(new RedisFuture[0]))) {
			throw new IllegalStateException("Redis did not answer a pipelined batch within 60s");
		}
		for (RedisFuture<?> future : pending) {
			if (future.getError() != null) {
				throw new IllegalStateException("Pipelined command failed: " + future.getError());
			}
		}
		pending.clear();
	}

	/** Keys matching a glob, by SCAN. */
	List<String> keys(String pattern) {
		List<String> keys = new ArrayList<>();
		ScanCursor cursor = ScanCursor.INITIAL;
		do {
			KeyScanCursor<String> page = sync().scan(cursor, ScanArgs.Builder.matches(pattern).limit(10_000));
			keys.addAll(page.getKeys());
			cursor = page;
		}
		while (!cursor.isFinished());
		return keys;
	}

	/**
	 * UNLINK every key matching the glob (only ever a pattern containing this run's id).
	 */
	long unlinkMatching(String pattern) {
		List<String> keys = keys(pattern);
		long removed = 0;
		for (int i = 0; i < keys.size(); i += 1000) {
			removed += sync().unlink(keys.subList(i, Math.min(keys.size(), i + 1000)).toArray(new String[0]));
		}
		return removed;
	}

	/** Sum of all scores of a sorted set, read in pages. */
	double sumScores(String key) {
		double sum = 0;
		long size = sync().zcard(key);
		for (long start = 0; start < size; start += 10_000) {
			for (ScoredValue<String> value : sync().zrangeWithScores(key, start, start + 9_999)) {
				sum += value.getScore();
			}
		}
		return sum;
	}

	int database() {
		return this.database;
	}

	static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public void close() {
		this.connection.close();
		this.client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
	}

}
