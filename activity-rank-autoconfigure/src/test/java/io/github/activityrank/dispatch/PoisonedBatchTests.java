package io.github.activityrank.dispatch;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
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
 * One award that fails for good (its user's record key holds a string, so the script
 * fails with {@code WRONGTYPE}) among many: it is set aside and counted, everything else
 * is applied, also when its batch failed transiently first. Prints {@code [reliability]}
 * lines; docs/reliability.md quotes them.
 */
class PoisonedBatchTests {

	private static final LocalDate DAY = LocalDate.of(2026, 3, 10);

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityScoreAutoConfiguration.class))
		.withBean(Clock.class, () -> new MutableClock(LocalDateTime.of(DAY, LocalTime.NOON), ZoneOffset.UTC))
		.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + this.redis.port(),
				"spring.data.redis.timeout=2s", "activity-rank.rules.praise.points=1",
				"activity-rank.periods=day,total", "activity-rank.time-zone=UTC",
				"activity-rank.retry.initial-backoff=50ms", "activity-rank.retry.max-backoff=200ms");

	@AfterEach
	void closeRedis() {
		this.redis.close();
	}

	@Test
	void aPoisonedAwardAmong100000IsSetAsideAndTheRestApplied() {
		this.runner.run((context) -> {
			ActivityDispatcher dispatcher = context.getBean(ActivityDispatcher.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
			poison();
			int users = 1_000;
			int fields = 100;
			for (int f = 0; f < fields; f++) {
				List<ActivityEvent> events = new ArrayList<>(users + 1);
				for (int u = 0; u < users; u++) {
					events.add(ActivityEvent.award("u" + u, "f" + f, "praise"));
					if (f == fields / 2 && u == users / 2) {
						events.add(ActivityEvent.award("poison", "p", "praise"));
					}
				}
				dispatcher.dispatch(events);
			}
			assertThat(dispatcher.awaitIdle(Duration.ofSeconds(120))).isTrue();
			long wrong = wrongUsers(service, users, fields);
			System.out.println("[reliability] poisoned-batch: awards=" + (users * fields + 1) + " applied="
					+ counters.getApplied() + " setAside=" + counters.getSetAside() + " failed=" + counters.getFailed()
					+ " usersWithWrongScore=" + wrong);
			assertThat(wrong).isZero();
			assertThat(counters.getSetAside()).isEqualTo(1);
			assertThat(counters.getFailed()).isZero();
		});
	}

	@Test
	void aBatchThatFailsTransientlyThenForGoodIsSetAsideAndTheBufferDrains() {
		this.runner.run((context) -> {
			ActivityDispatcher dispatcher = context.getBean(ActivityDispatcher.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
			WarmUp.applyOneAward(dispatcher);
			poison();
			// full: every award is refused with OOM, a failure waiting cures
			this.redis.command("CONFIG SET maxmemory-policy noeviction");
			this.redis.command("CONFIG SET maxmemory 1");
			List<ActivityEvent> events = new ArrayList<>();
			for (int u = 0; u < 100; u++) {
				events.add(ActivityEvent.award("u" + u, "f0", "praise"));
				if (u == 50) {
					events.add(ActivityEvent.award("poison", "p", "praise"));
				}
			}
			dispatcher.dispatch(events);
			await("the batch in the retry buffer").atMost(Duration.ofSeconds(10))
				.until(() -> counters.getRetryBuffered() >= events.size());
			this.redis.command("CONFIG SET maxmemory 0");
			boolean drained = dispatcher.awaitIdle(Duration.ofSeconds(20));
			long wrong = wrongUsers(service, 100, 1);
			System.out.println("[reliability] poisoned-after-oom: awards=" + events.size() + " drained=" + drained
					+ " setAside=" + counters.getSetAside() + " usersWithWrongScore=" + wrong);
			assertThat(drained).isTrue();
			assertThat(wrong).isZero();
			assertThat(counters.getSetAside()).isEqualTo(1);
		});
	}

	private static long wrongUsers(ActivityRankService service, int users, int fields) {
		long wrong = 0;
		for (int u = 0; u < users; u++) {
			long score = service.board(Period.TOTAL).rankOf("u" + u).map(RankEntry::score).orElse(0L);
			if (score != fields) {
				wrong++;
			}
		}
		return wrong;
	}

	/** The poisoned user's record of the day holds a string: its awards fail for good. */
	private void poison() {
		this.redis.command("SET {activity_rank}:rec:" + DAY.toString().replace("-", "") + ":poison x");
	}

}
