package io.github.activityrank.redis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

import io.github.activityrank.RankEntry;
import io.github.activityrank.redis.ScoreWindowPages.DeepRead;
import io.github.activityrank.redis.ShardAccess.Entry;

/**
 * Pages of a board split into shards. A page near the top reads each shard's first
 * {@code offset + limit} entries and merges them. A deeper one is read by a window of
 * scores ({@link ScoreWindowPages}); when the estimate misses, counting rounds find the
 * page: the sampled scores counted on every shard ({@code shard-before.lua}, one ZCOUNT
 * each) bracket the offset, rounds of entries inside a bracket too wide to read narrow it
 * ({@code shard-seek.lua}), and a window of positions is read on each shard
 * ({@link ShardWindows}). Nothing reads a shard's first {@code offset} members.
 */
final class ShardPages {

	/** Pages ending within this many entries read each shard's head directly. */
	static final long SHALLOW = 1024;

	/**
	 * A narrowing round takes {@code 2 * CANDIDATES + 1} entries inside each shard's
	 * bracket.
	 */
	private static final int CANDIDATES = 4;

	/** Most correcting rounds of a deep page before it reads a wider window. */
	private static final int ROUNDS = 6;

	private final ShardAccess access;

	private final ShardWindows windows;

	private final ScoreWindowPages scoreWindows;

	private final LuaScript seek = LuaScript.load("shard-seek.lua");

	/** Deep pages answered from one window of scores (after the samples). */
	private final LongAdder windowPages = new LongAdder();

	ShardPages(ShardAccess access, ShardWindows windows) {
		this.access = access;
		this.windows = windows;
		this.scoreWindows = new ScoreWindowPages(access);
	}

	List<RankEntry> range(List<BoardKeys> boards, long offset, int limit) {
		if (limit <= 0) {
			return List.of();
		}
		long[] lo = new long[boards.size()];
		long[] hi = new long[boards.size()];
		Arrays.fill(hi, Long.MAX_VALUE);
		long skip = offset;
		// written so that an offset near Long.MAX_VALUE does not overflow into the
		// shallow path
		if (offset > SHALLOW - limit) {
			DeepRead read = this.scoreWindows.read(boards, offset, limit);
			ShardSamples samples = read.samples();
			if (offset >= samples.total()) {
				return List.of();
			}
			if (read.slices() != null) {
				List<RankEntry> page = this.scoreWindows.page(boards, read.slices(), read.window()[1], offset, limit);
				if (page != null) {
					this.windowPages.increment();
					return page;
				}
			}
			Long start = deepStart(boards, offset, limit, lo, hi, samples);
			if (start == null) {
				return List.of();
			}
			skip = offset - start;
		}
		return this.windows.numbered(boards, this.windows.window(boards, lo, hi, skip, limit), offset, limit, null);
	}

	/** How many deep pages were answered from one window of scores after the samples. */
	long windowPages() {
		return this.windowPages.sum();
	}

	/**
	 * Find, for a deep page whose window of scores missed, how many members of each shard
	 * come before its first entry at most ({@code lo}), with their sum as close to the
	 * offset as the search gets, and how many come before a bound past the offset
	 * ({@code hi}, {@code Long.MAX_VALUE} where none was found), so that the window read
	 * on each shard ends near the page.
	 * <p>
	 * The first round counts the sampled scores as bounds: each gives the bound after
	 * every member with that score, and the members before it cost one ZCOUNT per shard,
	 * where an entry costs a binary search among equal scores. Only a bracket wider than
	 * {@link ScoreWindowPages#WINDOW} (one long run of equal scores) is narrowed by
	 * further rounds of entries.
	 * @return the sum of {@code lo}, or {@code null} when the board is shorter than the
	 * offset
	 */
	private Long deepStart(List<BoardKeys> boards, long offset, int limit, long[] lo, long[] hi, ShardSamples samples) {
		int shards = boards.size();
		long[][] positions = null;
		long best = 0;
		long bestAbove = Long.MAX_VALUE;
		long total = -1;
		long[] sizes = new long[shards];
		for (int round = 0; round < ROUNDS; round++) {
			Set<Entry> found = new LinkedHashSet<>();
			if (round == 0) {
				// the bound after every member of each sampled score
				for (long score : samples.allScores()) {
					found.add(new Entry("", score));
				}
				total = samples.total();
				for (int s = 0; s < shards; s++) {
					sizes[s] = samples.size(s);
				}
			}
			else {
				long[][] at = positions;
				List<List<Object>> seeks = this.access.each(shards,
						(commands, s) -> commands.script(this.seek, seekCall(boards.get(s), at[s])));
				total = 0;
				for (int s = 0; s < shards; s++) {
					List<Object> reply = seeks.get(s);
					sizes[s] = RedisReplies.asLong(reply.get(0));
					total += sizes[s];
					for (int i = 1; i + 1 < reply.size(); i += 2) {
						long score = (long) RedisReplies.asDouble(reply.get(i + 1));
						found.add(new Entry(RedisReplies.asString(reply.get(i)), score));
					}
				}
			}
			if (offset >= total) {
				return null;
			}
			if (found.isEmpty()) {
				break;
			}
			List<Entry> pivots = new ArrayList<>(found);
			List<long[]> counts = this.access.counts(boards, pivots.toArray(Entry[]::new));
			// the candidate closest below the offset gives lower bounds on every shard,
			// the
			// closest above it upper bounds
			int below = -1;
			long belowAt = -1;
			int above = -1;
			long aboveAt = Long.MAX_VALUE;
			for (int p = 0; p < pivots.size(); p++) {
				long g = 0;
				for (long[] shardCounts : counts) {
					g += shardCounts[1 + p];
				}
				if (g <= offset && g > belowAt) {
					below = p;
					belowAt = g;
				}
				if (g > offset && g < aboveAt) {
					above = p;
					aboveAt = g;
				}
			}
			if (below >= 0 && belowAt >= best) {
				best = belowAt;
				for (int s = 0; s < shards; s++) {
					lo[s] = counts.get(s)[1 + below];
				}
			}
			if (above >= 0 && aboveAt < bestAbove) {
				bestAbove = aboveAt;
				for (int s = 0; s < shards; s++) {
					hi[s] = counts.get(s)[1 + above];
				}
			}
			long gap = offset - best;
			if (ShardWindows.windowSize(lo, hi, gap, limit) <= ScoreWindowPages.WINDOW) {
				break;
			}
			// next candidates: entries spread over each shard's share of the bracket, or
			// of
			// the distance from the closest candidate below the offset when none was
			// above
			long[][] next = new long[shards][2 * CANDIDATES + 1];
			for (int s = 0; s < shards; s++) {
				long from = lo[s];
				long span = (hi[s] != Long.MAX_VALUE) ? hi[s] - lo[s] : (long) ((double) gap * sizes[s] / total) + 1;
				for (int j = 0; j < next[s].length; j++) {
					long target = from + span * (j + 1) / (next[s].length + 1);
					next[s][j] = Math.max(lo[s], Math.min(Math.max(0, sizes[s] - 1), target));
				}
			}
			positions = next;
		}
		return best;
	}

	private static ScriptArgs seekCall(BoardKeys board, long[] positions) {
		return ShardAccess.call(board, Arrays.stream(positions).mapToObj(Long::toString).toArray(String[]::new));
	}

}
