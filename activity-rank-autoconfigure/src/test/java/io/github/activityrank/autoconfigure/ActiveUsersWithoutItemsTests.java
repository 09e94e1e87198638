package io.github.activityrank.autoconfigure;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ActivityRankService#activeUsers} without any item type: the users on the
 * period's board, counted exactly and at no cost to the awards.
 */
class ActiveUsersWithoutItemsTests {

	private final String prefix = RedisTestServer.uniquePrefix("active");

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityRankItemsAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.periods=day,week,month",
				"activity-rank.async.enabled=false", "activity-rank.rules.praise.points=2");

	@AfterEach
	void deleteKeys() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

	@Test
	void countsTheUsersWithPointsInEachPeriod() {
		this.runner.run((context) -> {
			ActivityRankService service = context.getBean(ActivityRankService.class);
			assertThat(service.activeUsers(Period.DAY)).isZero();
			service.award("ann", "a1", "praise");
			service.award("ann", "a2", "praise");
			service.award("bob", "a1", "praise");
			service.award("cid", "a1", "praise");
			assertThat(service.activeUsers(Period.DAY)).isEqualTo(3);
			assertThat(service.activeUsers(Period.WEEK)).isEqualTo(3);
			assertThat(service.activeUsers(Period.MONTH, service.today())).isEqualTo(3);
			assertThat(service.activeUsers(Period.DAY, service.today().minusDays(1))).isZero();
		});
	}

}
