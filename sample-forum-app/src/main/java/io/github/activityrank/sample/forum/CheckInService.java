package io.github.activityrank.sample.forum;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;

import io.github.activityrank.ActivityScore;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.env.Environment;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The daily check-in: +1 under the rule {@code check-in}, once per user and day. With
 * {@code activity-rank.streaks} on, it is what makes a day active, so checking in every
 * day builds the streak the page shows. The day is today in
 * {@code activity-rank.time-zone} on the application's clock, as the starter counts days;
 * the field {@code checkin-<day>} is the one a second service's check-ins use too
 * ({@code second-service.sh}), so the day is scored once whichever sent it.
 */
@Service
@Transactional
public class CheckInService {

	private final JdbcClient jdbc;

	private final Clock clock;

	public CheckInService(JdbcClient jdbc, Environment environment, ObjectProvider<Clock> clock) {
		this.jdbc = jdbc;
		ZoneId zone = environment.getProperty("activity-rank.time-zone", ZoneId.class, ZoneId.systemDefault());
		this.clock = clock.getIfUnique(Clock::systemUTC).withZone(zone);
	}

	/**
	 * Check a user in for today: +1, only the first time that day.
	 * @param userId the acting user
	 * @return the day, and whether this call checked in (false: already checked in)
	 */
	@ActivityScore(rule = "check-in", user = "#userId", field = "'checkin-' + #result.day()",
			condition = "#result.changed()")
	public CheckIn checkIn(long userId) {
		LocalDate today = LocalDate.now(this.clock);
		try {
			boolean inserted = this.jdbc
				.sql("INSERT INTO check_in (user_id, checked_on) SELECT :u, :d WHERE NOT EXISTS "
						+ "(SELECT 1 FROM check_in WHERE user_id = :u AND checked_on = :d)")
				.param("u", userId)
				.param("d", today)
				.update() > 0;
			return new CheckIn(today, inserted);
		}
		catch (DuplicateKeyException ex) {
			return new CheckIn(today, false); // a concurrent request got there first
		}
	}

	/**
	 * What a check-in did.
	 *
	 * @param day the day checked in for
	 * @param changed whether this call checked in, and so scored
	 */
	public record CheckIn(LocalDate day, boolean changed) {
	}

}
