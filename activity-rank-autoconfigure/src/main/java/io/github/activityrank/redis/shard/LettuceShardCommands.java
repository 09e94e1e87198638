package io.github.activityrank.redis.shard;

import java.io.IOException;
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
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.data.redis.RedisSystemException;
import org.springframework.data.redis.connection.lettuce.LettuceExceptionConverter;

/**
 * The {@link ShardCommands} on Lettuce's asynchronous API: every shard's command is
 * written to the shared connection at once and the replies are awaited together, with no
 * thread hand-off; a later step is sent from the I/O thread that receives the earlier
 * step's replies. Loaded only when Lettuce is on the classpath and the connection is
 * Lettuce's.
 */
final class LettuceShardCommands implements ShardCommands {

	private static final LettuceExceptionConverter CONVERTER = new LettuceExceptionConverter();

	private final RedisSortedSetAsyncCommands<byte[], byte[]> sortedSets;

	private final RedisScriptingAsyncCommands<byte[], byte[]> scripting;

	@SuppressWarnings("unchecked")
	LettuceShardCommands(Object nativeConnection) {
		this.sortedSets = (RedisSortedSetAsyncCommands<byte[], byte[]>) nativeConnection;
		this.scripting = (RedisScriptingAsyncCommands<byte[], byte[]>) nativeConnection;
	}

	static boolean supports(Object nativeConnection) {
		return nativeConnection instanceof RedisSortedSetAsyncCommands
				&& nativeConnection instanceof RedisScriptingAsyncCommands;
	}

	@Override
	public CompletionStage<List<Object>> script(Script script, ScriptCall call) {
		RedisScriptingAsyncCommands<byte[], byte[]> commands = this.scripting;
		byte[][] all = call.keysAndArgs();
		byte[][] keys = Arrays.copyOfRange(all, 0, call.keyCount());
		byte[][] args = Arrays.copyOfRange(all, call.keyCount(), all.length);
		CompletionStage<List<Object>> bySha = commands.evalsha(script.sha(), ScriptOutputType.MULTI, keys, args);
		return bySha
			.handle((reply, failure) -> (failure == null) ? CompletableFuture.completedFuture(reply)
					: script.noScript(failure)
							? commands.<List<Object>>eval(script.body(), ScriptOutputType.MULTI, keys, args)
								.toCompletableFuture()
							: CompletableFuture.<List<Object>>failedFuture(failure))
			.thenCompose((stage) -> stage);
	}

	@Override
	public CompletionStage<List<Object[]>> revRange(byte[] key, long from, long to) {
		return this.sortedSets.zrevrangeWithScores(key, from, to).thenApply((values) -> {
			List<Object[]> entries = new ArrayList<>(values.size());
			for (ScoredValue<byte[]> value : values) {
				entries.add(new Object[] { new String(value.getValue(), StandardCharsets.UTF_8), value.getScore() });
			}
			return entries;
		});
	}

	@Override
	public CompletionStage<ScoreSlice> scoreWindow(byte[] key, long x, long z, long most) {
		RedisSortedSetAsyncCommands<byte[], byte[]> commands = this.sortedSets;
		CompletionStage<Long> before = commands.zcount(key,
				Range.from(Range.Boundary.including((double) x), Range.Boundary.unbounded()));
		CompletionStage<List<ScoredValue<byte[]>>> window = commands.zrevrangebyscoreWithScores(key,
				Range.from((z == TO_END) ? Range.Boundary.unbounded() : Range.Boundary.including((double) z),
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
			return new ScoreSlice(count, members, scores, null);
		});
	}

	@Override
	public CompletionStage<Long> countAbove(byte[] key, double score) {
		return this.sortedSets.zcount(key, Range.from(Range.Boundary.excluding(score), Range.Boundary.unbounded()));
	}

	@Override
	public CompletionStage<Long> card(byte[] key) {
		return this.sortedSets.zcard(key);
	}

	@Override
	public CompletionStage<Double> score(byte[] key, byte[] member) {
		return this.sortedSets.zscore(key, member);
	}

	@Override
	public CompletionStage<List<Double>> scores(byte[] key, byte[][] members) {
		return this.sortedSets.zmscore(key, members);
	}

	/** Its failure is thrown as Spring's Lettuce connection throws it. */
	@Override
	public <T> T await(CompletionStage<T> stage) {
		try {
			return stage.toCompletableFuture().join();
		}
		catch (CompletionException ex) {
			throw translated(ex);
		}
	}

	/**
	 * A failed read's exception as Spring's own Lettuce connection throws it: translated
	 * by its converter, an I/O error (a connection reset while the reply was awaited) as
	 * a connection failure, any other checked exception wrapped; never the
	 * {@code CompletionException} of the composed stages, which callers cannot tell from
	 * a bug.
	 */
	static RuntimeException translated(CompletionException ex) {
		if (!(ex.getCause() instanceof Exception failure)) {
			return ex;
		}
		DataAccessException translated = CONVERTER.convert(failure);
		if (translated != null) {
			return translated;
		}
		if (failure instanceof RuntimeException runtime) {
			return runtime;
		}
		if (failure instanceof IOException) {
			return new RedisConnectionFailureException("Redis connection lost: " + failure.getMessage(), failure);
		}
		return new RedisSystemException("Unknown Lettuce exception", failure);
	}

}
