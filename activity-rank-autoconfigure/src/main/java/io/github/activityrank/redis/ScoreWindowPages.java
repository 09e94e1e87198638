package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.Ranking;
import io.github.activityrank.redis.shard.ScoreSlice;
import io.github.activityrank.redis.shard.ShardCommandRunner;
import io.github.activityrank.redis.shard.ShardCommands;

/**
 * Deep pages by a window of scores, as a rule in two steps: each shard's size and its
 * scores at 7 positions around its share of the offset ({@code shard-sample.lua}); from
 * those {@link ShardSamples} picks the window of scores {@code [z, x)} that should start
 * a margin before the page and end a margin after it; then each shard counts its members
 * scoring {@code x} or more and reads its entries in the window, and the counts place the
 * merged window exactly. The second step is sent as the first step's replies arrive, so
 * the caller waits once.
 */
final class ScoreWindowPages {

	/**
	 * A deep page reads at most this many entries in one window of scores, and stops
	 * narrowing once its window of positions reads at most this many.
	 */
	static final long WINDOW = 2048;

	private final ShardAccess shards;

	private final LuaScript sample = LuaScript.load("shard-sample.lua");

	ScoreWindowPages(ShardAccess shards) {
		this.shards = shards;
	}

	/**
	 * A deep page's first two steps: each shard's size and scores around its share of the
	 * offset, then, when those pick a window of scores, each shard's slice of it.
	 */
	DeepRead read(List<BoardKeys> boards, long offset, int limit) {
		String[] args = Arrays.stream(ShardSamples.positions(offset, boards.size()))
			.mapToObj(Long::toString)
			.toArray(String[]::new);
		return this.shards.run((commands) -> ShardCommandRunner
			.all(boards.size(), (s) -> commands.script(this.sample, ShardAccess.call(boards.get(s), args)))
			.thenCompose((replies) -> {
				ShardSamples sampled = new ShardSamples(offset, replies);
				long[] window = (offset < sampled.total()) ? sampled.window(offset, limit, WINDOW) : null;
				if (window == null) {
					return CompletableFuture.completedFuture(new DeepRead(sampled, null, null));
				}
				return ShardCommandRunner
					.all(boards.size(), (s) -> slice(commands, boards.get(s), window[0], window[1]))
					.thenApply((read) -> new DeepRead(sampled, window, read));
			}));
	}

	/**
	 * One shard's members scoring {@code x} or more, counted, and its entries scoring
	 * less than {@code x} and at least {@code z}, sent together (a script doing both
	 * costs more on the server, handing every entry to Lua and back); with dense ranks
	 * also the distinct points from {@code x} up.
	 */
	private CompletionStage<ScoreSlice> slice(ShardCommands commands, BoardKeys board, long x, long z) {
		CompletionStage<ScoreSlice> slice = commands.scoreWindow(ShardAccess.bytes(board.key()), x, z, WINDOW + 1);
		return (this.shards.ranking == Ranking.DENSE)
				? slice.thenCombine(this.shards.denseFrom(commands, board, x - 1), ScoreSlice::withDense) : slice;
	}

	/**
	 * The page from each shard's slice of a window of scores reaching down to {@code z}
	 * ({@link ShardSamples#TO_END}: to the end), whose counts of the members scoring at
	 * least its upper bound place it; {@code null} when the window does not hold the
	 * whole page (the estimate that chose it missed).
	 */
	List<RankEntry> page(List<BoardKeys> boards, List<ScoreSlice> slices, long z, long offset, int limit) {
		long before = 0;
		int read = 0;
		for (ScoreSlice slice : slices) {
			if (slice.scores().length > WINDOW) {
				// far more than estimated (a long run of equal scores between two
				// samples)
				return null;
			}
			before += slice.before();
			read += slice.scores().length;
		}
		long skip = offset - before;
		if (skip < 0 || (z != ShardSamples.TO_END && before + read < offset + limit)) {
			return null;
		}
		if (skip >= read) {
			return List.of();
		}
		// merge the shards' windows (each in board order) as far as the page's end
		int wanted = (int) Math.min(read, skip + limit);
		long[] scores = new long[wanted];
		byte[][] members = new byte[wanted][];
		int[] next = new int[slices.size()];
		for (int i = 0; i < wanted; i++) {
			int from = -1;
			for (int s = 0; s < next.length; s++) {
				ScoreSlice slice = slices.get(s);
				if (next[s] < slice.scores().length
						&& (from < 0 || slice.precedes(next[s], slices.get(from), next[from]))) {
					from = s;
				}
			}
			scores[i] = slices.get(from).scores()[next[from]];
			members[i] = slices.get(from).members()[next[from]];
			next[from]++;
		}
		int first = (int) skip;
		long firstScore = scores[first];
		// every member before the window scores x or more, above all of the window
		long higher = switch (this.shards.ranking) {
			case ORDINAL -> offset;
			case COMPETITION -> before + Arrays.stream(scores, 0, first).filter((v) -> v > firstScore).count();
			case DENSE -> {
				// the values from x up, then those of the window above its first entry
				long above = (before == 0) ? 0 : denseFrom(slices);
				yield (above < 0) ? this.shards.denseHigher(boards, firstScore)
						: above + Arrays.stream(scores, 0, first).filter((v) -> v > firstScore).distinct().count();
			}
		};
		RankNumbering numbering = new RankNumbering(this.shards.ranking, higher, offset);
		List<RankEntry> entries = new ArrayList<>(wanted - first);
		for (int i = first; i < wanted; i++) {
			long points = this.shards.points.applyAsLong(scores[i]);
			entries.add(new RankEntry(RankKeys.decode(new String(members[i], StandardCharsets.UTF_8)),
					numbering.next(points), points, null));
		}
		return entries;
	}

	/**
	 * The distinct points from a window's upper bound up over every shard, from the
	 * companions' replies read with the window; -1 when a companion has yet to be built
	 * ({@link ShardAccess#denseHigher} builds it).
	 */
	private static long denseFrom(List<ScoreSlice> slices) {
		Set<String> values = new HashSet<>();
		for (ScoreSlice slice : slices) {
			List<Object> reply = slice.dense();
			if (reply == null || reply.isEmpty() || RedisReplies.asLong(reply.get(0)) == 0) {
				return -1;
			}
			for (int i = 1; i < reply.size(); i++) {
				values.add(RedisReplies.asString(reply.get(i)));
			}
		}
		return values.size();
	}

	/**
	 * A deep page's samples and, when they picked a window of scores ({x, z}), each
	 * shard's slice of it.
	 */
	record DeepRead(ShardSamples samples, long[] window, List<ScoreSlice> slices) {

	}

}
