package io.github.activityrank.dispatch;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityScoreAutoConfiguration;
import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.MutableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An award made just before midnight while Redis is paused: its first attempt times out
 * but lands once the pause ends, the retry thread sends it again after midnight. Both
 * must be the award of the day it was made, so it scores once, on that day. Prints one
 * {@code [reliability]} line; docs/reliability.md quotes it.
 */
class MidnightPauseTests {

	private static final long PRAISE = 2;

	private static final LocalDate DAY = LocalDate.of(2026, 3, 10);

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	private final MutableClock clock = new MutableClock(LocalDateTime.of(DAY, LocalTime.of(23, 59, 59, 900_000_000)),
			ZoneOffset.UTC);

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityScoreAutoConfiguration.class))
		.withBean(Clock.class, () -> this.clock)
		.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + this.redis.port(),
				"spring.data.redis.timeout=300ms", "spring.data.redis.connect-timeout=300ms",
				"activity-rank.rules.praise.points=" + PRAISE, "activity-rank.periods=day,total",
				"activity-rank.time-zone=UTC", "activity-rank.async.threads=1",
				"activity-rank.retry.initial-backoff=50ms", "activity-rank.retry.max-backoff=200ms");

	@AfterEach
	void closeRedis() {
		this.redis.close();
	}

	@Test
	void anAwardMadeBeforeMidnightWhileRedisIsPausedLandsOnItsOwnDayOnce() {
		this.runner.run((context) -> {
			ActivityDispatcher dispatcher = context.getBean(ActivityDispatcher.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
			WarmUp.applyOneAward(dispatcher);

			int users = 20;
			this.redis.command("CLIENT PAUSE 2000");
			for (int u = 0; u < users; u++) {
				dispatcher.dispatch(List.of(ActivityEvent.award("user" + u, "post-1", "praise")));
			}
			// the first attempt timed out (and lands when the pause ends); the retry goes
			// after midnight
			await("the batch kept for retry").atMost(Duration.ofSeconds(10))
				.until(() -> counters.getRetryBuffered() >= users);
			this.clock.advance(Duration.ofSeconds(2));
			assertThat(dispatcher.awaitIdle(Duration.ofSeconds(20))).isTrue();

			int wrongDay = 0;
			int doubled = 0;
			for (int u = 0; u < users; u++) {
				String user = "user" + u;
				if (score(service, Period.DAY, DAY.plusDays(1), user) != 0
						|| score(service, Period.DAY, DAY, user) != PRAISE) {
					wrongDay++;
				}
				if (score(service, Period.TOTAL, DAY, user) > PRAISE) {
					doubled++;
				}
			}
			System.out.println("[reliability] midnight-pause: awards=" + users + " retried=" + counters.getRetried()
					+ " wrongDay=" + wrongDay + " doubled=" + doubled);
			assertThat(wrongDay).isZero();
			assertThat(doubled).isZero();
		});
	}

	private static long score(ActivityRankService service, Period period, LocalDate day, String user) {
		return service.board(period, day).rankOf(user).map(RankEntry::score).orElse(0L);
	}

}
