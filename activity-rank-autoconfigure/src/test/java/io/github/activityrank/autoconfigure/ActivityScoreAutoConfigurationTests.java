package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import javax.sql.DataSource;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityScore;
import io.github.activityrank.ActivityUserResolver;
import io.github.activityrank.aspect.ActivityScoreAspect;
import io.github.activityrank.aspect.ActivityScoreExpressionEvaluator;
import io.github.activityrank.aspect.ActivityScoreFailureAnalyzer;
import io.github.activityrank.aspect.ActivityScoreOperationSource;
import io.github.activityrank.aspect.ActivityScoreValidator;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.dispatch.ActivityDispatcherLifecycle;
import io.github.activityrank.dispatch.ActivityEventListener;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.dispatch.SyncActivityDispatcher;
import io.github.activityrank.engine.TransientFailurePolicy;
import io.github.activityrank.security.SecurityActivityUserResolver;
import io.github.activityrank.test.RecordingActivityRankService;
import io.github.activityrank.web.PageViewInterceptor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.aop.framework.Advised;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.interceptor.BeanFactoryTransactionAttributeSourceAdvisor;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

@ExtendWith(OutputCaptureExtension.class)
class ActivityScoreAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(AopAutoConfiguration.class, ActivityScoreAutoConfiguration.class))
		.withUserConfiguration(FakeServiceConfiguration.class)
		.withPropertyValues("activity-rank.rules.praise.points=2", "activity-rank.rules.comment.points=3");

	@Test
	void aStartupFailureIsNotPrecededByAMisleadingAdvisorSortingWarning(CapturedOutput output) {
		this.runner.withUserConfiguration(ForumConfiguration.class)
			.withPropertyValues("activity-rank.async.threads=0")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(output).doesNotContain("Advisor sorting failed", "custom use of the Ordered interface");
			});
	}

	@Test
	void definesDispatcherAspectValidatorListenerAndSecurityResolverByDefault() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(ActivityDispatcher.class)
				.hasSingleBean(AwardDispatchCounters.class)
				.hasSingleBean(ActivityEventListener.class)
				.hasSingleBean(ActivityScoreAspect.class)
				.hasSingleBean(ActivityScoreValidator.class)
				.hasSingleBean(ActivityScoreOperationSource.class)
				.hasSingleBean(ActivityScoreExpressionEvaluator.class)
				.hasSingleBean(SecurityActivityUserResolver.class)
				.doesNotHaveBean(PageViewInterceptor.class);
			assertThat(context.getBean(ActivityDispatcher.class).isAsync()).isTrue();
			assertThat(context.getBean(ActivityScoreAspect.class).getOrder()).isEqualTo(Integer.MAX_VALUE);
		});
	}

	@Test
	void backsOffToTheUsersBeans() {
		this.runner.withBean(ActivityUserResolver.class, () -> () -> "me").run((context) -> {
			assertThat(context).hasSingleBean(ActivityUserResolver.class)
				.doesNotHaveBean(SecurityActivityUserResolver.class);
		});
		this.runner
			.withBean("myDispatcher", ActivityDispatcher.class,
					() -> new SyncActivityDispatcher(new RecordingActivityRankService(), new AwardDispatchCounters()))
			.run((context) -> assertThat(context).getBean(ActivityDispatcher.class)
				.isSameAs(context.getBean("myDispatcher")));
	}

	@Test
	void wiresTheDispatchersOrderedStop() {
		this.runner.run((context) -> assertThat(context).hasSingleBean(ActivityDispatcherLifecycle.class));
	}

	@Test
	void keepsFailedAwardsForRetryAsTheUsersTransientFailurePolicySays() {
		this.runner.withBean(TransientFailurePolicy.class, () -> (failure) -> failure instanceof IllegalStateException)
			.withPropertyValues("activity-rank.retry.initial-backoff=10s", "activity-rank.retry.max-backoff=10s")
			.run((context) -> {
				context.getBean(RecordingActivityRankService.class)
					.failWith(() -> new IllegalStateException("not transient for Redis, transient here"));
				context.publishEvent(ActivityEvent.award("u2", "c1", "comment"));
				AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
				await("the award kept for retry").atMost(Duration.ofSeconds(5))
					.until(() -> counters.getRetryBuffered() == 1);
				assertThat(counters.getFailed()).isZero();
			});
	}

	@Test
	void isOffWhenActivityRankIsDisabled() {
		this.runner.withPropertyValues("activity-rank.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(ActivityDispatcher.class)
				.doesNotHaveBean(ActivityScoreAspect.class));
	}

	@Test
	void isOffWithoutAnActivityRankService() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(ActivityScoreAutoConfiguration.class))
			.run((context) -> assertThat(context).doesNotHaveBean(ActivityDispatcher.class));
	}

	@Test
	void hasNoAspectWithoutAspectJButStillListensToEvents() {
		this.runner.withClassLoader(new FilteredClassLoader("org.aspectj"))
			.run((context) -> assertThat(context).doesNotHaveBean(ActivityScoreAspect.class)
				.doesNotHaveBean(ActivityScoreValidator.class)
				.doesNotHaveBean(ActivityScoreOperationSource.class)
				.doesNotHaveBean(ActivityScoreExpressionEvaluator.class)
				.hasSingleBean(ActivityEventListener.class));
	}

	@Test
	void hasNoSecurityResolverWithoutSpringSecurity() {
		this.runner.withClassLoader(new FilteredClassLoader("org.springframework.security"))
			.run((context) -> assertThat(context).doesNotHaveBean(ActivityUserResolver.class));
	}

	@Test
	void appliesAwardsOnTheCallersThreadWhenAsyncIsDisabled() {
		this.runner.withPropertyValues("activity-rank.async.enabled=false", "activity-rank.aspect.order=7")
			.withUserConfiguration(ForumConfiguration.class)
			.run((context) -> {
				assertThat(context.getBean(ActivityDispatcher.class).isAsync()).isFalse();
				assertThat(context.getBean(ActivityScoreAspect.class).getOrder()).isEqualTo(7);
				context.getBean(Forum.class).praise(3);
				RecordingActivityRankService service = context.getBean(RecordingActivityRankService.class);
				assertThat(service.applied()).containsExactly(ActivityEvent.award("u1", "3_praise", "praise"));
				assertThat(service.threads()).containsExactly(Thread.currentThread().getName());
			});
	}

	@Test
	void appliesAwardsOnNamedWorkerThreadsByDefault() {
		this.runner.withUserConfiguration(ForumConfiguration.class).run((context) -> {
			context.getBean(Forum.class).praise(3);
			assertThat(context.getBean(ActivityDispatcher.class).awaitIdle(Duration.ofSeconds(5))).isTrue();
			RecordingActivityRankService service = context.getBean(RecordingActivityRankService.class);
			assertThat(service.applied()).containsExactly(ActivityEvent.award("u1", "3_praise", "praise"));
			assertThat(service.threads()).singleElement().asString().startsWith("activity-rank-");
		});
	}

	@Test
	void appliesPublishedActivityEvents() {
		this.runner.withPropertyValues("activity-rank.async.enabled=false").run((context) -> {
			context.publishEvent(ActivityEvent.award("u2", "c1", "comment"));
			assertThat(context.getBean(RecordingActivityRankService.class).applied())
				.containsExactly(ActivityEvent.award("u2", "c1", "comment"));
		});
	}

	@Test
	void failsTheStartOnAnInvalidAnnotationWithAnAnalyzableException() {
		this.runner.withUserConfiguration(BrokenConfiguration.class).run((context) -> {
			assertThat(context).hasFailed();
			Throwable failure = context.getStartupFailure();
			FailureAnalysis analysis = new ActivityScoreFailureAnalyzer().analyze(failure);
			assertThat(analysis).isNotNull();
			assertThat(analysis.getDescription()).contains(Broken.class.getName() + ".praise(long)")
				.contains("attribute 'rule' = \"prase\"")
				.contains("attribute 'field' = \"#id\"")
				.contains("#id is not a parameter");
			assertThat(analysis.getAction()).contains("activity-rank.rules.prase.points");
		});
	}

	@ParameterizedTest(name = "aspect order {0}")
	@ValueSource(ints = { Integer.MIN_VALUE, Integer.MAX_VALUE })
	void awardsAfterCommitAndNothingOnRollbackWhateverTheOrder(int order) {
		this.runner.withPropertyValues("activity-rank.async.enabled=false", "activity-rank.aspect.order=" + order)
			.withUserConfiguration(TransactionalConfiguration.class)
			.run((context) -> {
				RecordingActivityRankService service = context.getBean(RecordingActivityRankService.class);
				TransactionalForum forum = context.getBean(TransactionalForum.class);
				TransactionTemplate tx = new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
				assertThatIllegalStateException().isThrownBy(() -> forum.comment(1, true));
				tx.executeWithoutResult((status) -> {
					forum.comment(2, false);
					context.publishEvent(ActivityEvent.award("u1", "event-rolled-back", "praise"));
					status.setRollbackOnly();
				});
				assertThat(service.applied()).isEmpty();
				tx.executeWithoutResult((status) -> {
					forum.comment(3, false);
					context.publishEvent(ActivityEvent.award("u1", "event-committed", "praise"));
					assertThat(service.applied()).as("nothing before commit").isEmpty();
				});
				assertThat(service.applied()).containsExactly(ActivityEvent.award("u1", "3_comment", "comment"),
						ActivityEvent.award("u1", "event-committed", "praise"));
				forum.comment(4, false);
				assertThat(service.applied()).hasSize(3);
			});
	}

	@Test
	void runsInsideTransactionalWithTheDefaultOrdersAndOutsideWithALowerOne() {
		this.runner.withPropertyValues("activity-rank.async.enabled=false")
			.withUserConfiguration(TransactionalConfiguration.class)
			.run((context) -> assertThat(advisorTypes(context.getBean(TransactionalForum.class)))
				.containsSubsequence(BeanFactoryTransactionAttributeSourceAdvisor.class, ActivityScoreAspect.class));
		this.runner.withPropertyValues("activity-rank.async.enabled=false", "activity-rank.aspect.order=0")
			.withUserConfiguration(TransactionalConfiguration.class)
			.run((context) -> assertThat(advisorTypes(context.getBean(TransactionalForum.class)))
				.containsSubsequence(ActivityScoreAspect.class, BeanFactoryTransactionAttributeSourceAdvisor.class));
	}

	/** The proxy's advisors, outermost first. */
	private static List<Class<?>> advisorTypes(Object proxy) {
		return Arrays.stream(((Advised) proxy).getAdvisors()).<Class<?>>map(Object::getClass).toList();
	}

	@Configuration(proxyBeanMethods = false)
	static class FakeServiceConfiguration {

		@Bean
		RecordingActivityRankService recordingActivityRankService() {
			return new RecordingActivityRankService();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class ForumConfiguration {

		@Bean
		Forum forum() {
			return new Forum();
		}

		@Bean
		ActivityUserResolver userResolver() {
			return () -> "u1";
		}

	}

	static class Forum {

		@ActivityScore(rule = "praise", field = "#articleId + '_praise'")
		public void praise(long articleId) {
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class BrokenConfiguration {

		@Bean
		Broken broken() {
			return new Broken();
		}

	}

	static class Broken {

		@ActivityScore(rule = "prase", field = "#id")
		public void praise(long articleId) {
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableTransactionManagement
	static class TransactionalConfiguration {

		@Bean
		DataSource dataSource() {
			return new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2).generateUniqueName(true).build();
		}

		@Bean
		DataSourceTransactionManager transactionManager(DataSource dataSource) {
			return new DataSourceTransactionManager(dataSource);
		}

		@Bean
		TransactionalForum transactionalForum(ApplicationEventPublisher publisher) {
			return new TransactionalForum();
		}

		@Bean
		ActivityUserResolver userResolver() {
			return () -> "u1";
		}

	}

	static class TransactionalForum {

		@Transactional
		@ActivityScore(rule = "comment", field = "#id + '_comment'")
		public void comment(long id, boolean fail) {
			if (fail) {
				throw new IllegalStateException("rolled back");
			}
		}

	}

}
