package io.github.activityrank.redis.shard;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.IntFunction;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.util.ClassUtils;

/**
 * Runs a read composed of {@link ShardCommands} and waits for it once, where its caller
 * blocks: on Lettuce's shared native connection when the connection is Lettuce's (every
 * shard's command written at once, no thread hand-off), else with blocking calls, each on
 * a connection of its own.
 */
public final class ShardCommandRunner {

	/** Whether Lettuce is there, so that its asynchronous API may be used. */
	private static final boolean LETTUCE = ClassUtils.isPresent("io.lettuce.core.RedisClient",
			ShardCommandRunner.class.getClassLoader());

	private final RedisConnectionFactory connectionFactory;

	private final BlockingShardCommands blocking;

	private final boolean forceBlocking;

	private ShardCommandRunner(RedisConnectionFactory connectionFactory, Executor blockingCalls,
			boolean forceBlocking) {
		this.connectionFactory = connectionFactory;
		this.blocking = new BlockingShardCommands(connectionFactory, blockingCalls);
		this.forceBlocking = forceBlocking;
	}

	/**
	 * The runner of reads over shards: with blocking calls, each shard's runs on a thread
	 * of {@code calls}, so that they still travel at once.
	 * @param connectionFactory connections to Redis
	 * @param calls the threads of the blocking calls
	 * @param forceBlocking whether to use blocking calls even on Lettuce, for tests of
	 * that path
	 * @return the runner
	 */
	public static ShardCommandRunner overShards(RedisConnectionFactory connectionFactory, ShardCalls calls,
			boolean forceBlocking) {
		return new ShardCommandRunner(connectionFactory, calls.executor(), forceBlocking);
	}

	/**
	 * The runner of reads on one key space: with blocking calls, each runs on the
	 * caller's thread, as there is nothing to send at the same time.
	 * @param connectionFactory connections to Redis
	 * @return the runner
	 */
	public static ShardCommandRunner oneKeySpace(RedisConnectionFactory connectionFactory) {
		return new ShardCommandRunner(connectionFactory, Runnable::run, false);
	}

	/**
	 * Compose a read of the shard commands and wait for it once.
	 * @param <T> its result
	 * @param read the read, composed of the commands it is given
	 * @return its result
	 */
	public <T> T run(Function<ShardCommands, CompletionStage<T>> read) {
		if (LETTUCE && !this.forceBlocking) {
			try (RedisConnection connection = this.connectionFactory.getConnection()) {
				Object nativeConnection = connection.getNativeConnection();
				if (LettuceShardCommands.supports(nativeConnection)) {
					ShardCommands commands = new LettuceShardCommands(nativeConnection);
					return commands.await(read.apply(commands));
				}
			}
		}
		return this.blocking.await(read.apply(this.blocking));
	}

	/**
	 * One call per shard at once, awaited together.
	 * @param <T> what a call gives
	 * @param count how many shards
	 * @param call the call of one shard
	 * @return the results, by shard
	 */
	public <T> List<T> each(int count, ShardCall<T> call) {
		return run((commands) -> all(count, (s) -> call.on(commands, s)));
	}

	/**
	 * Every stage's result, in order, once the last completes; the first failure fails
	 * it.
	 * @param <T> what a stage gives
	 * @param count how many stages
	 * @param stage the stage of one index
	 * @return the results, by index
	 */
	public static <T> CompletionStage<List<T>> all(int count, IntFunction<CompletionStage<T>> stage) {
		List<CompletableFuture<T>> futures = new ArrayList<>(count);
		for (int s = 0; s < count; s++) {
			futures.add(stage.apply(s).toCompletableFuture());
		}
		return CompletableFuture.allOf(futures.toArray(CompletableFuture<?>[]::new)).thenApply((done) -> {
			List<T> results = new ArrayList<>(count);
			for (CompletableFuture<T> future : futures) {
				results.add(future.join());
			}
			return results;
		});
	}

	/**
	 * One shard's command of a read.
	 *
	 * @param <T> what it gives
	 */
	@FunctionalInterface
	public interface ShardCall<T> {

		/**
		 * Send the command.
		 * @param commands the commands to send it with
		 * @param shard the shard
		 * @return its reply
		 */
		CompletionStage<T> on(ShardCommands commands, int shard);

	}

}
