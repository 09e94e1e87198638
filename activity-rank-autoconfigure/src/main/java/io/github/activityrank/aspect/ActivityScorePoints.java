package io.github.activityrank.aspect;

import java.math.BigDecimal;
import java.math.BigInteger;

import io.github.activityrank.ActivityLimits;

/**
 * Turns the value of a {@code pointsExpression} into points, strictly: a whole number
 * from 1 to {@value ActivityLimits#MAX_POINTS} of a numeric type, or an error. Nothing is
 * rounded, parsed or clamped, because a points value that had to be guessed would put
 * wrong scores on the boards with nobody noticing.
 */
final class ActivityScorePoints {

	private static final BigDecimal MAX = BigDecimal.valueOf(ActivityLimits.MAX_POINTS);

	private ActivityScorePoints() {
	}

	/**
	 * The points a value gives.
	 * @param value the expression's value, not {@code null}
	 * @return the points, from 1 to {@link ActivityLimits#MAX_POINTS}
	 * @throws IllegalArgumentException naming what is wrong with the value
	 */
	static long of(Object value) {
		BigDecimal number = exact(value);
		if (number == null) {
			// text is refused too: '1' + 2 is "12" in SpEL, a silent mistake if parsed
			throw new IllegalArgumentException("not a number; give an Integer, Long, Short, Byte, BigInteger, "
					+ "or a BigDecimal, Double or Float without a fraction (convert text with T(Long).parseLong)");
		}
		// the range first: it is cheap for any value, and leaves only small numbers to
		// check for a fraction
		if (number.compareTo(BigDecimal.ONE) < 0 || number.compareTo(MAX) > 0) {
			throw new IllegalArgumentException("out of range 1.." + ActivityLimits.MAX_POINTS
					+ " (to award nothing for small values, add a condition; to take points back, use revoke)");
		}
		if (number.remainder(BigDecimal.ONE).signum() != 0) {
			throw new IllegalArgumentException("not a whole number; round it in the expression if that is meant");
		}
		return number.longValue();
	}

	/**
	 * The exact value of a number of an accepted type, or {@code null} for anything else.
	 */
	private static BigDecimal exact(Object value) {
		if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
			return BigDecimal.valueOf(((Number) value).longValue());
		}
		if (value instanceof BigInteger big) {
			return new BigDecimal(big);
		}
		if (value instanceof BigDecimal big) {
			return big;
		}
		if (value instanceof Double || value instanceof Float) {
			double d = ((Number) value).doubleValue();
			if (!Double.isFinite(d)) {
				throw new IllegalArgumentException("not a finite number");
			}
			return new BigDecimal(d);
		}
		return null;
	}

}
