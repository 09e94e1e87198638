package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.List;

import io.github.activityrank.ActivityEvent;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One award of the rule {@code praise} applied before a test's fault: the scripts are
 * loaded and the connection is open, so the fault is the first thing the test times.
 */
final class WarmUp {

	private WarmUp() {
	}

	static void applyOneAward(ActivityDispatcher dispatcher) {
		dispatcher.dispatch(List.of(ActivityEvent.award("warmup", "w", "praise")));
		assertThat(dispatcher.awaitIdle(Duration.ofSeconds(10))).isTrue();
	}

}
