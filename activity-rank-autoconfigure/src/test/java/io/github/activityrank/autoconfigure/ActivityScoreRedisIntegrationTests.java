package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ActivityScore;
import io.github.activityrank.ActivityUserResolver;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.engine.ActivityRankCounters;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

/**
 * The reference forum's rules scored through {@code @ActivityScore}, events and page
 * views by the real engine on a real Redis.
 */
class ActivityScoreRedisIntegrationTests {

	private static final String[] FORUM_RULES = { "activity-rank.rules.page-view.points=1",
			"activity-rank.rules.praise.points=2", "activity-rank.rules.collect.points=2",
			"activity-rank.rules.comment.points=3", "activity-rank.rules.follow.points=2" };

	private static final AutoConfigurations CONFIGURATIONS = AutoConfigurations.of(DataRedisAutoConfiguration.class,
			ActivityRankAutoConfiguration.class, ActivityScoreAutoConfiguration.class, AopAutoConfiguration.class);

	private final String prefix = RedisTestServer.uniquePrefix("aspect");

	private final String pageViewsPrefix = RedisTestServer.uniquePrefix("pageviews");

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(CONFIGURATIONS)
		.withUserConfiguration(ForumConfiguration.class)
		.withPropertyValues(FORUM_RULES)
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.periods=day,total");

	@AfterEach
	void deleteKeys() {
		RedisKeysCleaner.deletePrefix(this.prefix);
		RedisKeysCleaner.deletePrefix(this.pageViewsPrefix);
	}

	@Test
	void scoresTheForumRulesThroughAnnotations() {
		this.runner.run((context) -> {
			Forum forum = context.getBean(Forum.class);
			CurrentUser user = context.getBean(CurrentUser.class);
			user.id = "alice";
			forum.praise(1, true); // +2
			forum.praise(1, true); // once per article per day
			forum.collect(1, true); // +2
			forum.collect(1, false); // revoked: -2
			forum.comment(1, "hi"); // +3
			forum.comment(1, "hi again"); // another comment, another field: +3
			forum.follow("bob", true); // +2
			forum.follow("carol", true); // +2
			forum.follow("carol", false); // revoked: -2
			Article article = forum.publish("bob", "Hello"); // +10 to bob, the author
			awaitIdle(context);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			assertThat(score(service, "alice")).isEqualTo(2 + 3 + 3 + 2);
			assertThat(score(service, "bob")).isEqualTo(10);
			assertThat(article.title()).isEqualTo("Hello");
			AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
			assertThat(counters.getFailed()).isZero();
			assertThat(counters.getEvaluationErrors()).isZero();
		});
	}

	@Test
	void pointsExpressionReplacesTheRulesPointsAndKeepsItsOncePerWindowAndDailyCap() {
		this.runner.withUserConfiguration(WalkConfiguration.class)
			.withPropertyValues("activity-rank.rules.walk.points=1", "activity-rank.rules.walk.daily-cap=150")
			.run((context) -> {
				context.getBean(CurrentUser.class).id = "ivy";
				Walks walks = context.getBean(Walks.class);
				ActivityRankService service = context.getBean(ActivityRankService.class);
				walks.walk(10_000, "d1", false); // 100, not the rule's 1
				awaitIdle(context);
				assertThat(score(service, "ivy")).isEqualTo(100);
				walks.walk(20_000, "d1", false); // the same field: once per day
				walks.walk(10_000, "d2", false); // capped: 50 of 100 left under the cap
				walks.walk(10_000, "d3", false); // capped: nothing left
				awaitIdle(context);
				assertThat(score(service, "ivy")).isEqualTo(150);
				ActivityRankCounters outcomes = context.getBean(ActivityRankCounters.class);
				assertThat(outcomes.count(Outcome.AWARDED)).isEqualTo(2);
				assertThat(outcomes.count(Outcome.ALREADY_AWARDED)).isOne();
				assertThat(outcomes.count(Outcome.CAPPED)).isOne();
				assertThat(context.getBean(AwardDispatchCounters.class).getEvaluationErrors()).isZero();
			});
	}

