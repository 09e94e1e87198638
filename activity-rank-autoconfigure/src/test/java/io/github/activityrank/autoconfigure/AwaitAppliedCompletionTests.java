package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ActivityScore;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import io.github.activityrank.test.TestDatabase;
import io.github.activityrank.test.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ActivityRankAdmin#awaitApplied(Duration)} means applied, for methods whose work
 * completes later too: their awards are pending from the moment the work starts (a
 * {@code CompletionStage} returned, a {@code Mono} subscribed) until they are applied,
 * with the background dispatcher and with awards applied on the caller's thread.
 */
class AwaitAppliedCompletionTests {

	private final String prefix = RedisTestServer.uniquePrefix("await-completion");

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityScoreAutoConfiguration.class, AopAutoConfiguration.class))
		.withUserConfiguration(TasksConfiguration.class)
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.periods=day",
				"activity-rank.rules.finish.points=5");

	@AfterEach
	void deleteKeys() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

	@ParameterizedTest
	@ValueSource(booleans = { true, false })
	void aCompletionStageThatIsNotCompleteIsPending(boolean async) {
		this.runner.withPropertyValues("activity-rank.async.enabled=" + async).run((context) -> {
			CompletableFuture<String> work = new CompletableFuture<>();
			context.getBean(Tasks.class).finish("ann", work);
			ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
			assertThat(admin.awaitApplied(Duration.ofMillis(200))).isFalse();
			assertThat(score(context, "ann")).isZero();
			work.complete("done");
			assertThat(admin.awaitApplied(Duration.ofSeconds(10))).isTrue();
			assertThat(score(context, "ann")).isEqualTo(5);
		});
	}

	@ParameterizedTest
	@ValueSource(booleans = { true, false })
	void awaitAppliedReturnsOnceTheAwardOfAStageCompletedElsewhereIsApplied(boolean async) {
		this.runner.withPropertyValues("activity-rank.async.enabled=" + async).run((context) -> {
			// completed 300 ms from now on another thread
			CompletableFuture<String> work = CompletableFuture.supplyAsync(() -> "done",
					CompletableFuture.delayedExecutor(300, TimeUnit.MILLISECONDS));
			context.getBean(Tasks.class).finish("ben", work);
			assertThat(context.getBean(ActivityRankAdmin.class).awaitApplied(Duration.ofSeconds(10))).isTrue();
			assertThat(score(context, "ben")).isEqualTo(5);
		});
	}

	@ParameterizedTest
	@ValueSource(booleans = { true, false })
	void aFailedStageIsNoLongerPendingAndAwardsNothing(boolean async) {
		this.runner.withPropertyValues("activity-rank.async.enabled=" + async).run((context) -> {
			CompletableFuture<String> work = new CompletableFuture<>();
			context.getBean(Tasks.class).finish("cy", work);
			work.completeExceptionally(new IllegalStateException("failed"));
			assertThat(context.getBean(ActivityRankAdmin.class).awaitApplied(Duration.ofSeconds(10))).isTrue();
			assertThat(score(context, "cy")).isZero();
		});
	}

	@ParameterizedTest
	@ValueSource(booleans = { true, false })
	void aMonoIsPendingOnlyOnceSubscribedAndAwaitAppliedWaitsForItsAward(boolean async) {
		this.runner.withPropertyValues("activity-rank.async.enabled=" + async).run((context) -> {
			Sinks.One<String> work = Sinks.one();
			Mono<String> mono = context.getBean(Tasks.class).finishLater("dee", work.asMono());
			ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
			// nobody subscribed: nothing pending, nothing awarded
			assertThat(admin.awaitApplied(Duration.ofSeconds(1))).isTrue();
			mono.subscribe();
			assertThat(admin.awaitApplied(Duration.ofMillis(200))).isFalse();
			work.tryEmitValue("done");
			assertThat(admin.awaitApplied(Duration.ofSeconds(10))).isTrue();
			assertThat(score(context, "dee")).isEqualTo(5);
		});
	}

	@Test
	void withTheLedgerAnAwardMadeOnANonBlockingThreadIsWrittenElsewhereAndWaitedFor() {
		try (TestDatabase database = TestDatabases.h2()) {
			this.runner.withConfiguration(AutoConfigurations.of(ActivityRankLedgerAutoConfiguration.class))
				.withBean(DataSource.class, database::dataSource, (definition) -> definition.setDestroyMethodName(""))
				.withPropertyValues("activity-rank.ledger.enabled=true")
				.run((context) -> {
					Tasks tasks = context.getBean(Tasks.class);
					// completes on Reactor's parallel scheduler, where JDBC must not run
					tasks.finishLater("eli", Mono.delay(Duration.ofMillis(200)).thenReturn("done")).subscribe();
					CompletableFuture<String> work = CompletableFuture.supplyAsync(() -> "done",
							CompletableFuture.delayedExecutor(200, TimeUnit.MILLISECONDS));
					tasks.finish("fin", work);
					assertThat(context.getBean(ActivityRankAdmin.class).awaitApplied(Duration.ofSeconds(10))).isTrue();
					assertThat(score(context, "eli")).isEqualTo(5);
					assertThat(score(context, "fin")).isEqualTo(5);
				});
		}
	}

	private static long score(ApplicationContext context, String user) {
		return context.getBean(ActivityRankService.class)
			.board(Period.DAY)
			.rankOf(user)
			.map(RankEntry::score)
			.orElse(0L);
	}

	@Configuration(proxyBeanMethods = false)
	static class TasksConfiguration {

		@Bean
		Tasks tasks() {
			return new Tasks();
		}

	}

	static class Tasks {

		@ActivityScore(rule = "finish", user = "#user", field = "'task'")
		CompletionStage<String> finish(String user, CompletionStage<String> work) {
			return work;
		}

		@ActivityScore(rule = "finish", user = "#user", field = "'task'")
		Mono<String> finishLater(String user, Mono<String> work) {
			return work;
		}

	}

}
