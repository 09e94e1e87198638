package io.github.activityrank.redis.shard;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * Runs one call per shard at once: all but the last on daemon threads, the last on the
 * caller's thread, so a query over N shards waits about one round trip, not N. Lettuce
 * shares one connection between threads and pipelines what they send, so the calls really
 * travel together. Threads that stay idle for a minute end.
 */
public final class ShardCalls {

	private static final AtomicInteger threads = new AtomicInteger();

	private final ExecutorService executor = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS,
			new SynchronousQueue<>(), (task) -> {
				Thread thread = new Thread(task, "activity-rank-shard-" + threads.incrementAndGet());
				thread.setDaemon(true);
				return thread;
			});

	/** Threads of their own, started as calls need them. */
	public ShardCalls() {
	}

	/**
	 * The threads, for calls that complete a stage of their own.
	 * @return the executor
	 */
	Executor executor() {
		return this.executor;
	}

	/**
	 * Call {@code call} for shards 0 to {@code count - 1} at once.
	 * @param <T> what a call returns
	 * @param count how many calls
	 * @param call the call of one shard
	 * @return the results, by shard
	 */
	public <T> List<T> each(int count, IntFunction<T> call) {
		if (count == 0) {
			return List.of();
		}
		if (count == 1) {
			return List.of(call.apply(0));
		}
		List<CompletableFuture<T>> futures = new ArrayList<>(count - 1);
		for (int i = 0; i < count - 1; i++) {
			int shard = i;
			futures.add(CompletableFuture.supplyAsync(() -> call.apply(shard), this.executor));
		}
		T last;
		try {
			last = call.apply(count - 1);
		}
		catch (RuntimeException ex) {
			futures.forEach(CompletableFuture::join);
			throw ex;
		}
		List<T> results = new ArrayList<>(count);
		for (CompletableFuture<T> future : futures) {
			try {
				results.add(future.join());
			}
			catch (CompletionException ex) {
				if (ex.getCause() instanceof RuntimeException failure) {
					throw failure;
				}
				throw ex;
			}
		}
		results.add(last);
		return results;
	}

}
