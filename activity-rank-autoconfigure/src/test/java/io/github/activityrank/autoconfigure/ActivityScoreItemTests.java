package io.github.activityrank.autoconfigure;

import java.time.Duration;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityScore;
import io.github.activityrank.ItemRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @ActivityScore(itemType, item)} scores the item with the award, and a wrong item
 * type or rule stops the start naming the method.
 */
class ActivityScoreItemTests {

	private final String prefix = RedisTestServer.uniquePrefix("itemscore");

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityRankItemsAutoConfiguration.class, ActivityScoreAutoConfiguration.class,
				AopAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.periods=day,total",
				"activity-rank.rules.praise.points=2", "activity-rank.rules.comment.points=3",
				"activity-rank.items.article.points.praise=5");

	@AfterEach
	void deleteKeys() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

	@Test
	void anAnnotatedMethodScoresTheItemOfItsExpression() {
		this.runner.withUserConfiguration(PraiseConfiguration.class).run((context) -> {
			Praises praises = context.getBean(Praises.class);
			praises.praise("ann", 7);
			praises.praise("bob", 7);
			praises.praise("bob", 8);
			assertThat(context.getBean(ActivityRankAdmin.class).awaitApplied(Duration.ofSeconds(10))).isTrue();
			assertThat(context.getBean(ItemRankService.class).board("article", Period.TOTAL).top(5))
				.extracting(RankEntry::id, RankEntry::score)
				.containsExactly(org.assertj.core.groups.Tuple.tuple("7", 10L),
						org.assertj.core.groups.Tuple.tuple("8", 5L));
		});
	}

	@Test
	void anItemTypeThatDoesNotListTheRuleStopsTheStartNamingTheMethod() {
		this.runner.withUserConfiguration(WrongRuleConfiguration.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasStackTraceContaining("WrongRule.comment(String, long)")
				.hasStackTraceContaining("Item type 'article' gives no points for rule 'comment'");
		});
	}

	static class Praises {

		@ActivityScore(rule = "praise", user = "#user", field = "'praise:' + #articleId", itemType = "article",
				item = "#articleId")
		void praise(String user, long articleId) {
		}

	}

	static class WrongRule {

		@ActivityScore(rule = "comment", user = "#user", itemType = "article", item = "#articleId")
		void comment(String user, long articleId) {
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class PraiseConfiguration {

		@Bean
		Praises praises() {
			return new Praises();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class WrongRuleConfiguration {

		@Bean
		WrongRule wrongRule() {
			return new WrongRule();
		}

	}

}
