package io.github.activityrank.redis;

/**
 * Which bucket hash holds a user's streak data (docs/streaks.md), the one place that
 * decides it: the award script gets each command's bucket as a key, and the reads and
 * {@code removeUser} name the same one. {@link String#hashCode()} of the encoded member,
 * then murmur3's 32-bit finalizer, which spreads sequential ids as evenly as random ones
 * (the plain hash mod a power of two does not), as an unsigned number mod the bucket
 * count.
 */
final class StreakBuckets {

	private final int count;

	/**
	 * Buckets of one key space.
	 * @param count the number of buckets ({@code activity-rank.streaks.buckets})
	 */
	StreakBuckets(int count) {
		this.count = count;
	}

	int count() {
		return this.count;
	}

	/**
	 * The bucket of a member.
	 * @param member the encoded user id
	 * @return 0 to {@code count - 1}
	 */
	int of(String member) {
		int h = member.hashCode();
		h ^= h >>> 16;
		h *= 0x85ebca6b;
		h ^= h >>> 13;
		h *= 0xc2b2ae35;
		h ^= h >>> 16;
		return Integer.remainderUnsigned(h, this.count);
	}

	/**
	 * The field of one of a member's earlier years (every year but the latest, which the
	 * member's own field holds).
	 * @param member the encoded user id (a {@code :} is always encoded, so the name
	 * cannot be another member's)
	 * @param year the year
	 * @return {@code <member>:<yyyy>}
	 */
	static String yearField(String member, int year) {
		return member + ":" + year;
	}

}
