package io.github.activityrank.ingest;

import java.time.Instant;
import java.util.List;
import java.util.Set;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.observation.MicrometerActivityObservations;
import io.github.activityrank.test.RecordingActivityRankService;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Each message of a batch the sink applies is an award observation with the path
 * {@code stream}.
 */
class EngineIngestSinkObservationTests {

	private final TestObservationRegistry registry = TestObservationRegistry.create();

	private final RecordingActivityRankService service = new RecordingActivityRankService();

	private final EngineIngestSink sink = new EngineIngestSink(this.service);

	EngineIngestSinkObservationTests() {
		this.sink.setObservations(new MicrometerActivityObservations(this.registry, Set.of("praise")));
	}

	@Test
	void eachMessageIsAnAwardOnThePathStream() {
		Instant now = Instant.now();
		this.sink.apply(List.of(ActivityEvent.award("u1", "f1", "praise"), ActivityEvent.award("u2", "f2", "praise")),
				List.of(now, now));

		TestObservationRegistryAssert.assertThat(this.registry)
			.hasNumberOfObservationsWithNameEqualTo("activity.rank.award", 2)
			.forAllObservationsWithNameEqualTo("activity.rank.award",
					(award) -> award.hasLowCardinalityKeyValue("path", "stream")
						.hasLowCardinalityKeyValue("rule", "praise")
						.hasLowCardinalityKeyValue("outcome", "awarded"));
	}

	@Test
	void aBatchTheServiceThrowsOnEndsAsFailed() {
		IllegalStateException failure = new IllegalStateException("Redis down");
		this.service.failWith(() -> failure);
		Instant now = Instant.now();
		assertThatIllegalStateException()
			.isThrownBy(() -> this.sink.apply(List.of(ActivityEvent.award("u1", "f1", "praise")), List.of(now)));

		TestObservationRegistryAssert.assertThat(this.registry)
			.hasObservationWithNameEqualTo("activity.rank.award")
			.that()
			.hasLowCardinalityKeyValue("outcome", "failed")
			.hasError(failure);
		assertThat(this.service.applied()).isEmpty();
	}

}
