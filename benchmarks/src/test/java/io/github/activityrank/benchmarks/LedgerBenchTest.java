package io.github.activityrank.benchmarks;

import io.github.activityrank.test.RedisTestServer;
import io.github.activityrank.test.TestDatabase;
import io.github.activityrank.test.TestDatabases;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the ledger section at tiny sizes (a second of calls per round) against the test
 * Redis and a test PostgreSQL, so that it keeps working; the figures mean nothing at
 * these sizes, but the totals must be exact.
 */
class LedgerBenchTest {

	@Test
	void theLedgerSectionRunsAndEveryAwardIsAppliedOnce() {
		RedisTestServer redis = RedisTestServer.shared();
		try (TestDatabase postgres = TestDatabases.postgres()) {
			BenchOptions options = BenchOptions.parse("--quick", "--redis",
					"redis://" + redis.host() + ":" + redis.port(), "--db", "9", "--no-out", "--only", "ledger",
					"--postgres", postgres.jdbcUrl());
			options.postgresUser = postgres.username();
			options.postgresPassword = postgres.password();
			Report report = BenchmarkMain.run(options);
			System.out.println(report.text());

			assertThat(report.sections()).hasSize(1);
			Report.Section section = report.sections().get(0);
			assertThat(section.title).startsWith("7. Award throughput through @ActivityScore with the ledger");
			assertThat(section.rows).isNotEmpty();
			assertThat(report.text()).contains("round trips per award", "every award applied exactly once")
				.doesNotContain("NaN");
		}
	}

}
