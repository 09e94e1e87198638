package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.engine.AwardPath;
import io.github.activityrank.observation.MicrometerActivityObservations;
import io.github.activityrank.test.RecordingActivityRankService;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An award's observation ends however the dispatcher answers it: applied, failed, dropped
 * from a full queue or left queued at shutdown.
 */
class AwardObservationTests {

	private static final String AWARD = "activity.rank.award";

	private final TestObservationRegistry registry = TestObservationRegistry.create();

	private final RecordingActivityRankService service = new RecordingActivityRankService();

	private AsyncActivityDispatcher dispatcher;

	@AfterEach
	void close() {
		this.service.release();
		if (this.dispatcher != null) {
			this.dispatcher.close();
		}
	}

	@Test
	void anAwardTheServiceThrewOnEndsAsFailedWithTheError() {
		this.dispatcher = dispatcher(100, QueueFullPolicy.CALLER_RUNS, Duration.ofSeconds(5));
		IllegalStateException failure = new IllegalStateException("Redis down");
		this.service.failWith(() -> failure);
		this.dispatcher.dispatch(List.of(ActivityEvent.award("u1", "f", "praise")), AwardPath.EVENT);
		assertThat(this.dispatcher.awaitIdle(Duration.ofSeconds(10))).isTrue();

		TestObservationRegistryAssert.assertThat(this.registry)
			.hasObservationWithNameEqualTo(AWARD)
			.that()
			.hasLowCardinalityKeyValue("outcome", "failed")
			.hasLowCardinalityKeyValue("path", "event")
			.hasError(failure);
	}

	@Test
	void anAwardAFullQueueDropsEndsAsDropped() {
		this.dispatcher = dispatcher(1, QueueFullPolicy.DROP, Duration.ofSeconds(5));
		this.service.block();
		this.dispatcher.dispatch(List.of(ActivityEvent.award("u1", "f1", "praise")));
		this.service.awaitBlockedCall(Duration.ofSeconds(10));
		this.dispatcher.dispatch(List.of(ActivityEvent.award("u1", "f2", "praise")));
		this.dispatcher.dispatch(List.of(ActivityEvent.award("u1", "f3", "praise")));

		TestObservationRegistryAssert.assertThat(this.registry)
			.hasNumberOfObservationsWithNameEqualTo(AWARD, 3)
			.hasAnObservation((award) -> award.hasLowCardinalityKeyValue("outcome", "dropped")
				.hasLowCardinalityKeyValue("path", "annotated"));
		this.service.release();
		assertThat(this.dispatcher.awaitIdle(Duration.ofSeconds(10))).isTrue();
		TestObservationRegistryAssert.assertThat(this.registry)
			.hasAnObservation((award) -> award.hasLowCardinalityKeyValue("outcome", "awarded"));
	}

	@Test
	void anAwardLeftQueuedAtShutdownEndsAsDropped() {
		this.dispatcher = dispatcher(10, QueueFullPolicy.CALLER_RUNS, Duration.ZERO);
		this.service.block();
		this.dispatcher.dispatch(List.of(ActivityEvent.award("u1", "f1", "praise")));
		this.service.awaitBlockedCall(Duration.ofSeconds(10));
		this.dispatcher.dispatch(List.of(ActivityEvent.award("u1", "f2", "praise")));
		this.dispatcher.close();

		TestObservationRegistryAssert.assertThat(this.registry)
			.hasAnObservation((award) -> award.hasLowCardinalityKeyValue("outcome", "dropped"));
	}

	private AsyncActivityDispatcher dispatcher(int capacity, QueueFullPolicy policy, Duration grace) {
		AsyncActivityDispatcher dispatcher = new AsyncActivityDispatcher(this.service, new AwardDispatchCounters(), 1,
				capacity, policy, grace);
		dispatcher.setObservations(new MicrometerActivityObservations(this.registry, Set.of("praise")));
		return dispatcher;
	}

}
