package io.github.activityrank.redis;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.ChallengeEndedEvent;
import io.github.activityrank.ChallengeService;
import io.github.activityrank.Period;
import io.github.activityrank.PeriodEndedEvent;
import io.github.activityrank.RankEntry;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.EventListener;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

/**
 * The end of a board or a challenge is published once across every instance that shares
 * the Redis, also by an instance that starts after the end, and never breaks the
 * application.
 */
@ExtendWith(OutputCaptureExtension.class)
class EndedBoardEventsTests {

	private static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

	// Wednesday 18 November 2026, 10:00 in Shanghai; the challenge ends at 12:00
	private static final LocalDateTime WEDNESDAY = LocalDateTime.of(2026, 11, 18, 10, 0);

	private static final LocalDate DAY = WEDNESDAY.toLocalDate();

	private static final Instant CHALLENGE_END = WEDNESDAY.withHour(12).atZone(ZONE).toInstant();

	private final String prefix = RedisTestServer.uniquePrefix("events");

	private final MutableClock clock = new MutableClock(WEDNESDAY, ZONE);

	/** What every instance's listener received, in order. */
	private final Queue<Object> events = new ConcurrentLinkedQueue<>();

	/**
	 * Instances check once as they start, and then when a test says so (the interval is
	 * an hour).
	 */
	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.time-zone=Asia/Shanghai",
				"activity-rank.periods=day,week,month,total", "activity-rank.rules.comment.points=3",
				"activity-rank.events.top=2", "activity-rank.events.check-interval=1h")
		.withBean(MutableClock.class, () -> this.clock)
		.withBean(Recorder.class, () -> new Recorder(this.events));

	@AfterEach
	void cleanUp() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

	/** Three users on today's boards and on a challenge that ends at noon. */
	private void scoreToday(AssertableApplicationContext context) {
		ChallengeService challenges = context.getBean(ChallengeService.class);
		challenges.create(
				new ChallengeDefinition("sprint", WEDNESDAY.atZone(ZONE).toInstant(), CHALLENGE_END, Set.of(), true));
		ActivityRankService ranks = context.getBean(ActivityRankService.class);
		ranks.award("a", "x", "comment");
		ranks.award("b", "x", 5);
		ranks.award("c", "x", 1);
	}

	/**
	 * Stop the instances' scheduled checks, so that only the test's own checks run: a
	 * first check that a loaded machine delays would otherwise run after the test moved
	 * the clock, and publish an end the test expects another check to publish.
	 */
	private static void manualChecksOnly(ConfigurableApplicationContext... instances) {
		for (ConfigurableApplicationContext instance : instances) {
			instance.getBean(EndedBoardEvents.class).stop();
		}
	}

	private static int checkNow(ConfigurableApplicationContext context) {
		return context.getBean(EndedBoardEvents.class).checkNow();
	}

	private List<PeriodEndedEvent> periodEvents() {
		return this.events.stream()
			.filter(PeriodEndedEvent.class::isInstance)
			.map(PeriodEndedEvent.class::cast)
			.toList();
	}

	private List<ChallengeEndedEvent> challengeEvents() {
		return this.events.stream()
			.filter(ChallengeEndedEvent.class::isInstance)
			.map(ChallengeEndedEvent.class::cast)
			.toList();
	}

	@Test
	void threeInstancesPublishEachEndOnceAndOneStartedLaterPublishesNothingMore() {
		this.runner.run((first) -> this.runner.run((second) -> this.runner.run((third) -> {
			manualChecksOnly(first, second, third);
			scoreToday(first);
			List<ConfigurableApplicationContext> instances = List.of(first, second, third);
			assertThat(checkAllAtOnce(instances)).isZero();

			this.clock.set(WEDNESDAY.withHour(12));
			assertThat(checkAllAtOnce(instances)).isEqualTo(1);
			this.clock.set(DAY.plusDays(1).atTime(0, 0, 30));
			assertThat(checkAllAtOnce(instances)).isEqualTo(1);
			// Monday: the week of the 18th has ended too
			this.clock.set(LocalDateTime.of(2026, 11, 23, 0, 0, 10));
			assertThat(checkAllAtOnce(instances)).isEqualTo(1);
			assertThat(checkAllAtOnce(instances)).isZero();

			this.runner.run((fourth) -> assertThat(checkNow(fourth)).isZero());
		})));

		assertThat(challengeEvents()).singleElement().satisfies((event) -> {
			assertThat(event.challenge().id()).isEqualTo("sprint");
			assertThat(event.top()).extracting(RankEntry::id, RankEntry::rank, RankEntry::score)
				.containsExactly(tuple("b", 1L, 5L), tuple("a", 2L, 3L));
		});
		assertThat(periodEvents()).extracting(PeriodEndedEvent::period, PeriodEndedEvent::start)
			.containsExactly(tuple(Period.DAY, DAY), tuple(Period.WEEK, LocalDate.of(2026, 11, 16)));
		assertThat(periodEvents().get(0).top()).extracting(RankEntry::id).containsExactly("b", "a");
	}

	/** Every instance checks at the same moment; the number of events published. */
	static int checkAllAtOnce(List<ConfigurableApplicationContext> instances) throws Exception {
		ExecutorService threads = Executors.newFixedThreadPool(instances.size());
		try {
			CyclicBarrier start = new CyclicBarrier(instances.size());
			List<Future<Integer>> checks = new ArrayList<>();
			for (ConfigurableApplicationContext instance : instances) {
				checks.add(threads.submit(() -> {
					// a barrier that times out throws, failing the check
					start.await(10, TimeUnit.SECONDS);
					return checkNow(instance);
				}));
			}
			int published = 0;
			for (Future<Integer> check : checks) {
				published += check.get(30, TimeUnit.SECONDS);
			}
			return published;
		}
		finally {
			threads.shutdownNow();
		}
	}

	@Test
	void anInstanceStartedAfterTheEndPublishesWhatNoInstanceSaw() {
		this.runner.run(this::scoreToday);
		this.clock.set(DAY.plusDays(3).atTime(9, 0));

		this.runner.run((late) -> {
			// its first check runs as it starts
			await().atMost(Duration.ofSeconds(10)).until(() -> this.events.size() == 2);
			assertThat(checkNow(late)).isZero();
		});
		this.runner.run((later) -> assertThat(checkNow(later)).isZero());

		assertThat(periodEvents()).extracting(PeriodEndedEvent::period, PeriodEndedEvent::start)
			.containsExactly(tuple(Period.DAY, DAY));
		assertThat(challengeEvents()).extracting((event) -> event.challenge().id()).containsExactly("sprint");
	}

	@Test
	void aClaimLeftByAnInstanceThatDiedIsPublishedByAnotherOnceItsLeaseHasRunOut() {
		this.runner.run((context) -> {
			manualChecksOnly(context);
			scoreToday(context);
			this.clock.set(DAY.plusDays(1).atTime(0, 0, 30));
			RankKeys keys = context.getBean(RankKeys.class);
			StringRedisTemplate redis = context.getBean(StringRedisTemplate.class);
			// an instance claimed both ends until 00:10 and died before publishing them
			String deadClaim = "claimed:dead-instance:"
					+ DAY.plusDays(1).atTime(0, 10).atZone(ZONE).toInstant().toEpochMilli();
			List<String> markers = List.of(keys.periodEnded(Period.DAY, DAY), keys.challengeEnded("sprint"));
			markers.forEach((marker) -> redis.opsForValue().set(marker, deadClaim, Duration.ofDays(2)));

			assertThat(checkNow(context)).isZero();
			this.clock.set(DAY.plusDays(1).atTime(0, 10));
			assertThat(checkNow(context)).isEqualTo(2);
			assertThat(checkNow(context)).isZero();
			assertThat(markers).allSatisfy((marker) -> {
				assertThat(redis.opsForValue().get(marker)).isEqualTo(EndedBoardEvents.PUBLISHED);
				assertThat(redis.getExpire(marker)).isGreaterThan(Duration.ofDays(1).toSeconds());
			});
		});

		assertThat(periodEvents()).extracting(PeriodEndedEvent::period).containsExactly(Period.DAY);
		assertThat(challengeEvents()).extracting((event) -> event.challenge().id()).containsExactly("sprint");
	}

	@Test
	void anInstanceStuckInItsListenersPastTheLeaseLeavesTheEndToAnother(CapturedOutput output) throws Exception {
		CountDownLatch stuck = new CountDownLatch(1);
		CountDownLatch resume = new CountDownLatch(1);
		AtomicBoolean resumed = new AtomicBoolean();
		this.runner.withBean("stuckRecorder", Recorder.class, () -> new Recorder(new ConcurrentLinkedQueue<>()) {
			@Override
			void onEnd(Object event) {
				stuck.countDown();
				try {
					resumed.set(resume.await(30, TimeUnit.SECONDS));
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
		}).run((slow) -> this.runner.run((other) -> {
			manualChecksOnly(slow, other);
			scoreToday(slow);
			this.clock.set(WEDNESDAY.withHour(12));
			ExecutorService thread = Executors.newSingleThreadExecutor();
			try {
				Future<Integer> slowCheck = thread.submit(() -> checkNow(slow));
				assertThat(stuck.await(10, TimeUnit.SECONDS)).isTrue();
				// the claim holds for three check intervals
				assertThat(checkNow(other)).isZero();
				this.clock.set(WEDNESDAY.withHour(15).minusSeconds(1));
				assertThat(checkNow(other)).isZero();
				this.clock.set(WEDNESDAY.withHour(15));
				assertThat(checkNow(other)).isEqualTo(1);
				resume.countDown();
				assertThat(slowCheck.get(10, TimeUnit.SECONDS)).isEqualTo(1);
				assertThat(resumed).as("the stuck listener was released, not timed out").isTrue();
				assertThat(checkNow(other)).isZero();
				assertThat(checkNow(slow)).isZero();
			}
			finally {
				thread.shutdownNow();
			}
		}));

		// both ran the listeners: a lease shorter than the listeners is the documented
		// limit
		assertThat(challengeEvents()).extracting((event) -> event.challenge().id()).containsExactly("sprint", "sprint");
		assertThat(output).contains("Could not mark ChallengeEndedEvent", "another instance may publish it again");
	}

	@Test
	void aRunningInstancePublishesWithinTheCheckIntervalOnItsOwnNamedDaemonThread() {
		AtomicReference<Thread> publisher = new AtomicReference<>();
		this.runner.withPropertyValues("activity-rank.events.check-interval=100ms")
			.withBean("threadRecorder", Recorder.class, () -> new Recorder(new ConcurrentLinkedQueue<>()) {
				@Override
				void onEnd(Object event) {
					publisher.set(Thread.currentThread());
				}
			})
			.run((context) -> {
				scoreToday(context);
				this.clock.set(DAY.plusDays(1).atTime(0, 0, 1));
				await().atMost(Duration.ofSeconds(10)).until(() -> this.events.size() == 2);
				assertThat(publisher.get().getName()).isEqualTo(EndedBoardEvents.THREAD_NAME);
				assertThat(publisher.get().isDaemon()).isTrue();
				assertThat(context.getBean(EndedBoardEvents.class).isRunning()).isTrue();
			});

		await().atMost(Duration.ofSeconds(10)).until(() -> !publisher.get().isAlive());
	}

	@Test
	void boardsThatNeverExistedPublishNothing() {
		this.runner.run((context) -> {
			context.getBean(ChallengeService.class)
				.create(new ChallengeDefinition("empty", WEDNESDAY.atZone(ZONE).toInstant(), CHALLENGE_END, Set.of(),
						false));
			this.clock.set(DAY.plusMonths(2).atTime(0, 0));
			assertThat(checkNow(context)).isZero();
		});

		assertThat(this.events).isEmpty();
	}

	@Test
	void aListenerThatThrowsIsLoggedAndTheEventIsNotPublishedAgain(CapturedOutput output) {
		AtomicInteger calls = new AtomicInteger();
		this.runner.withBean("failingRecorder", Recorder.class, () -> new Recorder(new ConcurrentLinkedQueue<>()) {
			@Override
			void onEnd(Object event) {
				calls.incrementAndGet();
				throw new IllegalStateException("listener broke");
			}
		}).run((context) -> {
			manualChecksOnly(context);
			scoreToday(context);
			this.clock.set(DAY.plusDays(1).atTime(0, 0, 1));
			checkNow(context);
			checkNow(context);
			assertThat(context).hasNotFailed();
		});

		assertThat(calls).hasValue(2);
		assertThat(output).contains("A listener failed on PeriodEndedEvent[period=DAY", "it is not published again",
				"listener broke");
	}

	@Test
	void switchedOffNothingIsPublished() {
		this.runner.withPropertyValues("activity-rank.events.enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(EndedBoardEvents.class).hasSingleBean(ChallengeService.class);
			scoreToday(context);
			this.clock.set(DAY.plusDays(1).atTime(0, 0, 1));
		});
		this.runner.withPropertyValues("activity-rank.events.enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(EndedBoardEvents.class);
		});

		assertThat(this.events).isEmpty();
	}

	/** Collects what an instance publishes. */
	static class Recorder {

		private final Queue<Object> events;

		Recorder(Queue<Object> events) {
			this.events = events;
		}

		@EventListener
		void periodEnded(PeriodEndedEvent event) {
			onEnd(event);
		}

		@EventListener
		void challengeEnded(ChallengeEndedEvent event) {
			onEnd(event);
		}

		void onEnd(Object event) {
			this.events.add(event);
		}

	}

}
