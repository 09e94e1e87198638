package io.github.activityrank.dispatch;

import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
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
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Redis goes away and comes back (empty, with no scripts cached) or answers slowly, under
 * a real context with short Lettuce timeouts and a private redis-server. Each test prints
 * one {@code [reliability]} line with its figures; docs/reliability.md quotes them.
 */
@ExtendWith(OutputCaptureExtension.class)
class RedisOutageTests {

	private static final long PRAISE = 2;

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityScoreAutoConfiguration.class))
		.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + this.redis.port(),
				"spring.data.redis.timeout=200ms", "spring.data.redis.connect-timeout=200ms",
				"activity-rank.rules.praise.points=" + PRAISE, "activity-rank.periods=day,total",
				// one worker: awards and revokes of the same field keep their order
				"activity-rank.async.threads=1", "activity-rank.retry.initial-backoff=50ms",
				"activity-rank.retry.max-backoff=400ms");

	@AfterEach
	void closeRedis() {
		this.redis.close();
	}

	@Test
	void awardsDispatchedDuringAnOutageAreAppliedExactlyOnceAfterRestart() {
		this.runner.run((context) -> {
			ActivityDispatcher dispatcher = context.getBean(ActivityDispatcher.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
			warmUp(dispatcher, service);
			// on a loaded machine the warm-up itself may time out once and be retried
			long retriedBefore = counters.getRetried();

			stopRedis();
			List<ActivityEvent> events = new ArrayList<>();
			for (int i = 0; i < 200; i++) {
				events.add(ActivityEvent.award("alice", "a" + i, "praise"));
			}
			for (int i = 0; i < 50; i++) {
				events.add(ActivityEvent.award("alice", "a" + i, "praise")); // repeats:
																				// no
																				// points
			}
			for (int i = 0; i < 30; i++) {
				events.add(ActivityEvent.award("bob", "b" + i, "praise"));
			}
			for (int i = 0; i < 10; i++) {
				events.add(ActivityEvent.revoke("bob", "b" + i, "praise")); // after their
																			// award
			}
			long slowest = 0;
			for (ActivityEvent event : events) {
				long start = System.nanoTime();
				dispatcher.dispatch(List.of(event));
				slowest = Math.max(slowest, System.nanoTime() - start);
			}
			assertThat(Duration.ofNanos(slowest)).isLessThan(Duration.ofMillis(50));
			await("all awards in the retry buffer").atMost(Duration.ofSeconds(10))
				.until(() -> counters.getRetryBuffered() >= events.size());
			// a few failed retries with growing backoff, none of them applied
			await("no retry succeeds while Redis is down").during(Duration.ofMillis(600))
				.atMost(Duration.ofSeconds(2))
				.until(() -> counters.getRetried() == retriedBefore);

			this.redis.startServer(); // empty memory, no scripts cached
			long restarted = System.nanoTime();
			assertThat(dispatcher.awaitIdle(Duration.ofSeconds(30))).isTrue();
			long drainMillis = Duration.ofNanos(System.nanoTime() - restarted).toMillis();

			long expectedAlice = 200 * PRAISE;
			long expectedBob = (30 - 10) * PRAISE;
			long alice = score(service, "alice");
			long bob = score(service, "bob");
			assertThat(alice).isEqualTo(expectedAlice);
			assertThat(bob).isEqualTo(expectedBob);
			assertThat(score(service, "warmup")).isZero(); // lost with the server's
															// memory
			assertThat(counters.getRetried() - retriedBefore).isEqualTo(events.size());
			assertThat(counters.getRetryDropped()).isZero();
			assertThat(counters.getFailed()).isZero();
			assertThat(counters.getRetryPending()).isZero();
			summary("outage-and-restart", events.size(), counters,
					"expected=" + (expectedAlice + expectedBob) + " actual=" + (alice + bob) + " difference="
							+ (alice + bob - expectedAlice - expectedBob) + " drainMs=" + drainMillis);
		});
	}

	@Test
	void awardsRedisRefusesAsOutOfMemoryAreRetriedAndNoneIsLost() {
		this.runner.run((context) -> {
			ActivityDispatcher dispatcher = context.getBean(ActivityDispatcher.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
			warmUp(dispatcher, service);
			long retriedBefore = counters.getRetried();

			// full: every write is refused with OOM, and nothing is evicted
			this.redis.command("CONFIG SET maxmemory-policy noeviction");
			this.redis.command("CONFIG SET maxmemory 1");
			List<ActivityEvent> events = new ArrayList<>();
			for (int i = 0; i < 100; i++) {
				events.add(ActivityEvent.award("frank", "f" + i, "praise"));
			}
			dispatcher.dispatch(events);
			await("all awards in the retry buffer").atMost(Duration.ofSeconds(10))
				.until(() -> counters.getRetryBuffered() >= events.size());
			await("nothing applied while Redis is full").during(Duration.ofSeconds(5))
				.atMost(Duration.ofSeconds(7))
				.until(() -> score(service, "frank") == 0);
			assertThat(counters.getFailed()).isZero();

			this.redis.command("CONFIG SET maxmemory 0");
			assertThat(dispatcher.awaitIdle(Duration.ofSeconds(30))).isTrue();
			long frank = score(service, "frank");
			assertThat(frank).isEqualTo(100 * PRAISE);
			assertThat(counters.getRetried() - retriedBefore).isEqualTo(events.size());
			assertThat(counters.getFailed()).isZero();
			assertThat(counters.getRetryDropped()).isZero();
			summary("oom-5s", events.size(), counters,
					"expected=" + 100 * PRAISE + " actual=" + frank + " lost=" + (100 * PRAISE - frank) / PRAISE);
		});
	}

	@Test
	void overflowOfTheRetryBufferIsDroppedAndCounted(CapturedOutput output) {
		this.runner.withPropertyValues("activity-rank.retry.capacity=10").run((context) -> {
			ActivityDispatcher dispatcher = context.getBean(ActivityDispatcher.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
			stopRedis();
			List<ActivityEvent> events = new ArrayList<>();
			for (int i = 0; i < 100; i++) {
				events.add(ActivityEvent.award("carol", "c" + i, "praise"));
			}
			dispatcher.dispatch(events);
			await("every award buffered or dropped").atMost(Duration.ofSeconds(10))
				.until(() -> counters.getRetryBuffered() + counters.getRetryDropped() == events.size());
			assertThat(dispatcher.retryBufferSize()).isEqualTo(10);

			this.redis.startServer();
			assertThat(dispatcher.awaitIdle(Duration.ofSeconds(30))).isTrue();
			long carol = score(service, "carol");
			assertThat(carol).isEqualTo(10 * PRAISE); // the oldest ten were kept
			assertThat(counters.getRetried()).isEqualTo(10);
			assertThat(counters.getRetryDropped()).isEqualTo(90);
			assertThat(output).containsOnlyOnce("activity-rank retry buffer is full");
			summary("buffer-overflow", events.size(), counters,
					"expected=" + 10 * PRAISE + " actual=" + carol + " difference=" + (carol - 10 * PRAISE));
		});
	}

	@Test
	void shutdownWithRedisDownGivesUpAfterTheGracePeriodAndCountsWhatIsLeft(CapturedOutput output) {
		Duration grace = Duration.ofSeconds(1);
		this.runner.withPropertyValues("activity-rank.retry.shutdown-grace-period=" + grace.toMillis() + "ms")
			.run((context) -> {
				ActivityDispatcher dispatcher = context.getBean(ActivityDispatcher.class);
				ActivityDispatcherLifecycle lifecycle = context.getBean(ActivityDispatcherLifecycle.class);
				AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
				stopRedis();
				List<ActivityEvent> events = new ArrayList<>();
				for (int i = 0; i < 50; i++) {
					events.add(ActivityEvent.award("dan", "d" + i, "praise"));
				}
				dispatcher.dispatch(events);
				// the dispatcher's own stop, as the context runs it first; the rest of
				// closing the
				// context (Lettuce's shutdown) is not ours to time
				long start = System.nanoTime();
				lifecycle.stop();
				Duration closing = Duration.ofNanos(System.nanoTime() - start);
				context.close();
				assertThat(closing).isLessThan(grace.plusMillis(500));
				long lost = counters.getRetryDropped() + counters.getDropped() + counters.getFailed();
				assertThat(lost).isEqualTo(events.size());
				assertThat(counters.getApplied()).isZero();
				assertThat(output).contains("activity-rank shut down with");
				summary("shutdown-redis-down", events.size(), counters,
						"closeMs=" + closing.toMillis() + " graceMs=" + grace.toMillis() + " lostAndCounted=" + lost);
			});
	}

	@Test
	void slowRedisDoesNotSlowTheCallerAndTheAwardLandsAfterwards() {
		this.runner.withPropertyValues("spring.data.redis.timeout=3s").run((context) -> {
			ActivityDispatcher dispatcher = context.getBean(ActivityDispatcher.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
			context.publishEvent(ActivityEvent.award("erin", "warm", "praise"));
			assertThat(dispatcher.awaitIdle(Duration.ofSeconds(10))).isTrue();

			long paused = System.nanoTime();
			this.redis.command("CLIENT PAUSE 1000"); // every client of this server waits
														// a
			// second
			long start = System.nanoTime();
			context.publishEvent(ActivityEvent.award("erin", "slow", "praise"));
			Duration call = Duration.ofNanos(System.nanoTime() - start);
			assertThat(call).isLessThan(Duration.ofMillis(50));
			assertThat(dispatcher.awaitIdle(Duration.ofSeconds(10))).isTrue();
			Duration landed = Duration.ofNanos(System.nanoTime() - paused);
			assertThat(landed).isGreaterThan(Duration.ofMillis(500)); // Redis really was
																		// stuck
			assertThat(score(service, "erin")).isEqualTo(2 * PRAISE);
			assertThat(counters.getRetryBuffered()).isZero(); // slow, not failed
			summary("slow-redis", 2, counters,
					"callMicros=" + call.toNanos() / 1000 + " landedAfterMs=" + landed.toMillis());
		});
	}

	/**
	 * Stop the server and wait until its port refuses connections: nothing lands in the
	 * old memory.
	 */
	private void stopRedis() {
		this.redis.stop();
		await("the port refuses connections").atMost(Duration.ofSeconds(10)).until(() -> {
			try (Socket socket = new Socket("127.0.0.1", this.redis.port())) {
				return false;
			}
			catch (IOException ex) {
				return true;
			}
		});
	}

	/**
	 * One award applied before the fault: the scripts are loaded, the connection open.
	 */
	private static void warmUp(ActivityDispatcher dispatcher, ActivityRankService service) {
		WarmUp.applyOneAward(dispatcher);
		assertThat(score(service, "warmup")).isEqualTo(PRAISE);
	}

	private static long score(ActivityRankService service, String user) {
		return service.board(Period.TOTAL).rankOf(user).map(RankEntry::score).orElse(0L);
	}

	private static void summary(String scenario, int dispatched, AwardDispatchCounters counters, String extra) {
		System.out.println("[reliability] " + scenario + ": dispatched=" + dispatched + " applied="
				+ counters.getApplied() + " retried=" + counters.getRetried() + " buffered="
				+ counters.getRetryBuffered() + " retryDropped=" + counters.getRetryDropped() + " dropped="
				+ counters.getDropped() + " failed=" + counters.getFailed() + " " + extra);
	}

}
