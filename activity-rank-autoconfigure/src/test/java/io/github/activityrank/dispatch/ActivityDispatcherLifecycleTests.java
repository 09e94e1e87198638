package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.test.RecordingActivityRankService;
import org.junit.jupiter.api.Test;

import org.springframework.context.SmartLifecycle;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class ActivityDispatcherLifecycleTests {

	@Test
	void stopsAfterTheWebServerAndBeforeTheRedisConnectionFactory() {
		// Spring Boot's graceful shutdown and web server stop run at DEFAULT_PHASE - 1024
		// and - 2048; a higher phase stops earlier
		assertThat(ActivityDispatcherLifecycle.PHASE).isLessThan(SmartLifecycle.DEFAULT_PHASE - 2048)
			.isGreaterThan(new LettuceConnectionFactory().getPhase());
	}

	@Test
	void stopClosesTheDispatcherOnce() {
		AtomicInteger closed = new AtomicInteger();
		ActivityDispatcher dispatcher = new SyncActivityDispatcher(new RecordingActivityRankService(),
				new AwardDispatchCounters()) {
			@Override
			public void close() {
				closed.incrementAndGet();
			}
		};
		ActivityDispatcherLifecycle lifecycle = new ActivityDispatcherLifecycle(dispatcher);
		assertThat(lifecycle.isRunning()).isTrue();
		lifecycle.stop();
		lifecycle.stop();
		assertThat(closed).hasValue(1);
		assertThat(lifecycle.isRunning()).isFalse();
	}

	@Test
	void closingTheContextDrainsTheQueueBeforeTheBeansAreDestroyed() {
		RecordingActivityRankService service = new RecordingActivityRankService();
		AwardDispatchCounters counters = new AwardDispatchCounters();
		List<String> order = new ArrayList<>();
		try (GenericApplicationContext context = new GenericApplicationContext()) {
			context.registerBean(ActivityDispatcher.class, () -> new AsyncActivityDispatcher(service, counters, 2, 1000,
					QueueFullPolicy.CALLER_RUNS, Duration.ofSeconds(5)));
			context.registerBean(ActivityDispatcherLifecycle.class);
			// stands for the Redis connection factory, which stops at phase 0
			context.registerBean("redis", SmartLifecycle.class, () -> new PhaseZero(order, service));
			context.refresh();
			List<ActivityEvent> awards = new ArrayList<>();
			for (int i = 0; i < 500; i++) {
				awards.add(ActivityEvent.award("u" + i, "f", "praise"));
			}
			// held until the context is closing: only a drain before phase 0 sees them
			// applied
			service.block();
			context.getBean(ActivityDispatcher.class).dispatch(awards);
			service.awaitBlockedCall(Duration.ofSeconds(5));
			Thread releaser = new Thread(() -> {
				await("the context closing").atMost(Duration.ofSeconds(10)).until(context::isClosed);
				service.release();
			});
			releaser.start();
		}
		assertThat(order).containsExactly("redis stopped after 500 award(s)");
		assertThat(counters.getDropped()).isZero();
	}

	private static final class PhaseZero implements SmartLifecycle {

		private final List<String> order;

		private final RecordingActivityRankService service;

		private volatile boolean running;

		PhaseZero(List<String> order, RecordingActivityRankService service) {
			this.order = order;
			this.service = service;
		}

		@Override
		public void start() {
			this.running = true;
		}

		@Override
		public void stop() {
			this.order.add("redis stopped after " + this.service.applied().size() + " award(s)");
			this.running = false;
		}

		@Override
		public boolean isRunning() {
			return this.running;
		}

		@Override
		public int getPhase() {
			return 0;
		}

	}

}
