package io.github.activityrank.redis.shard;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Function;

import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.Limit;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.zset.Tuple;

/**
 * The {@link ShardCommands} on any Redis client: each command is a blocking call on a
 * connection of its own, run on a thread of {@link ShardCalls}, so the shards' commands
 * still travel at once. Used when the connection is not Lettuce's.
 *
 * @param connectionFactory connections to Redis, one per command
 * @param executor the threads the blocking calls run on
 */
record BlockingShardCommands(RedisConnectionFactory connectionFactory, Executor executor) implements ShardCommands {

	@Override
	public CompletionStage<List<Object>> script(Script script, ScriptCall call) {
		return CompletableFuture.supplyAsync(() -> script.run(this.connectionFactory, call), this.executor);
	}

	@Override
	public CompletionStage<List<Object[]>> revRange(byte[] key, long from, long to) {
		return on((connection) -> {
			Set<Tuple> tuples = connection.zSetCommands().zRevRangeWithScores(key, from, to);
			List<Object[]> entries = new ArrayList<>();
			for (Tuple tuple : (tuples != null) ? tuples : Set.<Tuple>of()) {
				entries.add(new Object[] { new String(tuple.getValue(), StandardCharsets.UTF_8), tuple.getScore() });
			}
			return entries;
		});
	}

	@Override
	public CompletionStage<ScoreSlice> scoreWindow(byte[] key, long x, long z, long most) {
		return on((connection) -> {
			Long before = connection.zSetCommands()
				.zCount(key, Range.rightUnbounded(Range.Bound.inclusive((double) x)));
			Set<Tuple> tuples = connection.zSetCommands()
				.zRevRangeByScoreWithScores(key,
						Range.of((z == TO_END) ? Range.Bound.<Double>unbounded() : Range.Bound.inclusive((double) z),
								Range.Bound.exclusive((double) x)),
						Limit.limit().count((int) most));
			List<Tuple> entries = new ArrayList<>((tuples != null) ? tuples : Set.<Tuple>of());
			byte[][] members = new byte[entries.size()][];
			long[] scores = new long[entries.size()];
			for (int i = 0; i < members.length; i++) {
				members[i] = entries.get(i).getValue();
				scores[i] = entries.get(i).getScore().longValue();
			}
			return new ScoreSlice((before != null) ? before : 0, members, scores, null);
		});
	}

	@Override
	public CompletionStage<Long> countAbove(byte[] key, double score) {
		return on((connection) -> {
			Long count = connection.zSetCommands().zCount(key, Range.rightUnbounded(Range.Bound.exclusive(score)));
			return (count != null) ? count : 0L;
		});
	}

	@Override
	public CompletionStage<Long> card(byte[] key) {
		return on((connection) -> {
			Long size = connection.zSetCommands().zCard(key);
			return (size != null) ? size : 0L;
		});
	}

	@Override
	public CompletionStage<Double> score(byte[] key, byte[] member) {
		return on((connection) -> connection.zSetCommands().zScore(key, member));
	}

	@Override
	public CompletionStage<List<Double>> scores(byte[] key, byte[][] members) {
		return on((connection) -> {
			List<Double> found = connection.zSetCommands().zMScore(key, members);
			return (found != null) ? found : List.of();
		});
	}

	/** The cause as the blocking call threw it. */
	@Override
	public <T> T await(CompletionStage<T> stage) {
		try {
			return stage.toCompletableFuture().join();
		}
		catch (CompletionException ex) {
			if (ex.getCause() instanceof RuntimeException failure) {
				throw failure;
			}
			throw ex;
		}
	}

	private <T> CompletionStage<T> on(Function<RedisConnection, T> command) {
		return CompletableFuture.supplyAsync(() -> {
			try (RedisConnection connection = this.connectionFactory.getConnection()) {
				return command.apply(connection);
			}
		}, this.executor);
	}

}
