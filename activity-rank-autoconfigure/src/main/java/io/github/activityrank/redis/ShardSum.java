package io.github.activityrank.redis;

/**
 * How the parts of one member's score on several shards add up
 * ({@link SummedShardReads}).
 */
enum ShardSum {

	/** Plain points: the parts add. */
	POINTS {

		@Override
		double none() {
			return 0;
		}

		@Override
		double add(double a, double b) {
			return a + b;
		}

		@Override
		double leastLargestPart(double total, int parts) {
			return total / parts;
		}

	},

	/**
	 * A hot board's log2 of a decayed sum: the sums add, so the logs combine as
	 * {@code max + log2(1 + 2^(min - max))}, which never overflows.
	 */
	LOG2 {

		@Override
		double none() {
			return Double.NEGATIVE_INFINITY;
		}

		@Override
		double add(double a, double b) {
			double high = Math.max(a, b);
			double low = Math.min(a, b);
			if (low == Double.NEGATIVE_INFINITY) {
				return high;
			}
			return high + Math.log1p(Math.pow(2, low - high)) / Math.log(2);
		}

		@Override
		double leastLargestPart(double total, int parts) {
			// a little lower, so that rounding never leaves out a member scoring as much
			return total - Math.log(parts) / Math.log(2) - 1e-9;
		}

	};

	/**
	 * The sum of no parts.
	 * @return the identity of {@link #add}
	 */
	abstract double none();

	/**
	 * Two parts together.
	 * @param a one part (or sum)
	 * @param b another
	 * @return their sum
	 */
	abstract double add(double a, double b);

	/**
	 * The least that the largest of {@code parts} parts summing to {@code total} or more
	 * can be.
	 * @param total the sum
	 * @param parts how many parts at most
	 * @return the bound
	 */
	abstract double leastLargestPart(double total, int parts);

}
