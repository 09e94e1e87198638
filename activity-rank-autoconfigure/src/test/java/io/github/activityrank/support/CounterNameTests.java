package io.github.activityrank.support;

import io.github.activityrank.dispatch.DispatchCounter;
import io.github.activityrank.dispatch.LedgerCounter;
import io.github.activityrank.ingest.IngestCounter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CounterNameTests {

	@Test
	void meterNameIsTheConstantsNameDottedInLowerCase() {
		assertThat(DispatchCounter.CALLER_RUNS.meterName()).isEqualTo("caller.runs");
		assertThat(DispatchCounter.QUEUED.meterName()).isEqualTo("queued");
		assertThat(LedgerCounter.FAILED_PASSES.meterName()).isEqualTo("failed.passes");
		assertThat(IngestCounter.DEAD_LETTERED.meterName()).isEqualTo("dead.lettered");
	}

	@Test
	void keyIsTheConstantsNameInCamelCase() {
		assertThat(DispatchCounter.EVALUATION_ERRORS.key()).isEqualTo("evaluationErrors");
		assertThat(DispatchCounter.APPLIED.key()).isEqualTo("applied");
		assertThat(LedgerCounter.REDIS_ONLY.key()).isEqualTo("redisOnly");
		assertThat(IngestCounter.DEAD_LETTERED.key()).isEqualTo("deadLettered");
	}

}
