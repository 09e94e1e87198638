package io.github.activityrank.reactive;

import org.springframework.test.context.TestPropertySource;

/**
 * The same application with a queue that fills at once under {@code caller-runs}: an
 * event loop that finds it full queues its award and goes on, it never waits.
 */
@TestPropertySource(properties = { "activity-rank.async.threads=1", "activity-rank.async.queue-capacity=1",
		"activity-rank.async.on-queue-full=caller-runs" })
class FullQueueWebFluxTests extends WebFluxAwardTests {

}