	@Test
	void revokeOfAPointsExpressionTakesBackWhatWasStored() {
		this.runner.withUserConfiguration(WalkConfiguration.class)
			.withPropertyValues("activity-rank.rules.walk.points=1")
			.run((context) -> {
				context.getBean(CurrentUser.class).id = "jo";
				Walks walks = context.getBean(Walks.class);
				walks.walk(1_234, "d1", false); // 12
				walks.walk(500, "d2", false); // 5
				// 0 steps would give 0 points, but a revoke does not evaluate the
				// expression
				walks.walk(0, "d1", true);
				awaitIdle(context);
				assertThat(score(context.getBean(ActivityRankService.class), "jo")).isEqualTo(5);
				assertThat(context.getBean(ActivityRankCounters.class).count(Outcome.REVOKED)).isOne();
				assertThat(context.getBean(AwardDispatchCounters.class).getEvaluationErrors()).isZero();
			});
	}

	@Test
	void scoresPublishedEventsLikeAnnotations() {
		this.runner.run((context) -> {
			context.publishEvent(io.github.activityrank.ActivityEvent.award("dave", "9_praise", "praise"));
			context.publishEvent(io.github.activityrank.ActivityEvent.awardPoints("dave", "9_publish", 10));
			awaitIdle(context);
			assertThat(score(context.getBean(ActivityRankService.class), "dave")).isEqualTo(12);
		});
	}

	@Test
	void awaitAppliedMakesAQueuedAwardVisibleAndRebuildNeedsTheLedger() {
		this.runner.run((context) -> {
			context.getBean(CurrentUser.class).id = "kim";
			ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
			context.getBean(Forum.class).comment(7, "first"); // queued: +3
			assertThat(admin.awaitApplied(Duration.ofSeconds(10))).isTrue();
			assertThat(context.getBean(ActivityDispatcher.class).queueSize()).isZero();
			assertThat(score(context.getBean(ActivityRankService.class), "kim")).isEqualTo(3);
			assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(admin::rebuild)
				.withMessageContaining("activity-rank.ledger.enabled=true");
		});
	}

	@Test
	void throwingMethodAwardsNothing() {
		this.runner.run((context) -> {
			context.getBean(CurrentUser.class).id = "erin";
			Forum forum = context.getBean(Forum.class);
			try {
				forum.praiseAndFail(5);
			}
			catch (IllegalStateException expected) {
				// the business failure reaches the caller unchanged
			}
			awaitIdle(context);
			assertThat(context.getBean(ActivityRankService.class).board(Period.DAY).rankOf("erin")).isEmpty();
		});
	}

	@Test
	void unreachableRedisChangesNeitherResultNorLatencyInAsyncMode() {
		this.runner
			.withPropertyValues("spring.data.redis.host=127.0.0.1",
					"spring.data.redis.port=" + RedisTestServer.freePort(), "spring.data.redis.timeout=300ms",
					"spring.data.redis.connect-timeout=300ms",
					// no retry buffer: failures are counted as lost (RedisOutageTests
					// covers the buffer)
					"activity-rank.retry.capacity=0")
			.run((context) -> {
				context.getBean(CurrentUser.class).id = "frank";
				Forum forum = context.getBean(Forum.class);
				long start = System.nanoTime();
				for (int i = 0; i < 50; i++) {
					assertThat(forum.publish("frank", "t" + i).title()).isEqualTo("t" + i);
				}
				Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
				// one connect attempt would already take longer than all 50 calls may
				assertThat(elapsed).isLessThan(Duration.ofMillis(250));
				assertThat(context.getBean(ActivityDispatcher.class).awaitIdle(Duration.ofSeconds(30))).isTrue();
				AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
				assertThat(counters.getFailed()).isEqualTo(50);
				assertThat(counters.getApplied()).isZero();
			});
	}

	@Test
	void unreachableRedisLeavesTheResultUnchangedInSyncMode() {
		this.runner
			.withPropertyValues("activity-rank.async.enabled=false", "spring.data.redis.host=127.0.0.1",
					"spring.data.redis.port=" + RedisTestServer.freePort(), "spring.data.redis.timeout=300ms",
					"spring.data.redis.connect-timeout=300ms")
			.run((context) -> {
				context.getBean(CurrentUser.class).id = "gina";
				assertThat(context.getBean(Forum.class).comment(3, "x").id()).isPositive();
				assertThat(context.getBean(AwardDispatchCounters.class).getFailed()).isOne();
			});
	}

