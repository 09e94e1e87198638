package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.IntFunction;

import io.github.activityrank.engine.Ranking;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.util.ClassUtils;

/**
 * What every sharded read shares: the {@link ShardCommands} a read is composed of, one
 * call per shard at once, and the counts more than one read needs (members before an
 * entry, members scoring higher, distinct points higher).
 */
final class ShardAccess {

	/** Board order: score, then member, both descending, as ZREVRANGE orders them. */
	static final Comparator<Entry> BOARD_ORDER = Comparator.comparingLong(Entry::score)
		.thenComparing(Entry::member)
		.reversed();

	/** Whether Lettuce is there, so that its asynchronous API may be used. */
	private static final boolean LETTUCE = ClassUtils.isPresent("io.lettuce.core.RedisClient",
			ShardAccess.class.getClassLoader());

	private final RedisConnectionFactory connectionFactory;

	private final BlockingShardCommands blocking;

	private final boolean forceBlocking;

	final BoardLayout layout;

	final Ranking ranking;

	private final LuaScript before = LuaScript.load("shard-before.lua");

	private final LuaScript denseAbove = LuaScript.load("shard-dense-above.lua");

	private final LuaScript dense = LuaScript.load("dense.lua");

	/**
	 * @param forceBlocking whether to use blocking calls even on Lettuce, for tests of
	 * that path
	 */
	ShardAccess(RedisConnectionFactory connectionFactory, ShardCalls calls, BoardLayout layout, Ranking ranking,
			boolean forceBlocking) {
		this.connectionFactory = connectionFactory;
		this.blocking = new BlockingShardCommands(connectionFactory, calls.executor());
		this.forceBlocking = forceBlocking;
		this.layout = layout;
		this.ranking = ranking;
	}

	/**
	 * Compose a read of the shard commands and wait for it once: on Lettuce's shared
	 * native connection when the connection is Lettuce's, else with blocking calls.
	 */
	<T> T run(Function<ShardCommands, CompletionStage<T>> read) {
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

	/** One call per shard at once, awaited together. */
	<T> List<T> each(int count, ShardCall<T> call) {
		return run((commands) -> all(count, (s) -> call.on(commands, s)));
	}

	/**
	 * Every stage's result, in order, once the last completes; the first failure fails
	 * it.
	 */
	static <T> CompletionStage<List<T>> all(int count, IntFunction<CompletionStage<T>> stage) {
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

	/** Per shard: {size, before pivot 1, before pivot 2, ...}. */
	List<long[]> counts(List<BoardKeys> boards, Entry... pivots) {
		String[] args = new String[pivots.length * 2];
		for (int p = 0; p < pivots.length; p++) {
			args[2 * p] = Long.toString(pivots[p].score());
			args[2 * p + 1] = pivots[p].member();
		}
		List<List<Object>> replies = each(boards.size(),
				(commands, s) -> commands.script(this.before, call(boards.get(s), args)));
		List<long[]> counts = new ArrayList<>(replies.size());
		for (List<Object> reply : replies) {
			long[] shardCounts = new long[reply.size()];
			for (int i = 0; i < shardCounts.length; i++) {
				shardCounts[i] = RedisReplies.asLong(reply.get(i));
			}
			counts.add(shardCounts);
		}
		return counts;
	}

	/** The members before an entry on one shard ({@code shard-before.lua}). */
	CompletionStage<Long> before(ShardCommands commands, BoardKeys board, long score, String member) {
		return commands.script(this.before, call(board, Long.toString(score), member))
			.thenApply((reply) -> RedisReplies.asLong(reply.get(1)));
	}

	/** The members scoring higher, on every shard: one ZCOUNT each. */
	long higher(List<BoardKeys> boards, long score) {
		return each(boards.size(), (commands, s) -> commands.countAbove(bytes(boards.get(s).key()), score)).stream()
			.mapToLong(Long::longValue)
			.sum();
	}

	/** A member's score on one shard's board. */
	Double score(BoardKeys board, String member) {
		return run((commands) -> commands.score(bytes(board.key()), bytes(member)));
	}

	/**
	 * The distinct points higher than {@code score} over every shard's dense companion; a
	 * companion yet to be built is built from its board first (in chunks, see dense.lua).
	 */
	long denseHigher(List<BoardKeys> boards, long score) {
		List<List<Object>> replies = each(boards.size(), (commands, s) -> {
			BoardKeys board = boards.get(s);
			ScriptArgs above = call(board, Long.toString(score));
			return commands.script(this.denseAbove, above)
				.thenCompose((reply) -> (RedisReplies.asLong(reply.get(0)) != 0)
						? CompletableFuture.completedFuture(reply)
						: build(commands, board).thenCompose((built) -> commands.script(this.denseAbove, above)));
		});
		Set<String> values = new HashSet<>();
		for (List<Object> reply : replies) {
			for (int i = 1; i < reply.size(); i++) {
				values.add(RedisReplies.asString(reply.get(i)));
			}
		}
		return values.size();
	}

	/** Build a board's dense companion on its shard, one bounded chunk per call. */
	private CompletionStage<List<Object>> build(ShardCommands commands, BoardKeys board) {
		return commands.script(this.dense, board.buildCall())
			.thenCompose((reply) -> (RedisReplies.asLong(reply.get(0)) == 1) ? CompletableFuture.completedFuture(reply)
					: build(commands, board));
	}

	/** The distinct points from {@code bound} up on one shard, read with a window. */
	CompletionStage<List<Object>> denseFrom(ShardCommands commands, BoardKeys board, long bound) {
		return commands.script(this.denseAbove, call(board, Long.toString(bound)));
	}

	static long sum(List<long[]> counts, int index) {
		long sum = 0;
		for (long[] shardCounts : counts) {
			sum += shardCounts[index];
		}
		return sum;
	}

	/** A script call on a board alone (KEYS[1]) with its companion (KEYS[2]). */
	static ScriptArgs call(BoardKeys board, String... args) {
		ScriptArgs call = board.call();
		for (String arg : args) {
			call.arg(arg);
		}
		return call;
	}

	static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

	/** One shard's command of a read. */
	@FunctionalInterface
	interface ShardCall<T> {

		CompletionStage<T> on(ShardCommands commands, int shard);

	}

	/** A board entry: encoded member and raw score, an integer below 2^53. */
	record Entry(String member, long score) {
	}

}
