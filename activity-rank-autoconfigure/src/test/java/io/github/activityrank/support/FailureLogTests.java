package io.github.activityrank.support;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.commons.logging.impl.NoOpLog;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FailureLogTests {

	private final List<String> warnings = new ArrayList<>();

	private final AtomicLong now = new AtomicLong();

	private final FailureLog log = new FailureLog(new NoOpLog() {

		@Override
		public void warn(Object message, Throwable t) {
			FailureLogTests.this.warnings.add(String.valueOf(message));
		}

	}, Duration.ofMinutes(1), this.now::get);

	@Test
	void warnsOncePerKindAndMinuteAndSaysHowManyMoreCameSince() {
		for (int i = 0; i < 1_000; i++) {
			this.log.log("NOREPLICAS", "could not apply", null);
		}
		this.log.log("WRONGTYPE", "set aside", null);
		assertThat(this.warnings).hasSize(2);
		this.now.addAndGet(Duration.ofSeconds(59).toNanos());
		this.log.log("NOREPLICAS", "could not apply", null);
		assertThat(this.warnings).hasSize(2);
		this.now.addAndGet(Duration.ofSeconds(1).toNanos());
		this.log.log("NOREPLICAS", "could not apply", null);
		assertThat(this.warnings).hasSize(3);
		assertThat(this.warnings.get(2)).contains("could not apply").contains("1000 more of kind NOREPLICAS");
	}

}
