package io.github.activityrank.redis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.DoubleToLongFunction;

import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.engine.Ranking;

/**
 * The reads of a board whose members may stand on several shards, each shard holding a
 * part of the member's score (item boards: an award's share lands on the shard of its
 * user, docs/items.md). A member's score is the {@link ShardSum} of its parts, and every
 * read answers what one sorted set holding those sums would: the same order (score, then
 * member, both descending, as ZREVRANGE orders them) and ranks.
 * <p>
 * The user boards' merges ({@link ShardedReads}) assume each member on one shard, so they
 * cannot be used here. Instead, with the same {@link ShardAccess} (one command per shard
 * at once, on Lettuce's asynchronous API):
 * <ul>
 * <li>pages read every shard's head in growing chunks, complete each member seen with one
 * ZMSCORE per shard, and stop once {@code offset + limit} members are known to score more
 * than any member not yet seen could (the sum of each shard's last score read: the
 * threshold algorithm); a long run of equal scores at the threshold reads on to its
 * end;</li>
 * <li>a member's rank completes its score, then reads from every shard the members whose
 * part reaches the share one of them must have to score as much, and counts those ahead;
 * its neighbours are a page around that position;</li>
 * <li>size is the union of the shards' members, so it reads them all (O(N)); among is one
 * ZMSCORE per shard.</li>
 * </ul>
 * Its steps read the shards at slightly different instants, so an award landing between
 * two of them may show in one and not the other.
 */
final class SummedShardReads {

	/** The first chunk read from each shard's head; each later chunk is twice as long. */
	private static final int FIRST_CHUNK = 64;

	/** The longest chunk one command reads. */
	private static final int MAX_CHUNK = 8192;

	private static final Comparator<Summed> ORDER = Comparator.comparingDouble(Summed::score)
		.thenComparing(Summed::member)
		.reversed();

	private final ShardAccess access;

	private final ShardSum sum;

	private final DoubleToLongFunction points;

	private final Ranking ranking;

	/**
	 * @param access the shard commands
	 * @param sum how a member's parts add up
	 * @param points a summed score as entries show it
	 * @param ranking competition (plain points) or ordinal
	 */
	SummedShardReads(ShardAccess access, ShardSum sum, DoubleToLongFunction points, Ranking ranking) {
		this.access = access;
		this.sum = sum;
		this.points = points;
		this.ranking = ranking;
	}

	/**
	 * The reads of one board.
	 * @param keys the board's key on each shard
	 * @return its reads
	 */
	BoardSource source(List<String> keys) {
		List<byte[]> boards = keys.stream().map(ShardAccess::bytes).toList();
		return new BoardSource() {

			@Override
			public List<RankEntry> range(long offset, int limit) {
				return SummedShardReads.this.range(boards, offset, limit);
			}

			@Override
			public Optional<RankEntry> rank(String id) {
				return position(boards, id).map((p) -> new RankEntry(id, p.rank(), p.points(), null));
			}

			@Override
			public List<RankEntry> around(String id, int radius) {
				return SummedShardReads.this.around(boards, id, radius);
			}

			@Override
			public long size() {
				return SummedShardReads.this.size(boards);
			}

			@Override
			public List<RankEntry> among(List<String> ids) {
				List<String> members = ids.stream().map(RankKeys::encode).toList();
				List<Summed> present = new ArrayList<>(complete(boards, members).values());
				present.sort(ORDER);
				return number(present, 0, present.size(), 0);
			}

		};
	}

	private List<RankEntry> range(List<byte[]> boards, long offset, int limit) {
		long wanted = (offset > Long.MAX_VALUE - limit) ? Long.MAX_VALUE : offset + limit;
		List<Summed> head = head(boards, wanted);
		if (offset >= head.size()) {
			return List.of();
		}
		int from = (int) offset;
		int to = (int) Math.min(head.size(), wanted);
		long before = from;
		if (this.ranking == Ranking.COMPETITION) {
			long first = this.points.applyAsLong(head.get(from).score());
			before = head.stream().filter((s) -> this.points.applyAsLong(s.score()) > first).count();
		}
		return number(head, from, to, before);
	}

	private List<RankEntry> around(List<byte[]> boards, String id, int radius) {
		Optional<Position> found = position(boards, id);
		if (found.isEmpty()) {
			return List.of();
		}
		long at = found.get().ahead();
		long from = Math.max(0, at - 2L * radius);
		List<RankEntry> entries = range(boards, from, (int) (at - from) + 2 * radius + 1);
		int self = (int) (at - from);
		if (self >= entries.size() || !entries.get(self).id().equals(id)) {
			// the board changed between the two steps: answer the window of the page
			self = Math.min(self, Math.max(0, entries.size() - 1));
		}
		int after = entries.size() - 1 - self;
		int start = Math.max(0, self - radius - Math.max(0, radius - after));
		int end = Math.min(entries.size(), start + 2 * radius + 1);
		return entries.subList(start, end);
	}

	private long size(List<byte[]> boards) {
		List<List<Object[]>> all = this.access.each(boards.size(),
				(commands, s) -> commands.revRange(boards.get(s), 0, -1));
		Set<Object> members = new HashSet<>();
		for (List<Object[]> shard : all) {
			for (Object[] entry : shard) {
				members.add(entry[0]);
			}
		}
		return members.size();
	}

