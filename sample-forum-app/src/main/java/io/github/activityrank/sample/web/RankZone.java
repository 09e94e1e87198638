package io.github.activityrank.sample.web;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * "Today" as the boards see it: the application's {@link Clock} bean (if it has one, as
 * the starter uses it too) in {@code activity-rank.time-zone}, else the JVM's zone. So
 * "the last 7 days" means the same days to the app as to the starter.
 */
@Component
class RankZone {

	private final Clock clock;

	RankZone(Environment environment, ObjectProvider<Clock> clock) {
		ZoneId zone = environment.getProperty("activity-rank.time-zone", ZoneId.class, ZoneId.systemDefault());
		this.clock = clock.getIfUnique(Clock::systemUTC).withZone(zone);
	}

	LocalDate today() {
		return LocalDate.now(this.clock);
	}

}
