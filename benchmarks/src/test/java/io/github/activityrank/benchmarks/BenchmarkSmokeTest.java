package io.github.activityrank.benchmarks;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs every section of the report but the ledger's ({@link LedgerBenchTest}) at tiny
 * sizes, two interleaved rounds each, against the test Redis, so that the module keeps
 * working; the figures themselves mean nothing at these sizes.
 */
class BenchmarkSmokeTest {

	@Test
	void everyBenchmarkRunsAndPrintsItsFigures(@TempDir Path dir) throws Exception {
		RedisTestServer redis = RedisTestServer.shared();
		Path markdown = dir.resolve("BENCHMARKS.md");
		BenchOptions options = BenchOptions.parse("--quick", "--redis", "redis://" + redis.host() + ":" + redis.port(),
				"--db", "9", "--out", markdown.toString(), "--only", "award,async,aspect,query,memory,growth");

		ByteArrayOutputStream printed = new ByteArrayOutputStream();
		PrintStream console = System.out;
		Report report;
		System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
		try {
			report = BenchmarkMain.run(options);
			System.out.println(report.text());
		}
		finally {
			System.setOut(console);
		}
		String output = printed.toString(StandardCharsets.UTF_8);
		console.println(output);

		assertThat(report.sections()).extracting(section -> section.title.substring(0, 2))
			.containsExactly("1.", "1b", "1c", "2.", "3.", "4.", "5.", "6.");
		for (Report.Section section : report.sections()) {
			// 1c only breaks 1b's figures down; every other section judges a target
			if (!section.title.startsWith("1c")) {
				assertThat(section.targets).as(section.title).isNotEmpty();
			}
			if (section.targets.stream().noneMatch(t -> t.verdict() == Report.Verdict.NOT_MEASURED)) {
				assertThat(section.rows).as(section.title).isNotEmpty();
				assertThat(section.rows).as(section.title)
					.allSatisfy(row -> assertThat(String.join(" ", row)).doesNotContain("NaN"));
			}
		}
		assertThat(output).contains("== 1. Award throughput", "== 2. Award throughput through @ActivityScore",
				"== 3. Overhead of @ActivityScore", "== 4. Queries", "== 1b. What each feature costs an award",
				"== 1c. Where an award's server time goes", "Lua and call", "floor + 10 ZINCRBY",
				"every ranking feature", "== 5. Memory", "== 6. Growth", "== Targets", "ours / reference",
				"added by the aspect", "4, tie-break: earliest", "rankOf, ranking: dense",
				"rankOf, tie-break: earliest (ordinal)", "among(100 ids)", "raw ZMSCORE of 100 members",
				"bytes/record with week + month hashes", "with tie-break: earliest >= 0.8x tie-break: none");
		assertThat(Files.readString(markdown)).contains("# Benchmarks", "interleaved rounds",
				"| target | verdict | median ratio (spread) |", "| threads |");
	}

}