	@Test
	void pageViewsScoreEachNewPathOncePerDayForSignedInUsers() {
		new WebApplicationContextRunner().withConfiguration(CONFIGURATIONS)
			.withUserConfiguration(WebConfiguration.class, ForumConfiguration.class)
			.withPropertyValues(FORUM_RULES)
			.withPropertyValues(RedisTestServer.shared().springProperties())
			.withPropertyValues("activity-rank.key-prefix=" + this.pageViewsPrefix,
					"activity-rank.page-views.enabled=true", "activity-rank.page-views.exclude=/admin/**")
			.run((context) -> {
				MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
				CurrentUser user = context.getBean(CurrentUser.class);
				user.id = null;
				mvc.perform(get("/articles/1")); // anonymous: nothing
				user.id = "hank";
				mvc.perform(get("/articles/1")); // +1
				mvc.perform(get("/articles/1/")); // the same page
				mvc.perform(get("/articles//1")); // the same page
				mvc.perform(get("/articles/2")); // +1
				mvc.perform(get("/admin/stats")); // excluded
				mvc.perform(get("/missing/3")); // 404 from the controller
				mvc.perform(post("/articles/3")); // not a GET
				awaitIdle(context);
				assertThat(score(context.getBean(ActivityRankService.class), "hank")).isEqualTo(2);
			});
	}

	@Test
	void pageViewsNeedAKnownRule() {
		new WebApplicationContextRunner().withConfiguration(CONFIGURATIONS)
			.withUserConfiguration(WebConfiguration.class, ForumConfiguration.class)
			.withPropertyValues(RedisTestServer.shared().springProperties())
			.withPropertyValues("activity-rank.rules.praise.points=2", "activity-rank.rules.collect.points=2",
					"activity-rank.rules.comment.points=3", "activity-rank.rules.follow.points=2",
					"activity-rank.page-views.enabled=true")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("no rule 'page-view' is configured"));
	}

	/** The documented way to wait for queued awards. */
	private static void awaitIdle(org.springframework.context.ApplicationContext context) {
		assertThat(context.getBean(ActivityRankAdmin.class).awaitApplied(Duration.ofSeconds(10))).isTrue();
	}

	private static long score(ActivityRankService service, String user) {
		return service.board(Period.DAY).rankOf(user).map(RankEntry::score).orElse(0L);
	}

	record Article(long id, String authorId, String title) {
	}

	static class CurrentUser implements ActivityUserResolver {

		volatile String id;

		@Override
		public String currentUserId() {
			return this.id;
		}

	}

	static class Forum {

		private final AtomicLong ids = new AtomicLong();

		@ActivityScore(rule = "praise", field = "#articleId + '_praise'", revoke = "!#praise")
		public void praise(long articleId, boolean praise) {
		}

		@ActivityScore(rule = "collect", field = "#articleId + '_collect'", revoke = "!#collect")
		public void collect(long articleId, boolean collect) {
		}

		@ActivityScore(rule = "comment", field = "#result.id + '_comment'")
		public Article comment(long articleId, String text) {
			return new Article(this.ids.incrementAndGet(), "x", text);
		}

		@ActivityScore(points = 10, field = "#result.id + '_publish'", user = "#result.authorId")
		public Article publish(String author, String title) {
			return new Article(this.ids.incrementAndGet(), author, title);
		}

		@ActivityScore(rule = "follow", field = "'follow_' + #followee", revoke = "!#follow")
		public void follow(String followee, boolean follow) {
		}

		@ActivityScore(rule = "praise", field = "#articleId + '_praise'")
		public void praiseAndFail(long articleId) {
			throw new IllegalStateException("business failure");
		}

	}

	static class Walks {

		@ActivityScore(rule = "walk", pointsExpression = "#steps / 100", field = "#day", revoke = "#undo")
		public void walk(int steps, String day, boolean undo) {
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class WalkConfiguration {

		@Bean
		Walks walks() {
			return new Walks();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class ForumConfiguration {

		@Bean
		Forum forum() {
			return new Forum();
		}

		@Bean
		CurrentUser currentUser() {
			return new CurrentUser();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableWebMvc
	static class WebConfiguration {

		@Bean
		ArticleController articleController() {
			return new ArticleController();
		}

	}

	@RestController
	static class ArticleController {

		@GetMapping("/articles/{id}")
		String article(@PathVariable long id) {
			return "article " + id;
		}

		@PostMapping("/articles/{id}")
		String update(@PathVariable long id) {
			return "updated";
		}

		@GetMapping("/admin/stats")
		String stats() {
			return "stats";
		}

		@GetMapping("/missing/{id}")
		String missing(@PathVariable long id) {
			throw new ResponseStatusException(HttpStatus.NOT_FOUND);
		}

	}

}
