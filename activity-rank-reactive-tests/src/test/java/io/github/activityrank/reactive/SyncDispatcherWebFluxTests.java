package io.github.activityrank.reactive;

import org.springframework.test.context.TestPropertySource;

/**
 * The same application with awards applied on the caller's thread
 * ({@code activity-rank.async.enabled=false}): an award made on an event loop is applied
 * on a thread that may block instead.
 */
@TestPropertySource(properties = "activity-rank.async.enabled=false")
class SyncDispatcherWebFluxTests extends WebFluxAwardTests {

}
