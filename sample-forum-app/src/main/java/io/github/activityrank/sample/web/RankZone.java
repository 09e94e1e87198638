package io.github.activityrank.sample.web;

import java.time.ZoneId;

import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The time zone whose calendar the boards follow ({@code activity-rank.time-zone}, else the JVM's),
 * so "the last 7 days" means the same days to the app as to the starter.
 */
@Component
class RankZone {

	private final ZoneId zoneId;

	RankZone(Environment environment) {
		this.zoneId = environment.getProperty("activity-rank.time-zone", ZoneId.class, ZoneId.systemDefault());
	}

	ZoneId zoneId() {
		return this.zoneId;
	}

}
