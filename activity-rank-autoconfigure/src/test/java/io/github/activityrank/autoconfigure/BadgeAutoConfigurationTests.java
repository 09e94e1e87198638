package io.github.activityrank.autoconfigure;

import io.github.activityrank.BadgeService;
import io.github.activityrank.redis.TopBadgeGrants;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

/**
 * {@link ActivityRankBadgeAutoConfiguration}: no {@link BadgeService} without levels or
 * badges, one with either, the user's own wins, and bad settings stop the start naming
 * the property and the fix.
 */
class BadgeAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityRankBadgeAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + RedisTestServer.uniquePrefix("badgeconfig"),
				"activity-rank.periods=day,week,total", "activity-rank.rules.publish.points=5");

	@Test
	void noBadgeServiceByDefault() {
		this.runner.run((context) -> assertThat(context).hasNotFailed()
			.doesNotHaveBean(BadgeService.class)
			.doesNotHaveBean(TopBadgeGrants.class));
	}

	@Test
	void aBadgeServiceWithLevelsOrBadges() {
		this.runner.withPropertyValues("activity-rank.levels.at=0,50")
			.run((context) -> assertThat(context).hasSingleBean(BadgeService.class));
		this.runner
			.withPropertyValues("activity-rank.badges.first-post.rule=publish",
					"activity-rank.badges.first-post.count=1")
			.run((context) -> assertThat(context).hasSingleBean(BadgeService.class)
				.hasSingleBean(TopBadgeGrants.class));
	}

	@Test
	void backsOffForTheUsersOwnBadgeService() {
		BadgeService own = mock(BadgeService.class);
		this.runner.withPropertyValues("activity-rank.levels.at=0,50")
			.withBean(BadgeService.class, () -> own)
			.run((context) -> assertThat(context.getBean(BadgeService.class)).isSameAs(own));
	}

	@Test
	void anUnknownRuleStopsTheStart() {
		assertRejected("activity-rank.badges.first-post.rule", "Set activity-rank.badges.first-post.rule to one of",
				"activity-rank.badges.first-post.rule=publsh", "activity-rank.badges.first-post.count=1");
	}

	@Test
	void thresholdsThatDoNotIncreaseStopTheStart() {
		assertRejected("activity-rank.badges.commenter.count", "The thresholds must increase",
				"activity-rank.badges.commenter.rule=publish", "activity-rank.badges.commenter.count=10,10");
		assertRejected("activity-rank.levels.at", "The thresholds must increase", "activity-rank.levels.at=0,50,20");
		assertRejected("activity-rank.levels.at", "the first entry must be 0", "activity-rank.levels.at=10,50");
	}

	@Test
	void namesAndLevelsOfDifferentLengthsStopTheStart() {
		assertRejected("activity-rank.levels.names", "Give one name per level", "activity-rank.levels.at=0,50,200",
				"activity-rank.levels.names=Newcomer,Member");
	}

	@Test
	void aStreakBadgeWithStreaksOffStopsTheStart() {
		assertRejected("activity-rank.badges.regular.streak", "Set activity-rank.streaks.enabled=true",
				"activity-rank.badges.regular.streak=7,30");
	}

	@Test
	void tooManyTiersOrABadgeOfTwoKindsStopTheStart() {
		assertRejected("activity-rank.badges.popular.points", "at most 10 tiers",
				"activity-rank.badges.popular.points=1,2,3,4,5,6,7,8,9,10,11");
		assertRejected("activity-rank.badges.popular", "exactly one of", "activity-rank.badges.popular.points=10",
				"activity-rank.badges.popular.top=3", "activity-rank.badges.popular.period=week");
	}

	@Test
	void aTopBadgeNeedsAnEndingBoardTheEventsCarry() {
		assertRejected("activity-rank.badges.weekly-top.period", "Set exactly one of",
				"activity-rank.badges.weekly-top.top=3");
		assertRejected("activity-rank.badges.weekly-top.top", "must be from 1 to 10",
				"activity-rank.badges.weekly-top.top=11", "activity-rank.badges.weekly-top.period=week");
		// the choice it offers ends: total does not
		assertRejected("activity-rank.badges.monthly-top.period",
				"does not keep the month board. Add it to activity-rank.periods or choose one of [day, week].",
				"activity-rank.badges.monthly-top.top=3", "activity-rank.badges.monthly-top.period=month");
	}

	@Test
	void levelsOfABoardThatIsNotKeptStopTheStart() {
		assertRejected("activity-rank.levels.points-of", "Add month to activity-rank.periods",
				"activity-rank.levels.at=0,50", "activity-rank.levels.points-of=month");
	}

	private void assertRejected(String property, String reason, String... settings) {
		this.runner.withPropertyValues(settings).run((context) -> {
			assertThat(context).hasFailed();
			Throwable cause = context.getStartupFailure();
			while (cause != null && !(cause instanceof InvalidConfigurationPropertyValueException)) {
				cause = cause.getCause();
			}
			assertThat(cause).isInstanceOf(InvalidConfigurationPropertyValueException.class);
			InvalidConfigurationPropertyValueException invalid = (InvalidConfigurationPropertyValueException) cause;
			assertThat(invalid.getName()).isEqualTo(property);
			assertThat(invalid.getReason()).contains(reason);
		});
	}

}
