package io.github.activityrank.benchmarks;

import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the ingestion section at tiny sizes against the test Redis, so that it keeps
 * working: its three arms, the floor among them, must each apply every award of their
 * rounds (a round that falls short fails the section); the figures mean nothing at these
 * sizes.
 */
class IngestBenchTest {

	@Test
	void theIngestionSectionRunsItsArmsAndPrintsTheFloor() {
		RedisTestServer redis = RedisTestServer.shared();
		BenchOptions options = BenchOptions.parse("--quick", "--redis", "redis://" + redis.host() + ":" + redis.port(),
				"--db", "9", "--no-out", "--only", "ingest");
		Report report = BenchmarkMain.run(options);
		System.out.println(report.text());

		assertThat(report.sections()).hasSize(1);
		Report.Section section = report.sections().get(0);
		assertThat(section.title).startsWith("8. Ingestion from Redis Streams");
		assertThat(section.targets).hasSize(2);
		assertThat(report.text())
			.contains("floor of ingestion", "ingested awards / floor of ingestion", "async / floor cpu",
					"end-to-end lag")
			.doesNotContain("NaN");
	}

}
