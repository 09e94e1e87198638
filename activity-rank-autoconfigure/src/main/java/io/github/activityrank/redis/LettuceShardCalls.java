package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.ScoredValue;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.async.RedisScriptingAsyncCommands;
import io.lettuce.core.api.async.RedisSortedSetAsyncCommands;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.lettuce.LettuceExceptionConverter;

/**
 * The read commands of {@link ShardedReads} on Lettuce's asynchronous API: every shard's
 * command is written to the shared connection at once and the replies are awaited
 * together, with no thread hand-off. Loaded only when Lettuce is on the classpath and the
 * connection is Lettuce's.
 */
final class LettuceShardCalls {

	private static final LettuceExceptionConverter CONVERTER = new LettuceExceptionConverter();

	private LettuceShardCalls() {
	}

	static boolean supports(Object nativeConnection) {
		return nativeConnection instanceof RedisSortedSetAsyncCommands
				&& nativeConnection instanceof RedisScriptingAsyncCommands;
	}

	/** Run a script by SHA, and in full when the server does not know it. */
	@SuppressWarnings("unchecked")
	static CompletionStage<List<Object>> script(Object nativeConnection, LuaScript script, ScriptArgs call) {
		RedisScriptingAsyncCommands<byte[], byte[]> commands = (RedisScriptingAsyncCommands<byte[], byte[]>) nativeConnection;
		byte[][] all = call.keysAndArgs();
		byte[][] keys = Arrays.copyOfRange(all, 0, call.keyCount());
		byte[][] args = Arrays.copyOfRange(all, call.keyCount(), all.length);
		CompletionStage<List<Object>> bySha = commands.evalsha(script.sha(), ScriptOutputType.MULTI, keys, args);
		return bySha
			.handle((reply, failure) -> (failure == null) ? CompletableFuture.completedFuture(reply)
					: LuaScript.noScript(failure)
							? commands.<List<Object>>eval(script.body(), ScriptOutputType.MULTI, keys, args)
								.toCompletableFuture()
							: CompletableFuture.<List<Object>>failedFuture(failure))
			.thenCompose((stage) -> stage);
	}

	/** ZREVRANGE from to WITHSCORES, as {member, score} pairs. */
	@SuppressWarnings("unchecked")
	static CompletionStage<List<Object[]>> revRange(Object nativeConnection, byte[] key, long from, long to) {
		RedisSortedSetAsyncCommands<byte[], byte[]> commands = (RedisSortedSetAsyncCommands<byte[], byte[]>) nativeConnection;
		return commands.zrevrangeWithScores(key, from, to).thenApply((values) -> {
			List<Object[]> entries = new ArrayList<>(values.size());
			for (ScoredValue<byte[]> value : values) {
				entries.add(new Object[] { new String(value.getValue(), StandardCharsets.UTF_8), value.getScore() });
			}
			return entries;
		});
	}

	/**
	 * ZCOUNT x +inf and ZREVRANGEBYSCORE (x z WITHSCORES LIMIT 0 most ({@code z}
	 * {@link ShardSamples#TO_END}: -inf), written together.
	 */
	@SuppressWarnings("unchecked")
	static CompletionStage<ShardedReads.Slice> scoreWindow(Object nativeConnection, byte[] key, long x, long z,
			long most) {
		RedisSortedSetAsyncCommands<byte[], byte[]> commands = (RedisSortedSetAsyncCommands<byte[], byte[]>) nativeConnection;
		CompletionStage<Long> before = commands.zcount(key,
				Range.from(Range.Boundary.including((double) x), Range.Boundary.unbounded()));
		CompletionStage<List<ScoredValue<byte[]>>> window = commands.zrevrangebyscoreWithScores(key,
				Range.from(
						(z == ShardSamples.TO_END) ? Range.Boundary.unbounded() : Range.Boundary.including((double) z),
						Range.Boundary.excluding((double) x)),
				Limit.create(0, most));
		return before.thenCombine(window, (count, values) -> {
			byte[][] members = new byte[values.size()][];
			long[] scores = new long[values.size()];
			for (int i = 0; i < members.length; i++) {
				ScoredValue<byte[]> value = values.get(i);
				members[i] = value.getValue();
				scores[i] = (long) value.getScore();
			}
			return new ShardedReads.Slice(count, members, scores, null);
		});
	}

	/** ZCOUNT (score +inf. */
	@SuppressWarnings("unchecked")
	static CompletionStage<Long> countAbove(Object nativeConnection, byte[] key, double score) {
		RedisSortedSetAsyncCommands<byte[], byte[]> commands = (RedisSortedSetAsyncCommands<byte[], byte[]>) nativeConnection;
		return commands.zcount(key, Range.from(Range.Boundary.excluding(score), Range.Boundary.unbounded()));
	}

	/** ZCARD. */
	@SuppressWarnings("unchecked")
	static CompletionStage<Long> card(Object nativeConnection, byte[] key) {
		RedisSortedSetAsyncCommands<byte[], byte[]> commands = (RedisSortedSetAsyncCommands<byte[], byte[]>) nativeConnection;
		return commands.zcard(key);
	}

	/** ZSCORE. */
	@SuppressWarnings("unchecked")
	static CompletionStage<Double> score(Object nativeConnection, byte[] key, byte[] member) {
		RedisSortedSetAsyncCommands<byte[], byte[]> commands = (RedisSortedSetAsyncCommands<byte[], byte[]>) nativeConnection;
		return commands.zscore(key, member);
	}

	/**
	 * Every stage's result, in order, once the last completes; the first failure fails
	 * it.
	 */
	static <T> CompletionStage<List<T>> all(List<CompletionStage<T>> stages) {
		CompletableFuture<?>[] futures = stages.stream()
			.map(CompletionStage::toCompletableFuture)
			.toArray(CompletableFuture<?>[]::new);
		return CompletableFuture.allOf(futures).thenApply((done) -> {
			List<T> results = new ArrayList<>(stages.size());
			for (CompletionStage<T> stage : stages) {
				results.add(stage.toCompletableFuture().join());
			}
			return results;
		});
	}

	/**
	 * Wait for a stage; its failure is thrown as Spring's Lettuce connection throws it.
	 */
	static <T> T await(CompletionStage<T> stage) {
		try {
			return stage.toCompletableFuture().join();
		}
		catch (CompletionException ex) {
			// translated as Spring's own Lettuce connection translates them
			if (ex.getCause() instanceof Exception failure) {
				DataAccessException translated = CONVERTER.convert(failure);
				if (translated != null) {
					throw translated;
				}
				if (failure instanceof RuntimeException runtime) {
					throw runtime;
				}
			}
			throw ex;
		}
	}

}
