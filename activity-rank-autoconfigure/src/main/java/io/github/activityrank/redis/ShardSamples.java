package io.github.activityrank.redis;

import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

import io.github.activityrank.redis.shard.ShardCommands;

/**
 * Each shard's size and its scores at positions around its share of a deep page's offset
 * ({@code shard-sample.lua}), and what they tell of the members of each shard scoring at
 * least some score ({@code c(x)}, the count {@code ZCOUNT x +inf} would give): bounds
 * (the sampled positions on either side) and an estimate (interpolated between them).
 * From those it picks the window of scores {@code [z, x)} that most likely holds a page
 * with a small margin on either side, so that one read per shard ({@code ZCOUNT} of the
 * scores from {@code x} up, and the entries scoring in the window) gives the page. The
 * estimate only sizes the window: the read checks that the window holds the page, and a
 * page it misses is found by counting rounds.
 */
final class ShardSamples {

	/** Samples on each side of a shard's proportional position. */
	static final int SIDE = 3;

	/** Unbounded lower end of a window: read to the end of every shard. */
	static final long TO_END = ShardCommands.TO_END;

	private final long[] sizes;

	/** Per shard, the sampled positions (ascending, distinct) and their scores. */
	private final long[][] positions;

	private final long[][] scores;

	ShardSamples(long offset, List<List<Object>> replies) {
		int shards = replies.size();
		long[] requested = positions(offset, shards);
		this.sizes = new long[shards];
		this.positions = new long[shards][];
		this.scores = new long[shards][];
		for (int s = 0; s < shards; s++) {
			List<Object> reply = replies.get(s);
			long size = RedisReplies.asLong(reply.get(0));
			this.sizes[s] = size;
			long[] at = new long[reply.size() - 1];
			long[] score = new long[at.length];
			int n = 0;
			for (int i = 1; i < reply.size(); i++) {
				long position = Math.min(Math.max(requested[i - 1], 0), size - 1);
				if (n > 0 && at[n - 1] == position) {
					continue;
				}
				at[n] = position;
				score[n] = RedisReplies.asLong(reply.get(i));
				n++;
			}
			this.positions[s] = Arrays.copyOf(at, n);
			this.scores[s] = Arrays.copyOf(score, n);
		}
	}

	/**
	 * The positions to sample on every shard: {@link #SIDE} on each side of the shard's
	 * share of the offset, spaced so that they cover about three and a half standard
	 * deviations of where the offset falls on a shard when members are spread by hash (a
	 * binomial count of the offset's members: {@code sqrt(offset / shards)} at most).
	 */
	static long[] positions(long offset, int shards) {
		long center = offset / shards;
		long spacing = spacing(offset, shards);
		long[] positions = new long[2 * SIDE + 1];
		for (int j = -SIDE; j <= SIDE; j++) {
			positions[j + SIDE] = Math.max(0, center + j * spacing);
		}
		return positions;
	}

	/**
	 * The square root of a shard's share over {@link #SIDE}, times 3.5 (so the samples
	 * reach 3.5 of those roots on either side), at least 16.
	 */
	static long spacing(long offset, int shards) {
		return Math.max(16, (long) (3.5 * Math.sqrt((double) offset / shards) / SIDE));
	}

	long size(int shard) {
		return this.sizes[shard];
	}

	long total() {
		long total = 0;
		for (long size : this.sizes) {
			total += size;
		}
		return total;
	}

	/**
	 * Every sampled score, highest first: the score bounds a first counting round tries.
	 */
	long[] allScores() {
		TreeSet<Long> all = new TreeSet<>();
		for (long[] shardScores : this.scores) {
			for (long score : shardScores) {
				all.add(score);
			}
		}
		return all.descendingSet().stream().mapToLong(Long::longValue).toArray();
	}

