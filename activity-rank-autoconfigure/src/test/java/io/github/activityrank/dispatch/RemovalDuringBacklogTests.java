package io.github.activityrank.dispatch;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.engine.TimedActivityApplier;
import io.github.activityrank.test.EmbeddedRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A user removed while awards of theirs are still queued: the queued awards were made
 * before the removal, so they must not bring the user back. Prints one
 * {@code [reliability]} line; docs/reliability.md quotes it.
 */
class RemovalDuringBacklogTests {

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class))
		.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + this.redis.port(),
				"spring.data.redis.timeout=2s", "activity-rank.rules.praise.points=2",
				"activity-rank.periods=day,total");

	@AfterEach
	void closeRedis() {
		this.redis.close();
	}

	@Test
	void awardsQueuedBeforeARemovalDoNotBringTheUserBack() {
		this.runner.run((context) -> {
			ActivityRankService service = context.getBean(ActivityRankService.class);
			CountDownLatch gate = new CountDownLatch(1);
			AwardDispatchCounters counters = new AwardDispatchCounters();
			AsyncActivityDispatcher dispatcher = new AsyncActivityDispatcher(gated(service, gate), counters, 1, 10_000,
					QueueFullPolicy.CALLER_RUNS, null, Duration.ofSeconds(5), Duration.ofSeconds(5), Clock.systemUTC());
			try {
				// the worker holds the first batch at the gate: a backlog behind it
				int awards = 1_000;
				List<ActivityEvent> events = new ArrayList<>();
				for (int i = 0; i < awards; i++) {
					events.add(ActivityEvent.award((i % 2 == 0) ? "gone" : "stays", "post-" + i, "praise"));
				}
				dispatcher.dispatch(events);
				service.removeUser("gone");
				gate.countDown();
				assertThat(dispatcher.awaitIdle(Duration.ofSeconds(30))).isTrue();

				long resurrected = score(service, Period.TOTAL, "gone") + score(service, Period.DAY, "gone")
						+ service
							.history("gone", LocalDate.now(Clock.systemUTC()).minusDays(1),
									LocalDate.now(Clock.systemUTC()).plusDays(1))
							.size();
				long stays = score(service, Period.TOTAL, "stays");
				System.out.println("[reliability] removal-during-backlog: queued=" + awards + " ofRemovedUser="
						+ awards / 2 + " rejected=" + counters.getRejected() + " resurrected=" + resurrected
						+ " otherUserPoints=" + stays);
				assertThat(resurrected).isZero();
				assertThat(counters.getRejected()).isEqualTo(awards / 2);
				assertThat(stays).isEqualTo(awards);
				// a later award of the same user counts again
				assertThat(service.apply(ActivityEvent.award("gone", "after", "praise")).outcome().name())
					.isEqualTo("AWARDED");
			}
			finally {
				gate.countDown();
				dispatcher.close();
			}
		});
	}

	private static long score(ActivityRankService service, Period period, String user) {
		return service.board(period).rankOf(user).map(RankEntry::score).orElse(0L);
	}

	/** The service, whose batches wait for the gate before they go to Redis. */
	private static ActivityRankService gated(ActivityRankService service, CountDownLatch gate) {
		return (ActivityRankService) Proxy.newProxyInstance(RemovalDuringBacklogTests.class.getClassLoader(),
				new Class<?>[] { ActivityRankService.class, TimedActivityApplier.class }, (proxy, method, args) -> {
					if (method.getName().equals("applyAll")) {
						assertThat(gate.await(30, TimeUnit.SECONDS)).isTrue();
					}
					try {
						return method.invoke(service, args);
					}
					catch (InvocationTargetException ex) {
						throw ex.getCause();
					}
				});
	}

}
