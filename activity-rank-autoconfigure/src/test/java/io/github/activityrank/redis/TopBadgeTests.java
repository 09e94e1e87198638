package io.github.activityrank.redis;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Badge;
import io.github.activityrank.BadgeEarnedEvent;
import io.github.activityrank.BadgeService;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.ChallengeService;
import io.github.activityrank.Period;
import io.github.activityrank.PeriodEndedEvent;
import io.github.activityrank.RankEntry;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankBadgeAutoConfiguration;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.EventListener;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Top badges are granted when a board ends: once per board and user, with two instances
 * checking at the same moment, and again for the next board.
 */
class TopBadgeTests {

	private static final ZoneId ZONE = ZoneId.of("UTC");

	// Wednesday 18 November 2026; the challenge ends at noon
	private static final LocalDateTime WEDNESDAY = LocalDateTime.of(2026, 11, 18, 10, 0);

	private final String prefix = RedisTestServer.uniquePrefix("topbadges");

	private final MutableClock clock = new MutableClock(WEDNESDAY, ZONE);

	private final Queue<BadgeEarnedEvent> events = new ConcurrentLinkedQueue<>();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityRankBadgeAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.time-zone=UTC",
				"activity-rank.periods=day,week,total", "activity-rank.events.check-interval=1h",
				"activity-rank.badges.weekly-top.top=3", "activity-rank.badges.weekly-top.period=week",
				"activity-rank.badges.champion.top=1", "activity-rank.badges.champion.challenges=true")
		.withBean(MutableClock.class, () -> this.clock)
		.withBean(Recorder.class, () -> new Recorder(this.events));

	@AfterEach
	void cleanUp() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

	@Test
	void theWeeksTopThreeEarnTheBadgeOnceWithTwoInstancesAndAgainNextWeek() throws Exception {
		this.runner.run((first) -> this.runner.run((second) -> {
			ChallengeService challenges = first.getBean(ChallengeService.class);
			challenges.create(new ChallengeDefinition("sprint", WEDNESDAY.atZone(ZONE).toInstant(),
					WEDNESDAY.withHour(12).atZone(ZONE).toInstant(), Set.of(), true));
			ActivityRankService ranks = first.getBean(ActivityRankService.class);
			ranks.award("a", "x", 3);
			ranks.award("b", "x", 5);
			ranks.award("c", "x", 2);
			ranks.award("d", "x", 1);
			List<ConfigurableApplicationContext> instances = List.of(first, second);
			this.clock.set(LocalDateTime.of(2026, 11, 23, 0, 0, 10));
			EndedBoardEventsTests.checkAllAtOnce(instances);
			assertThat(this.events).extracting(BadgeEarnedEvent::userId, BadgeEarnedEvent::badge)
				.containsExactlyInAnyOrder(tuple("b", "champion"), tuple("b", "weekly-top"), tuple("a", "weekly-top"),
						tuple("c", "weekly-top"));
			assertThat(EndedBoardEventsTests.checkAllAtOnce(instances)).isZero();
			// an end published again (its publisher died before marking it) grants
			// nothing
			first.getBean(TopBadgeGrants.class)
				.periodEnded(new PeriodEndedEvent(Period.WEEK, LocalDate.of(2026, 11, 16),
						List.of(new RankEntry("b", 1, 5, null))));
			assertThat(this.events).hasSize(4);

			ranks.award("a", "y", 1);
			this.clock.set(LocalDateTime.of(2026, 11, 30, 0, 0, 10));
			EndedBoardEventsTests.checkAllAtOnce(instances);
			assertThat(this.events).hasSize(5);
			BadgeService badges = second.getBean(BadgeService.class);
			assertThat(badges.badges("a")).singleElement().satisfies((badge) -> {
				assertThat(badge.name()).isEqualTo("weekly-top");
				assertThat(badge.times()).isEqualTo(2);
				assertThat(badge.earnedAt()).isEqualTo(Instant.parse("2026-11-30T00:00:00Z"));
			});
			assertThat(badges.badges("b")).extracting(Badge::name).containsExactly("weekly-top", "champion");
			assertThat(badges.holders("weekly-top")).isEqualTo(3);
			assertThat(badges.holders("champion")).isEqualTo(1);
		}));
	}

	static class Recorder {

		private final Queue<BadgeEarnedEvent> events;

		Recorder(Queue<BadgeEarnedEvent> events) {
			this.events = events;
		}

		@EventListener
		void earned(BadgeEarnedEvent event) {
			this.events.add(event);
		}

	}

}
