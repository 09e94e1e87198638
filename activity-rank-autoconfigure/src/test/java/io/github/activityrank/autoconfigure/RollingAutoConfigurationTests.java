package io.github.activityrank.autoconfigure;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.RollingBoards;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.RedisRollingBoards;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@code activity-rank.rolling}: no rolling board by default, the configured ones read
 * and left by a removed user, and bad settings stop the start naming the property.
 */
class RollingAutoConfigurationTests {

	private final String prefix = RedisTestServer.uniquePrefix("rollingconfig");

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties(4))
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.rules.post.points=3");

	@AfterEach
	void deleteKeys() {
		this.runner.run((context) -> {
			if (context.getStartupFailure() == null) {
				RedisKeysCleaner.delete(context.getBean(RedisConnectionFactory.class),
						new RankKeys(this.prefix).pattern());
			}
		});
	}

	@Test
	void noRollingBoardByDefault() {
		this.runner.run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBean(RollingBoards.class)).isSameAs(RollingBoards.NONE);
			assertThatIllegalArgumentException().isThrownBy(() -> context.getBean(ActivityRankService.class).rolling(7))
				.withMessageContaining("activity-rank.rolling");
		});
	}

	@Test
	void theConfiguredBoardsAreReadAndARemovedUserLeavesThem() {
		this.runner.withPropertyValues("activity-rank.rolling=7,30").run((context) -> {
			assertThat(context.getBean(RollingBoards.class)).isInstanceOf(RedisRollingBoards.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			service.award("ann", "p1", "post");
			service.award("bob", "p2", "post");
			assertThat(service.rolling(7).top(10)).extracting(RankEntry::id).containsExactlyInAnyOrder("ann", "bob");

			service.removeUser("ann");
			assertThat(service.rolling(7).top(10)).extracting(RankEntry::id).containsExactly("bob");
			assertThat(service.rolling(30).top(10)).extracting(RankEntry::id).containsExactly("bob");
		});
	}

	@Test
	void aScopeIdsBoardIsReadAndARemovedUserLeavesIt() {
		// a kind without day boards starts: only its rolling read refuses
		this.runner
			.withPropertyValues("activity-rank.periods=day,week", "activity-rank.rolling=7",
					"activity-rank.scopes.category.periods=day,week", "activity-rank.scopes.course.periods=week")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				ActivityRankService service = context.getBean(ActivityRankService.class);
				service.apply(ActivityEvent.award("ann", "p1", "post").withScope("category", "java"));
				service.apply(ActivityEvent.award("bob", "p2", "post").withScope("category", "java"));
				assertThat(service.rolling(7, "category", "java").top(10)).extracting(RankEntry::id)
					.containsExactlyInAnyOrder("ann", "bob");

				service.removeUser("ann");
				assertThat(service.rolling(7, "category", "java").top(10)).extracting(RankEntry::id)
					.containsExactly("bob");
				assertThatIllegalArgumentException().isThrownBy(() -> service.rolling(7, "course", "c-101"))
					.withMessageContaining("activity-rank.scopes.course.periods");
			});
	}

	@Test
	void moreDaysThanTheDayBoardsAreKeptStopTheStart() {
		assertRejected("activity-rank.rolling", "retention.day to at least 29d", "activity-rank.rolling=7,30",
				"activity-rank.retention.day=28d");
	}

	@Test
	void aWindowAsLongAsTheRetentionAndTodayStarts() {
		this.runner.withPropertyValues("activity-rank.rolling=29", "activity-rank.retention.day=28d")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void rollingBoardsWithoutDayBoardsStopTheStart() {
		assertRejected("activity-rank.rolling", "Add day to activity-rank.periods", "activity-rank.rolling=7",
				"activity-rank.periods=week,month");
	}

	@Test
	void aWindowOfZeroOrNegativeDaysStopsTheStart() {
		assertRejected("activity-rank.rolling", "covers 1 to 366 days, not 0", "activity-rank.rolling=0");
		assertRejected("activity-rank.rolling", "not -7", "activity-rank.rolling=-7");
	}

	@Test
	void aWindowListedTwiceStopsTheStart() {
		assertRejected("activity-rank.rolling", "7 is listed twice", "activity-rank.rolling=7,30,7");
	}

	@Test
	void aRefreshThatIsNotPositiveStopsTheStart() {
		assertRejected("activity-rank.rolling-refresh", "must be positive", "activity-rank.rolling=7",
				"activity-rank.rolling-refresh=0s");
	}

	private void assertRejected(String property, String reason, String... settings) {
		this.runner.withPropertyValues(settings)
			.run((context) -> assertThat(context.getStartupFailure()).as(String.join(", ", settings))
				.rootCause()
				.isInstanceOfSatisfying(InvalidConfigurationPropertyValueException.class, (invalid) -> {
					assertThat(invalid.getName()).isEqualTo(property);
					assertThat(invalid.getReason()).contains(reason);
				}));
	}

}
