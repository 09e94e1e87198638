package io.github.activityrank.redis;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Record values decode to the points the score script paired with a rule number (the
 * pairing as docs/redis-layout.md gives it), at the edges of what an award can hold.
 */
class RecordValuesTests {

	@Test
	void smallAwardsOfTheFirstRulesFitInOneListpackByte() {
		assertThat(paired(2, 1)).isEqualTo(21);
		assertThat(paired(5, 3)).isEqualTo(113);
		assertThat(paired(1, 7)).isLessThan(128);
	}

	@Test
	void everyPointsAndNumberDecodeBack() {
		long[] points = { 0, 1, -1, 2, -5, 63, 64, 999_999, -999_999, 1_000_000, -1_000_000 };
		long[] numbers = { 0, 1, 2, 3, 40, 1_000, 65_535, 3_000_000 };
		for (long p : points) {
			for (long n : numbers) {
				assertThat(RecordValues.points(Long.toString(paired(p, n)))).as("%d points, rule %d", p, n)
					.isEqualTo(p);
			}
		}
		for (long p = -300; p <= 300; p++) {
			for (long n = 0; n <= 300; n++) {
				assertThat(RecordValues.points(Long.toString(paired(p, n)))).isEqualTo(p);
			}
		}
	}

	@Test
	void theScopeIdsAnAwardGaveToFollowThePoints() {
		assertThat(RecordValues.points("113|category=java:dm;course=c%2B%2B:t")).isEqualTo(5);
		assertThat(RecordValues.points(paired(-5, 0) + "|category=java:d")).isEqualTo(-5);
	}

	// common.lua's record_value
	private static long paired(long points, long number) {
		long z = (points >= 0) ? points * 2 : -points * 2 - 1;
		return (z >= number) ? z * z + z + number : number * number + z;
	}

}