	/**
	 * The first {@code wanted} members of the board in order (fewer when it holds fewer),
	 * with every member scoring at least as much as the last of them.
	 */
	private List<Summed> head(List<byte[]> boards, long wanted) {
		int n = boards.size();
		long[] read = new long[n];
		double[] last = new double[n];
		boolean[] exhausted = new boolean[n];
		Map<String, Summed> seen = new HashMap<>();
		int chunk = (int) Math.min(MAX_CHUNK, Math.max(FIRST_CHUNK, wanted));
		while (true) {
			int size = chunk;
			List<List<Object[]>> chunks = this.access.each(n,
					(commands, s) -> exhausted[s] ? CompletableFuture.completedFuture(List.<Object[]>of())
							: commands.revRange(boards.get(s), read[s], read[s] + size - 1));
			Set<String> fresh = new LinkedHashSet<>();
			for (int s = 0; s < n; s++) {
				List<Object[]> entries = chunks.get(s);
				if (exhausted[s]) {
					continue;
				}
				if (entries.size() < size) {
					exhausted[s] = true;
				}
				read[s] += entries.size();
				for (Object[] entry : entries) {
					if (!seen.containsKey((String) entry[0])) {
						fresh.add((String) entry[0]);
					}
					last[s] = (Double) entry[1];
				}
			}
			if (!fresh.isEmpty()) {
				seen.putAll(complete(boards, new ArrayList<>(fresh)));
			}
			double threshold = this.sum.none();
			boolean all = true;
			for (int s = 0; s < n; s++) {
				if (!exhausted[s]) {
					all = false;
					threshold = this.sum.add(threshold, last[s]);
				}
			}
			if (all || countAbove(seen, threshold) >= wanted) {
				List<Summed> ordered = new ArrayList<>(seen.values());
				ordered.sort(ORDER);
				return ordered;
			}
			chunk = Math.min(MAX_CHUNK, chunk * 2);
		}
	}

	private static long countAbove(Map<String, Summed> seen, double threshold) {
		long count = 0;
		for (Summed summed : seen.values()) {
			if (summed.score() > threshold) {
				count++;
			}
		}
		return count;
	}

	/**
	 * A member's summed score and how many members are ahead of it: each of them has a
	 * part of at least {@link ShardSum#leastLargestPart} of the member's score on some
	 * shard, so the shards' heads down to that part hold them all.
	 */
	private Optional<Position> position(List<byte[]> boards, String id) {
		String member = RankKeys.encode(id);
		Summed self = complete(boards, List.of(member)).get(member);
		if (self == null) {
			return Optional.empty();
		}
		double bound = this.sum.leastLargestPart(self.score(), boards.size());
		Set<String> candidates = partsFrom(boards, bound);
		candidates.remove(member);
		long myPoints = this.points.applyAsLong(self.score());
		long ahead = 0;
		long higher = 0;
		for (Summed other : complete(boards, new ArrayList<>(candidates)).values()) {
			if (ORDER.compare(other, self) < 0) {
				ahead++;
			}
			if (this.points.applyAsLong(other.score()) > myPoints) {
				higher++;
			}
		}
		long rank = (this.ranking == Ranking.COMPETITION) ? higher + 1 : ahead + 1;
		return Optional.of(new Position(ahead, rank, myPoints));
	}

	/** The members whose part on some shard scores at least {@code bound}. */
	private Set<String> partsFrom(List<byte[]> boards, double bound) {
		int n = boards.size();
		long[] read = new long[n];
		boolean[] done = new boolean[n];
		Set<String> members = new LinkedHashSet<>();
		int chunk = FIRST_CHUNK;
		boolean more = true;
		while (more) {
			int size = chunk;
			List<List<Object[]>> chunks = this.access.each(n,
					(commands, s) -> done[s] ? CompletableFuture.completedFuture(List.<Object[]>of())
							: commands.revRange(boards.get(s), read[s], read[s] + size - 1));
			more = false;
			for (int s = 0; s < n; s++) {
				if (done[s]) {
					continue;
				}
				List<Object[]> entries = chunks.get(s);
				read[s] += entries.size();
				done[s] = entries.size() < size;
				for (Object[] entry : entries) {
					if ((Double) entry[1] < bound) {
						done[s] = true;
						break;
					}
					members.add((String) entry[0]);
				}
				more |= !done[s];
			}
			chunk = Math.min(MAX_CHUNK, chunk * 2);
		}
		return members;
	}

	/**
	 * Each member's parts, one ZMSCORE per shard, summed; members on no shard left out.
	 */
	private Map<String, Summed> complete(List<byte[]> boards, List<String> members) {
		Map<String, Summed> summed = new HashMap<>();
		if (members.isEmpty()) {
			return summed;
		}
		byte[][] names = members.stream().map(ShardAccess::bytes).toArray(byte[][]::new);
		List<List<Double>> parts = this.access.each(boards.size(),
				(commands, s) -> commands.scores(boards.get(s), names));
		for (int m = 0; m < members.size(); m++) {
			double total = this.sum.none();
			boolean present = false;
			for (List<Double> shard : parts) {
				Double part = (m < shard.size()) ? shard.get(m) : null;
				if (part != null) {
					total = this.sum.add(total, part);
					present = true;
				}
			}
			if (present) {
				summed.put(members.get(m), new Summed(members.get(m), total));
			}
		}
		return summed;
	}

	private List<RankEntry> number(List<Summed> ordered, int from, int to, long before) {
		RankNumbering numbering = new RankNumbering(this.ranking, before, from);
		List<RankEntry> entries = new ArrayList<>(to - from);
		for (Summed summed : ordered.subList(from, to)) {
			long value = this.points.applyAsLong(summed.score());
			entries.add(new RankEntry(RankKeys.decode(summed.member()), numbering.next(value), value, null));
		}
		return entries;
	}

	/** A member (encoded) and the sum of its parts. */
	private record Summed(String member, double score) {
	}

	/** Where a member stands: members ahead of it in order, its rank, its points. */
	private record Position(long ahead, long rank, long points) {
	}

}
