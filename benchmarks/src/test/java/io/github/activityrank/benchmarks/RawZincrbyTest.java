package io.github.activityrank.benchmarks;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class RawZincrbyTest {

	@Test
	void readsTheFinalRequestsPerSecondOfQuietOutput() {
		String output = "zincrby bench 1 __rand_int__: rps=41000.0 (overall: 40500.2) avg_msec=0.700 (overall: 0.710)\r"
				+ "zincrby bench 1 __rand_int__: 43290.04 requests per second, p50=0.671 msec\n";
		assertThat(RawZincrby.parse(output)).isEqualTo(43290.04);
	}

	@Test
	void failsWhenTheToolPrintedNoFigure() {
		assertThatIllegalStateException().isThrownBy(() -> RawZincrby.parse("Could not connect to Redis"))
			.withMessageContaining("requests per second");
	}

}
