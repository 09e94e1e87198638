package io.github.activityrank.test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;

/**
 * A clock tests can move, for crossing midnight, week and month boundaries.
 */
public final class MutableClock extends Clock {

	private volatile Instant now;

	private final ZoneId zone;

	/**
	 * A clock at a local date-time of a zone.
	 * @param time the local time
	 * @param zone the zone it is read in
	 */
	public MutableClock(LocalDateTime time, ZoneId zone) {
		this.zone = zone;
		this.now = time.atZone(zone).toInstant();
	}

	/**
	 * Jump to a local date-time in this clock's zone.
	 * @param time the new local time
	 */
	public void set(LocalDateTime time) {
		this.now = time.atZone(this.zone).toInstant();
	}

	/**
	 * Move forward.
	 * @param duration how far
	 */
	public void advance(Duration duration) {
		this.now = this.now.plus(duration);
	}

	@Override
	public ZoneId getZone() {
		return this.zone;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		throw new UnsupportedOperationException("A MutableClock keeps its zone");
	}

	@Override
	public Instant instant() {
		return this.now;
	}

}
