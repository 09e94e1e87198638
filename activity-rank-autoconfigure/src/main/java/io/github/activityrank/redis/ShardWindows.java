package io.github.activityrank.redis;

import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.RankEntry;
import io.github.activityrank.redis.ShardAccess.Entry;

/**
 * Windows of positions: each shard's entries between bounds of positions, merged in board
 * order and numbered. A shallow page, a deep page whose window of scores missed, and
 * {@code around} end here.
 */
final class ShardWindows {

	private final ShardAccess shards;

	ShardWindows(ShardAccess shards) {
		this.shards = shards;
	}

	/** How many entries the window of a page reads over all shards. */
	static long windowSize(long[] lo, long[] hi, long skip, int limit) {
		long size = 0;
		for (int s = 0; s < lo.length; s++) {
			size += end(lo[s], hi[s], skip, limit) - lo[s];
		}
		return size;
	}

	/**
	 * The end (exclusive) of a shard's window: no further than {@code skip + limit} past
	 * its lower bound, nor {@code limit} past its upper one (entries after {@code hi}
	 * come after the offset, so at most {@code limit - 1} of them are on the page).
	 */
	private static long end(long lo, long hi, long skip, int limit) {
		long end = lo + skip + limit;
		return (hi == Long.MAX_VALUE) ? end : Math.min(end, hi + limit);
	}

	/**
	 * Each shard's entries from {@code lo[s]} to {@code lo[s] + skip + limit - 1}, merged
	 * in board order, plus the entry just before {@code lo[s]} on each shard where
	 * {@code lo[s] > 0}: the entries at global positions {@code sum(lo) + skip} on are at
	 * merged positions {@link Window#skip()} on. The extra entries let a competition rank
	 * be counted from the window when they all score higher than its first entry.
	 */
	Window window(List<BoardKeys> boards, long[] lo, long[] hi, long skip, int limit) {
		long[] from = new long[lo.length];
		long[] to = new long[lo.length];
		long base = 0;
		int extras = 0;
		for (int s = 0; s < lo.length; s++) {
			from[s] = Math.max(0, lo[s] - 1);
			to[s] = end(lo[s], hi[s], skip, limit) - 1;
			base += from[s];
			extras += (lo[s] > 0) ? 1 : 0;
		}
		long extraSkip = skip + extras;
		List<List<Object[]>> reads = this.shards.each(boards.size(),
				(commands, s) -> commands.revRange(ShardAccess.bytes(boards.get(s).key()), from[s], to[s]));
		List<Entry> merged = new ArrayList<>();
		long lowestExtra = Long.MAX_VALUE;
		for (int s = 0; s < reads.size(); s++) {
			List<Object[]> entries = reads.get(s);
			for (int i = 0; i < entries.size(); i++) {
				Entry entry = new Entry((String) entries.get(i)[0], ((Double) entries.get(i)[1]).longValue());
				merged.add(entry);
				if (i == 0 && lo[s] > 0) {
					lowestExtra = Math.min(lowestExtra, entry.score());
				}
			}
		}
		merged.sort(ShardAccess.BOARD_ORDER);
		return new Window(merged, base, extraSkip, lowestExtra);
	}

	/**
	 * Number the entries at merged positions {@code skip} to {@code skip + limit - 1},
	 * the first at global position {@code start}. Competition ranks are counted from the
	 * window when everything before it scores higher than its first entry (the entry read
	 * just before each shard's bound does), dense ranks when the window starts at the top
	 * of the board, or from {@code higher} ({score, members scoring higher}, may be
	 * {@code null}) when the first entry has that score; else one more call per shard
	 * counts them.
	 */
	List<RankEntry> numbered(List<BoardKeys> boards, Window window, long start, int limit, long[] higher) {
		List<Entry> merged = window.merged();
		int skip = (int) window.skip();
		if (skip >= merged.size()) {
			return List.of();
		}
		List<Entry> slice = merged.subList(skip, (int) Math.min(merged.size(), (long) skip + limit));
		long first = slice.get(0).score();
		long before = switch (this.shards.ranking) {
			case ORDINAL -> start;
			case COMPETITION -> (window.lowestExtra() > first)
					? window.base() + merged.subList(0, skip).stream().filter((e) -> e.score() > first).count()
					: (higher != null && higher[0] == first) ? higher[1] : this.shards.higher(boards, first);
			case DENSE -> (window.base() == 0 && window.lowestExtra() == Long.MAX_VALUE) ? merged.subList(0, skip)
				.stream()
				.filter((e) -> e.score() > first)
				.map(Entry::score)
				.distinct()
				.count() : this.shards.denseHigher(boards, first);
		};
		RankNumbering numbering = new RankNumbering(this.shards.ranking, before, start);
		List<RankEntry> entries = new ArrayList<>(slice.size());
		for (Entry entry : slice) {
			long points = this.shards.points.applyAsLong(entry.score());
			entries.add(new RankEntry(RankKeys.decode(entry.member()), numbering.next(points), points, null));
		}
		return entries;
	}

	/**
	 * Merged entries of every shard.
	 *
	 * @param merged the entries, in board order
	 * @param base the global position of the first of them
	 * @param skip the merged position of the first entry asked for
	 * @param lowestExtra the lowest score of the entries read before each shard's bound
	 * ({@code Long.MAX_VALUE} when none was)
	 */
	record Window(List<Entry> merged, long base, long skip, long lowestExtra) {
	}

}
