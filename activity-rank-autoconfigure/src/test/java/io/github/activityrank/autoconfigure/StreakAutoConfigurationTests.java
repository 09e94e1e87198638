package io.github.activityrank.autoconfigure;

import io.github.activityrank.StreakService;
import io.github.activityrank.engine.ActivityRules;
import io.github.activityrank.redis.StreakPruning;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

/**
 * {@link ActivityRankStreakAutoConfiguration}: no {@link StreakService} by default, one
 * and a running {@link StreakPruning} when enabled, the user's own wins, and bad streak
 * settings stop the start naming the property.
 */
class StreakAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityRankStreakAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + RedisTestServer.uniquePrefix("streakconfig"),
				"activity-rank.rules.check-in.points=1");

	@Test
	void noStreakServiceByDefault() {
		this.runner.run((context) -> assertThat(context).hasNotFailed()
			.doesNotHaveBean(StreakService.class)
			.doesNotHaveBean(StreakPruning.class));
	}

	@Test
	void aStreakServiceWhenEnabled() {
		this.runner
			.withPropertyValues("activity-rank.streaks.enabled=true", "activity-rank.streaks.rules=check-in",
					"activity-rank.streaks.milestones.7=20", "activity-rank.streaks.milestones.30=100")
			.run((context) -> assertThat(context).hasSingleBean(StreakService.class));
	}

	@Test
	void brokenStreaksArePrunedByAStartedMaintenanceStepWhenEnabled() {
		this.runner.withPropertyValues("activity-rank.streaks.enabled=true").run((context) -> {
			assertThat(context).hasSingleBean(StreakPruning.class);
			assertThat(context.getBean(StreakPruning.class).isRunning()).isTrue();
		});
	}

	@Test
	void backsOffForTheUsersOwnStreakService() {
		StreakService own = mock(StreakService.class);
		this.runner.withPropertyValues("activity-rank.streaks.enabled=true")
			.withBean(StreakService.class, () -> own)
			.run((context) -> assertThat(context.getBean(StreakService.class)).isSameAs(own));
	}

	@Test
	void aStreakRuleThatIsNotConfiguredStopsTheStart() {
		assertRejected("activity-rank.streaks.rules=checkin", "activity-rank.streaks.rules",
				"Configure activity-rank.rules.checkin.points or remove it from activity-rank.streaks.rules.");
	}

	@Test
	void aMilestoneOfZeroDaysOrPointsStopsTheStart() {
		assertRejected("activity-rank.streaks.milestones.0=5", "activity-rank.streaks.milestones.0",
				"A milestone is a streak length of at least 1 day");
		assertRejected("activity-rank.streaks.milestones.7=0", "activity-rank.streaks.milestones.7",
				"Set it to a positive number, for example 20.");
	}

	@Test
	void theStreakRuleMayCapTheBonusWithoutPoints() {
		this.runner
			.withPropertyValues("activity-rank.streaks.enabled=true", "activity-rank.streaks.milestones.7=20",
					"activity-rank.rules.streak.daily-cap=50")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				// it only caps the bonus: no award names it
				assertThat(context.getBean(ActivityRules.class).contains("streak")).isFalse();
				assertThat(context.getBean(ActivityRules.class).contains("check-in")).isTrue();
			});
	}

	@Test
	void withoutStreaksARuleNamedStreakNeedsPoints() {
		this.runner.withPropertyValues("activity-rank.rules.streak.daily-cap=50").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("activity-rank.rules.streak.points");
		});
	}

	@Test
	void aBucketCountOfZeroStopsTheStart() {
		assertRejected("activity-rank.streaks.buckets=0", "activity-rank.streaks.buckets",
				"Remove it for the default (16384)");
	}

	private void assertRejected(String setting, String property, String reason) {
		this.runner.withPropertyValues("activity-rank.streaks.enabled=true", setting).run((context) -> {
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
