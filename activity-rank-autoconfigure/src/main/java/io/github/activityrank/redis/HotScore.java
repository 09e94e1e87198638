package io.github.activityrank.redis;

import java.time.Clock;
import java.util.function.DoubleToLongFunction;

/**
 * A hot board's score as readers see it: the board holds log2 of the decayed sum relative
 * to {@link ItemArgs#HOT_ORIGIN}; the sum now is 2^(score - (now - origin) / halfLife),
 * in thousandths of a point.
 *
 * @param clock now
 * @param halfLifeMillis the board's half-life in milliseconds
 */
record HotScore(Clock clock, double halfLifeMillis) implements DoubleToLongFunction {

	/** Thousandths of a point: whole points would round every decayed award away. */
	static final double UNIT = 1000.0;

	@Override
	public long applyAsLong(double score) {
		double elapsed = (this.clock.millis() - ItemArgs.HOT_ORIGIN.toEpochMilli()) / this.halfLifeMillis;
		return Math.round(UNIT * Math.pow(2, score - elapsed));
	}

}
