package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.DoubleToLongFunction;
import java.util.function.Function;
import java.util.function.ToIntFunction;

import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.Ranking;
import io.github.activityrank.redis.shard.ShardCalls;
import io.github.activityrank.redis.shard.ShardCommandRunner;
import io.github.activityrank.redis.shard.ShardCommandRunner.ShardCall;
import io.github.activityrank.redis.shard.ShardCommands;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * What every board read shares, on one key space (one shard) or over shards: the
 * {@link ShardCommands} a read is composed of, run by a {@link ShardCommandRunner}, one
 * call per shard at once, the dense companion built where a read finds none, the counts
 * more than one read needs (members before an entry, members scoring higher, distinct
 * points higher), and the reads that are the same on one shard and on many (size, among).
 */
final class ShardAccess {

	/** Board order: score, then member, both descending, as ZREVRANGE orders them. */
	static final Comparator<Entry> BOARD_ORDER = Comparator.comparingLong(Entry::score)
		.thenComparing(Entry::member)
		.reversed();

	private final ShardCommandRunner runner;

	/**
	 * A member's points from its raw score: the layout's, or a hot board's decayed sum.
	 */
	final DoubleToLongFunction points;

	final Ranking ranking;

	private final LuaScript before = LuaScript.load("shard-before.lua");

	private final LuaScript denseAbove = LuaScript.load("shard-dense-above.lua");

	private final LuaScript dense = LuaScript.load("dense.lua");

	/**
	 * @param forceBlocking whether to use blocking calls even on Lettuce, for tests of
	 * that path
	 */
	ShardAccess(RedisConnectionFactory connectionFactory, ShardCalls calls, DoubleToLongFunction points,
			Ranking ranking, boolean forceBlocking) {
		this(ShardCommandRunner.overShards(connectionFactory, calls, forceBlocking), points, ranking);
	}

	private ShardAccess(ShardCommandRunner runner, DoubleToLongFunction points, Ranking ranking) {
		this.runner = runner;
		this.points = points;
		this.ranking = ranking;
	}

	/**
	 * The access to one key space: with blocking calls, each runs on the caller's thread,
	 * as there is nothing to send at the same time.
	 */
	static ShardAccess oneKeySpace(RedisConnectionFactory connectionFactory, DoubleToLongFunction points,
			Ranking ranking) {
		return new ShardAccess(ShardCommandRunner.oneKeySpace(connectionFactory), points, ranking);
	}

	/**
	 * Compose a read of the shard commands and wait for it once
	 * ({@link ShardCommandRunner#run}).
	 */
	<T> T run(Function<ShardCommands, CompletionStage<T>> read) {
		return this.runner.run(read);
	}

	/** One call per shard at once, awaited together. */
	<T> List<T> each(int count, ShardCall<T> call) {
		return this.runner.each(count, call);
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

	/**
	 * Run a read script that answers {@code -1} alone when the board's dense companion is
	 * missing: then build the companion (see dense.lua) and run it again.
	 */
	CompletionStage<List<Object>> withCompanion(ShardCommands commands, LuaScript script, ScriptArgs call,
			BoardKeys board) {
		return commands.script(script, call)
			.thenCompose((reply) -> !needsCompanion(reply) ? CompletableFuture.completedFuture(reply)
					: build(commands, board).thenCompose((built) -> commands.script(script, call))
						.thenApply((again) -> {
							if (needsCompanion(again)) {
								throw new IllegalStateException(
										"The dense companion of " + board.key() + " is missing after it was built");
							}
							return again;
						}));
	}

	private static boolean needsCompanion(List<Object> reply) {
		return reply.size() == 1 && RedisReplies.asLong(reply.get(0)) == -1;
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

	/** The members of a board: the sum of ZCARD over its shards. */
	long size(List<BoardKeys> boards) {
		return each(boards.size(), (commands, s) -> commands.card(bytes(boards.get(s).key()))).stream()
			.mapToLong(Long::longValue)
			.sum();
	}

	/**
	 * One ZMSCORE per shard holding one of the users, then the users present in board
	 * order, numbered from 1 among themselves.
	 */
	List<RankEntry> among(List<BoardKeys> boards, ToIntFunction<String> shardOf, List<String> userIds) {
		List<List<Integer>> byShard = new ArrayList<>();
		for (int s = 0; s < boards.size(); s++) {
			byShard.add(new ArrayList<>());
		}
		for (int i = 0; i < userIds.size(); i++) {
			byShard.get(shardOf.applyAsInt(userIds.get(i))).add(i);
		}
		List<List<Double>> scores = each(boards.size(), (commands, s) -> {
			List<Integer> users = byShard.get(s);
			if (users.isEmpty()) {
				return CompletableFuture.completedFuture(List.of());
			}
			byte[][] members = users.stream().map((i) -> bytes(RankKeys.encode(userIds.get(i)))).toArray(byte[][]::new);
			return commands.scores(bytes(boards.get(s).key()), members);
		});
		List<Scored> present = new ArrayList<>();
		for (int s = 0; s < boards.size(); s++) {
			List<Integer> users = byShard.get(s);
			for (int u = 0; u < scores.get(s).size(); u++) {
				Double score = scores.get(s).get(u);
				if (score != null) {
					String userId = userIds.get(users.get(u));
					present.add(new Scored(userId, RankKeys.encode(userId), score));
				}
			}
		}
		// board order: score, then member, both descending, as ZREVRANGE orders them
		present.sort(Comparator.comparingDouble(Scored::score).thenComparing(Scored::member).reversed());
		List<RankEntry> entries = new ArrayList<>(present.size());
		RankNumbering numbering = new RankNumbering(this.ranking, 0, 0);
		for (Scored scored : present) {
			long points = this.points.applyAsLong(scored.score());
			entries.add(new RankEntry(scored.userId(), numbering.next(points), points, null));
		}
		return entries;
	}

	/** A user present in an among query; member is the encoded id Redis orders by. */
	private record Scored(String userId, String member, double score) {
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

	/** A board entry: encoded member and raw score, an integer below 2^53. */
	record Entry(String member, long score) {
	}

}