	/**
	 * The window of scores {@code {x, z}} (members scoring less than {@code x} and at
	 * least {@code z}, {@link #TO_END} for no lower end) estimated to start at least
	 * {@code margin} members before {@code offset} and to end at least {@code margin}
	 * after the page, or {@code null} when the samples cannot tell (a position outside
	 * every shard's samples) or the window is estimated to hold more than {@code most}
	 * entries (its read stops past that many on a shard, and a read that does falls
	 * back).
	 */
	long[] window(long offset, int limit, long most) {
		int shards = this.sizes.length;
		long low = Long.MIN_VALUE;
		long high = Long.MAX_VALUE;
		long lowest = Long.MAX_VALUE;
		long highest = Long.MIN_VALUE;
		boolean allEnds = true;
		for (int s = 0; s < shards; s++) {
			long[] p = this.positions[s];
			long[] y = this.scores[s];
			if (p.length == 0) {
				continue;
			}
			lowest = Math.min(lowest, y[p.length - 1]);
			highest = Math.max(highest, y[0]);
			if (p[0] > 0) {
				high = Math.min(high, y[0]);
			}
			if (p[p.length - 1] < this.sizes[s] - 1) {
				low = Math.max(low, y[p.length - 1] + 1);
				allEnds = false;
			}
		}
		if (lowest == Long.MAX_VALUE) {
			return null;
		}
		// scores above every sample count no member on shards sampled from their top, and
		// scores at or below every sample all members on shards sampled to their end
		high = Math.min(high, highest + 1);
		low = Math.max(low, lowest);
		if (low > high) {
			return null;
		}
		long start = margin(lowestAtMost(low, high, offset));
		if (estimate(high) > offset - start) {
			return null;
		}
		// the lowest x estimated at least a margin before the offset
		long x = lowestAtMost(low, high, offset - start);
		long end = margin(lowestAtMost(low, high, offset + limit));
		long z;
		if (estimate(low) < offset + limit + end) {
			if (!allEnds) {
				return null;
			}
			z = TO_END;
		}
		else {
			z = highestAtLeast(low, x, offset + limit + end);
		}
		// the estimate, not the bounds, sizes the window: with a few samples a shard's
		// bounds span several of their gaps; the read itself stops at most + 1 entries
		double size = ((z == TO_END) ? total() : estimate(z)) - estimate(x);
		return (size <= most) ? new long[] { x, z } : null;
	}

	/**
	 * How far the estimate at {@code x} may be off: the members between the samples
	 * around {@code x} on each shard fall on either side of it like a binomial count,
	 * whose standard deviation is at most half the square root of their number; three of
	 * those over all shards, and a few for the scores' rounding.
	 */
	private long margin(long x) {
		long between = 0;
		for (int s = 0; s < this.sizes.length; s++) {
			between += upper(s, x) - lower(s, x);
		}
		return (long) (1.5 * Math.sqrt((double) between)) + 8;
	}

	/**
	 * The lowest score in {@code [low, high]} whose estimate is at most {@code target}.
	 */
	private long lowestAtMost(long low, long high, double target) {
		long lo = low;
		long hi = high;
		while (lo < hi) {
			long mid = lo + (hi - lo) / 2;
			if (estimate(mid) <= target) {
				hi = mid;
			}
			else {
				lo = mid + 1;
			}
		}
		return lo;
	}

	/**
	 * The highest score in {@code [low, high]} whose estimate is at least {@code target}.
	 */
	private long highestAtLeast(long low, long high, double target) {
		long lo = low;
		long hi = high;
		while (lo < hi) {
			long mid = hi - (hi - lo) / 2;
			if (estimate(mid) >= target) {
				lo = mid;
			}
			else {
				hi = mid - 1;
			}
		}
		return lo;
	}

	/** The estimated members of every shard scoring at least {@code x}. */
	double estimate(long x) {
		double sum = 0;
		for (int s = 0; s < this.sizes.length; s++) {
			long[] p = this.positions[s];
			long[] y = this.scores[s];
			int j = firstBelow(y, x);
			if (j == 0) {
				sum += (p.length == 0) ? 0 : p[0] / 2.0;
			}
			else if (j == p.length) {
				sum += (p[j - 1] + 1 + this.sizes[s]) / 2.0;
			}
			else {
				// y[j-1] >= x > y[j]: spread the members between the two samples evenly
				// over the scores from y[j] to y[j-1]
				double share = (double) (y[j - 1] - x + 1) / ((double) (y[j - 1] - y[j]) + 1);
				sum += p[j - 1] + 1 + (p[j] - p[j - 1] - 1) * share;
			}
		}
		return sum;
	}

	/** At least this many members of a shard score {@code x} or more. */
	long lower(int shard, long x) {
		int j = firstBelow(this.scores[shard], x);
		return (j == 0) ? 0 : this.positions[shard][j - 1] + 1;
	}

	/** At most this many members of a shard score {@code x} or more. */
	long upper(int shard, long x) {
		int j = firstBelow(this.scores[shard], x);
		return (j == this.positions[shard].length) ? this.sizes[shard] : this.positions[shard][j];
	}

	/** The first index whose score is below {@code x} (scores descending). */
	private static int firstBelow(long[] y, long x) {
		int lo = 0;
		int hi = y.length;
		while (lo < hi) {
			int mid = (lo + hi) >>> 1;
			if (y[mid] < x) {
				hi = mid;
			}
			else {
				lo = mid + 1;
			}
		}
		return lo;
	}

}
