package io.github.activityrank.sample;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

import org.springframework.context.annotation.Bean;

/**
 * A clock a test moves by hand, starting at noon (UTC) today, so every award lands on
 * today's boards wherever the test runs near midnight, and awards a few seconds apart are
 * ordered by {@code tie-break: earliest} as the test intends. Give it to the app with
 * {@code @Import(MovableClock.Config.class)}; the starter and the sample read "now" from
 * it.
 */
final class MovableClock extends Clock {

	private final AtomicReference<Instant> now;

	private final ZoneId zone;

	private MovableClock(AtomicReference<Instant> now, ZoneId zone) {
		this.now = now;
		this.zone = zone;
	}

	static MovableClock noonToday() {
		Instant noon = LocalDate.now(ZoneOffset.UTC).atTime(12, 0).toInstant(ZoneOffset.UTC);
		return new MovableClock(new AtomicReference<>(noon), ZoneOffset.UTC);
	}

	/**
	 * Move the clock forward.
	 * @param amount how far
	 */
	void advance(Duration amount) {
		this.now.updateAndGet((instant) -> instant.plus(amount));
	}

	@Override
	public ZoneId getZone() {
		return this.zone;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		return new MovableClock(this.now, zone);
	}

	@Override
	public Instant instant() {
		return this.now.get();
	}

	/**
	 * The clock as the app's {@link Clock} bean. Not a {@code @Configuration}: the
	 * sample's component scan reaches the test classes, and apps started without
	 * {@code @SpringBootTest} must not pick it up.
	 */
	static class Config {

		@Bean
		MovableClock movableClock() {
			return noonToday();
		}

	}

}
