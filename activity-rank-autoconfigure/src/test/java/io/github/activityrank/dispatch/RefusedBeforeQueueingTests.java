package io.github.activityrank.dispatch;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.engine.ActivityRankCounters;
import io.github.activityrank.engine.TimedActivityApplier;
import io.github.activityrank.test.EmbeddedRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An award whose id or field the service refuses is refused when it is dispatched, on the
 * caller's thread: never queued, counted once as rejected (dispatch counter and service
 * outcome, as before), while the worker is still stuck on an earlier batch.
 */
class RefusedBeforeQueueingTests {

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
	void badIdsAndFieldsAreRefusedAtOnceAndNeverQueued() {
		this.runner.run((context) -> {
			ActivityRankService service = context.getBean(ActivityRankService.class);
			ActivityRankCounters outcomes = context.getBean(ActivityRankCounters.class);
			CountDownLatch gate = new CountDownLatch(1);
			AwardDispatchCounters counters = new AwardDispatchCounters();
			AsyncActivityDispatcher dispatcher = new AsyncActivityDispatcher(workersWaitFor(service, gate), counters, 1,
					100, QueueFullPolicy.DROP, null, Duration.ofSeconds(5), Duration.ofSeconds(5), Clock.systemUTC());
			try {
				dispatcher.dispatch(List.of(ActivityEvent.award("ada", "first", "praise")));
				List<ActivityEvent> bad = List.of(ActivityEvent.award("bob\uD800", "f", "praise"),
						ActivityEvent.award(" alice", "f", "praise"), ActivityEvent.award("carl", "f\u0007", "praise"),
						ActivityEvent.award("", "f", "praise"), ActivityEvent.award(null, "f", "praise"),
						ActivityEvent.award("dora", "x".repeat(10_000), "praise"),
						ActivityEvent.award("eve", "f", "praise").withItem("post", "p\uDC00"));
				dispatcher.dispatch(bad);
				// the worker still waits at the gate: the refusals did not wait behind it
				assertThat(counters.getRejected()).isEqualTo(bad.size());
				assertThat(outcomes.count(Outcome.REJECTED)).isEqualTo(bad.size());
				assertThat(counters.getQueued()).isOne();
				gate.countDown();
				assertThat(dispatcher.awaitIdle(Duration.ofSeconds(10))).isTrue();
				assertThat(counters.getRejected()).isEqualTo(bad.size());
				assertThat(counters.getApplied()).isOne();
				assertThat(counters.getQueued()).isOne();
				assertThat(service.board(Period.TOTAL).size()).isOne();
			}
			finally {
				gate.countDown();
				dispatcher.close();
			}
		});
	}

	/** The service, whose batches sent by a worker wait for the gate. */
	private static ActivityRankService workersWaitFor(ActivityRankService service, CountDownLatch gate) {
		return (ActivityRankService) Proxy.newProxyInstance(RefusedBeforeQueueingTests.class.getClassLoader(),
				new Class<?>[] { ActivityRankService.class, TimedActivityApplier.class }, (proxy, method, args) -> {
					if (method.getName().equals("applyAll")
							&& Thread.currentThread().getName().startsWith("activity-rank-")) {
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
