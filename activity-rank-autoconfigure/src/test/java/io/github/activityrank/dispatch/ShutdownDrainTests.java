package io.github.activityrank.dispatch;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityScoreAutoConfiguration;
import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.MutableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code close()} while awards and revokes keep coming: during the drain they still go
 * through their user's lane, so a revoke never overtakes its award, and what is
 * dispatched after the final drain is applied on the caller's thread and counted, never
 * left in a lane. Prints a {@code [reliability]} line; docs/reliability.md quotes it.
 */
class ShutdownDrainTests {

	private static final LocalDate DAY = LocalDate.of(2026, 3, 10);

	private static final int CALLERS = 4;

	private static final int PAIRS = 300;

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityScoreAutoConfiguration.class))
		.withBean(Clock.class, () -> new MutableClock(LocalDateTime.of(DAY, LocalTime.NOON), ZoneOffset.UTC))
		.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + this.redis.port(),
				"spring.data.redis.timeout=5s", "activity-rank.rules.praise.points=1",
				"activity-rank.periods=day,total", "activity-rank.time-zone=UTC", "activity-rank.async.threads=2",
				"activity-rank.async.queue-capacity=200000", "activity-rank.retry.shutdown-grace-period=60s");

	@AfterEach
	void closeRedis() {
		this.redis.close();
	}

	@Test
	void awardAndRevokePairsRacingACloseStayInOrderAndNothingIsLeftUncounted() {
		this.runner.run((context) -> {
			ActivityDispatcher dispatcher = context.getBean(ActivityDispatcher.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
			WarmUp.applyOneAward(dispatcher);
			long before = accounted(counters);
			// a backlog in every lane, and behind it the awards whose revokes come during
			// the drain
			int backlog = 40_000;
			List<ActivityEvent> bulk = new ArrayList<>(backlog);
			for (int i = 0; i < backlog; i++) {
				bulk.add(ActivityEvent.award("bulk" + (i % 2_000), "f" + (i / 2_000), "praise"));
			}
			dispatcher.dispatch(bulk);
			List<ActivityEvent> awards = new ArrayList<>();
			for (int t = 0; t < CALLERS; t++) {
				for (int i = 0; i < PAIRS; i++) {
					awards.add(ActivityEvent.award(pair(t, i), "p", "praise"));
				}
			}
			dispatcher.dispatch(awards);
			AtomicLong dispatched = new AtomicLong(backlog + awards.size());
			Thread closer = new Thread(dispatcher::close);
			closer.start();
			// the closer waits for the lanes' workers to drain them
			await("the drain under way").atMost(Duration.ofSeconds(10))
				.until(() -> closer.getState() == Thread.State.TIMED_WAITING
						|| closer.getState() == Thread.State.WAITING);
			assertThat(dispatcher.queueSize()).as("still draining when the revokes come").isPositive();
			List<Thread> callers = new ArrayList<>();
			for (int t = 0; t < CALLERS; t++) {
				int caller = t;
				Thread thread = new Thread(() -> {
					for (int i = 0; i < PAIRS; i++) {
						dispatcher.dispatch(List.of(ActivityEvent.revoke(pair(caller, i), "p", "praise")));
						// and a new pair, made during the drain
						dispatcher.dispatch(List.of(ActivityEvent.award(pair(caller, i) + "-new", "p", "praise")));
						dispatcher.dispatch(List.of(ActivityEvent.revoke(pair(caller, i) + "-new", "p", "praise")));
						dispatched.addAndGet(3);
					}
				});
				thread.start();
				callers.add(thread);
			}
			for (Thread thread : callers) {
				thread.join(120_000);
				assertThat(thread.isAlive()).isFalse();
			}
			closer.join(120_000);
			assertThat(closer.isAlive()).isFalse();
			// after the final drain: applied here and counted
			for (int i = 0; i < 100; i++) {
				dispatcher.dispatch(List.of(ActivityEvent.award("late" + i, "l", "praise")));
			}
			dispatched.addAndGet(100);
			assertThat(dispatcher.awaitIdle(Duration.ofSeconds(30))).isTrue();
			long overtaken = 0;
			for (int t = 0; t < CALLERS; t++) {
				for (int i = 0; i < PAIRS; i++) {
					overtaken += service.board(Period.TOTAL).rankOf(pair(t, i)).isPresent() ? 1 : 0;
					overtaken += service.board(Period.TOTAL).rankOf(pair(t, i) + "-new").isPresent() ? 1 : 0;
				}
			}
			long late = 0;
			for (int i = 0; i < 100; i++) {
				late += service.board(Period.TOTAL).rankOf("late" + i).isPresent() ? 1 : 0;
			}
			long counted = accounted(counters) - before;
			System.out.println("[reliability] shutdown-drain: dispatched=" + dispatched.get() + " counted=" + counted
					+ " revokesOvertaken=" + overtaken + " queuedAfterClose=" + dispatcher.queueSize() + " lateApplied="
					+ late + " dropped=" + counters.getDropped());
			assertThat(overtaken).isZero();
			assertThat(dispatcher.queueSize()).isZero();
			assertThat(counted).isEqualTo(dispatched.get());
			assertThat(late).isEqualTo(100);
		});
	}

	private static String pair(int caller, int i) {
		return "pair" + caller + "-" + i;
	}

	/** Every award that ended one way or another. */
	private static long accounted(AwardDispatchCounters counters) {
		return counters.getApplied() + counters.getRejected() + counters.getFailed() + counters.getDropped()
				+ counters.getSetAside() + counters.getRetryDropped();
	}

}
