package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityScoreAutoConfiguration;
import io.github.activityrank.test.EmbeddedRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A hung Redis with a full queue under {@code caller-runs}: callers wait at most
 * {@code activity-rank.async.caller-runs-timeout}, and their awards still land, once.
 * Prints one {@code [reliability]} line; docs/reliability.md quotes it.
 */
class CallerRunsTimeoutTests {

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityScoreAutoConfiguration.class))
		.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + this.redis.port(),
				"spring.data.redis.timeout=10s", "activity-rank.rules.praise.points=1",
				"activity-rank.periods=day,total", "activity-rank.async.threads=1",
				"activity-rank.async.queue-capacity=1", "activity-rank.async.caller-runs-timeout=300ms");

	@AfterEach
	void closeRedis() {
		this.redis.close();
	}

	@Test
	void callersWaitAtMostTheTimeoutWhileRedisHangsAndTheirAwardsStillLand() {
		this.runner.run((context) -> {
			ActivityDispatcher dispatcher = context.getBean(ActivityDispatcher.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
			WarmUp.applyOneAward(dispatcher);

			this.redis.command("CLIENT PAUSE 3000");
			int awards = 6;
			long slowest = 0;
			for (int i = 0; i < awards; i++) {
				long start = System.nanoTime();
				dispatcher.dispatch(List.of(ActivityEvent.award("carl", "f" + i, "praise")));
				slowest = Math.max(slowest, System.nanoTime() - start);
			}
			assertThat(dispatcher.awaitIdle(Duration.ofSeconds(20))).isTrue();
			long carl = service.board(Period.TOTAL).rankOf("carl").map(RankEntry::score).orElse(0L);
			System.out.println("[reliability] hung-redis-caller-runs: awards=" + awards + " callerRuns="
					+ counters.getCallerRuns() + " slowestCallMs=" + Duration.ofNanos(slowest).toMillis()
					+ " timeoutMs=300 points=" + carl);
			assertThat(counters.getCallerRuns()).isPositive();
			assertThat(Duration.ofNanos(slowest)).isLessThan(Duration.ofMillis(1_500));
			assertThat(carl).isEqualTo(awards);
		});
	}

}
