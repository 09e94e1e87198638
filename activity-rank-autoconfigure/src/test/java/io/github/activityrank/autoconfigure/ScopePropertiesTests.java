package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ActivityScore;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code activity-rank.scopes.<kind>.*}: a configured kind scores through the service and
 * {@code @ActivityScore(scope, scopeId)}; a bad value stops the start naming the property
 * and the fix. Redis database 3.
 */
class ScopePropertiesTests {

	private final String prefix = RedisTestServer.uniquePrefix("scopeprops");

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityScoreAutoConfiguration.class, AopAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties(3))
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.periods=day,week",
				"activity-rank.rules.praise.points=2", "activity-rank.rules.comment.points=3");

	@AfterEach
	void deleteKeys() {
		LettuceConnectionFactory connections = RedisTestServer.shared().newConnectionFactory(3);
		try {
			RedisKeysCleaner.delete(connections, RedisKeysCleaner.prefixPattern(this.prefix));
		}
		finally {
			connections.destroy();
		}
	}

	@Test
	void aConfiguredKindScoresTheScopeOfTheAnnotatedMethod() {
		this.runner.withUserConfiguration(CommentConfiguration.class)
			.withPropertyValues("activity-rank.scopes.category.periods=week,total",
					"activity-rank.scopes.category.rules=comment")
			.run((context) -> {
				Comments comments = context.getBean(Comments.class);
				comments.comment("ann", "c-1", "java");
				comments.comment("bob", "c-2", "java");
				comments.comment("bob", "c-3", "kotlin");
				assertThat(context.getBean(ActivityRankAdmin.class).awaitApplied(Duration.ofSeconds(10))).isTrue();
				ActivityRankService service = context.getBean(ActivityRankService.class);
				assertThat(service.board("category", "java", Period.WEEK).top(5)).extracting(RankEntry::id)
					.containsExactlyInAnyOrder("ann", "bob");
				assertThat(service.board("category", "kotlin", Period.TOTAL).top(5))
					.extracting(RankEntry::id, RankEntry::score)
					.containsExactly(Tuple.tuple("bob", 3L));
				assertThat(service.scopes("category", Period.WEEK).top(5)).extracting(RankEntry::id, RankEntry::score)
					.containsExactly(Tuple.tuple("java", 6L), Tuple.tuple("kotlin", 3L));
			});
	}

	@Test
	void anAnnotationNamingAnUnknownKindStopsTheStart() {
		this.runner.withUserConfiguration(CommentConfiguration.class)
			.withPropertyValues("activity-rank.scopes.course.periods=week")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).hasStackTraceContaining("No scope kind 'category'")
					.hasStackTraceContaining("[course]");
			});
	}

	@Test
	void aPeriodThatIsNeitherConfiguredNorTotalIsRejected() {
		assertRejected("activity-rank.scopes.category.periods",
				"Remove month from activity-rank.scopes.category.periods",
				"activity-rank.scopes.category.periods=day,month");
	}

	@Test
	void anUnknownRuleIsRejected() {
		assertRejected("activity-rank.scopes.category.rules", "There is no rule 'publish'",
				"activity-rank.scopes.category.rules=comment,publish");
	}

	@Test
	void aKeepBelowOneIsRejected() {
		assertRejected("activity-rank.scopes.category.keep", "1 or more", "activity-rank.scopes.category.keep=0");
	}

	@Test
	void aKindNameThatCannotNameKeysIsRejected() {
		assertRejected("activity-rank.scopes.a.b", "Rename it", "activity-rank.scopes[a.b].periods=day");
	}

	@Test
	void moreThanSixteenKindsAreRejected() {
		List<String> kinds = new ArrayList<>();
		for (int k = 0; k < 17; k++) {
			kinds.add("activity-rank.scopes.kind-" + k + ".periods=day");
		}
		assertRejected("activity-rank.scopes", "At most 16 scope kinds", kinds.toArray(String[]::new));
	}

	private void assertRejected(String property, String reason, String... values) {
		this.runner.withPropertyValues(values).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(InvalidConfigurationPropertyValueException.class)
				.hasMessageContaining(reason)
				.extracting((cause) -> ((InvalidConfigurationPropertyValueException) cause).getName())
				.isEqualTo(property);
		});
	}

	static class Comments {

		@ActivityScore(rule = "comment", user = "#user", field = "#commentId", scope = "category",
				scopeId = "#category")
		void comment(String user, String commentId, String category) {
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class CommentConfiguration {

		@Bean
		Comments comments() {
			return new Comments();
		}

	}

}
