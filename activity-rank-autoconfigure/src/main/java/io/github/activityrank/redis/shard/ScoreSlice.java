package io.github.activityrank.redis.shard;

import java.util.Arrays;
import java.util.List;

/**
 * One shard's members scoring {@code x} or more ({@code before}) and its entries scoring
 * in a window below {@code x}, in board order; with dense ranks also the reply of
 * {@code shard-dense-above.lua} from {@code x} up.
 *
 * @param before the members scoring {@code x} or more
 * @param members the window's members, encoded
 * @param scores their raw scores
 * @param dense the distinct points from {@code x} up, or {@code null}
 */
public record ScoreSlice(long before, byte[][] members, long[] scores, List<Object> dense) {

	/**
	 * This slice with the reply of {@code shard-dense-above.lua} from its bound.
	 * @param reply the reply
	 * @return the slice with {@code dense}
	 */
	public ScoreSlice withDense(List<Object> reply) {
		return new ScoreSlice(this.before, this.members, this.scores, reply);
	}

	/**
	 * Whether this slice's entry {@code i} comes before {@code other}'s entry {@code j}
	 * in board order (score, then member, both descending).
	 * @param i an entry of this slice
	 * @param other another slice
	 * @param j an entry of {@code other}
	 * @return {@code true} when entry {@code i} comes first
	 */
	public boolean precedes(int i, ScoreSlice other, int j) {
		if (this.scores[i] != other.scores[j]) {
			return this.scores[i] > other.scores[j];
		}
		return Arrays.compareUnsigned(this.members[i], other.members[j]) > 0;
	}

}
