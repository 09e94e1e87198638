package io.github.activityrank.ledger;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static io.github.activityrank.ledger.LedgerFixture.boardSum;
import static io.github.activityrank.ledger.LedgerFixture.count;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A JVM killed right after its annotated calls returned loses none of them: a child JVM
 * makes {@value #CALLS} calls and halts, with its relay running or stopped before the
 * calls; a new context on the same ledger applies every entry the child had not, and the
 * boards end up with exactly {@value #CALLS} points, again after the keys are lost and
 * rebuilt from the ledger. On PostgreSQL and MariaDB (an in-memory H2 dies with its JVM).
 */
class LedgerCrashTests {

	private static final int CALLS = 1000;

	private final String prefix = RedisTestServer.uniquePrefix("crash");

	@TempDir
	Path dir;

	static Stream<Arguments> engines() {
		return Stream.of(DatabaseEngine.POSTGRESQL, DatabaseEngine.MARIADB)
			.flatMap((engine) -> Stream.of(Arguments.of(engine, true), Arguments.of(engine, false)));
	}

	@AfterEach
	void deleteKeys() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

	@ParameterizedTest
	@MethodSource("engines")
	void aKilledInstanceLosesNoAwardAndARestartAppliesEachOnce(DatabaseEngine engine, boolean relayRunning)
			throws Exception {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			String output = runChild(database, relayRunning);
			assertThat(output).contains("RETURNED " + CALLS);
			// every call that returned is in the ledger, whatever the relay had done
			assertThat(count(database.dataSource(), "")).isEqualTo(CALLS);
			long pendingAtKill = count(database.dataSource(), "state = " + AwardLedger.PENDING);
			if (!relayRunning) {
				assertThat(pendingAtKill).isEqualTo(CALLS);
			}
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				LedgerRelay relay = context.getBean(LedgerRelay.class);
				assertThat(relay.awaitIdle(Duration.ofSeconds(60))).as("ledger drained").isTrue();
				assertThat(boardSum(context.getBean(ActivityRankService.class))).isEqualTo(CALLS);
				// counted right after its last commit, which may be just after the drain
				// was seen
				await("the relay counted its batches").atMost(Duration.ofSeconds(10))
					.until(() -> relay.appliedCount() >= pendingAtKill);
				assertThat(relay.appliedCount()).isEqualTo(pendingAtKill);
				assertThat(count(database.dataSource(), "outcome IN ('AWARDED', 'ALREADY_AWARDED')")).isEqualTo(CALLS);
				// the keys lost, then a rebuild: rows the dead JVM had applied but not
				// marked, recorded ALREADY_AWARDED by the restarted relay, count again
				RedisKeysCleaner.deletePrefix(this.prefix);
				context.getBean(ActivityRankAdmin.class).rebuild();
				assertThat(boardSum(context.getBean(ActivityRankService.class))).isEqualTo(CALLS);
				System.out
					.println("ledger crash test on " + engine + (relayRunning ? ", relay running" : ", relay stopped")
							+ ": " + CALLS + " calls returned before halt, " + pendingAtKill
							+ " still pending at the kill, applied by the restarted relay; board total "
							+ boardSum(context.getBean(ActivityRankService.class)));
			});
		}
	}

	private String runChild(TestDatabase database, boolean relayRunning) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.add("-Dledger.crash.stop-relay=" + !relayRunning);
		command.add("-cp");
		command.add(System.getProperty("java.class.path"));
		command.add(LedgerCrashChild.class.getName());
		command.add(database.jdbcUrl());
		command.add(database.username());
		command.add(database.password());
		command.add(String.valueOf(CALLS));
		command.addAll(List.of(RedisTestServer.shared().springProperties()));
		command.addAll(List.of("activity-rank.key-prefix=" + this.prefix, "activity-rank.periods=day,total",
				"activity-rank.rules.post.points=1", "activity-rank.rules.like.points=2",
				"activity-rank.ledger.enabled=true", "activity-rank.ledger.initialize-schema=always"));
		File log = this.dir.resolve("child.log").toFile();
		Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
		boolean exited = child.waitFor(180, TimeUnit.SECONDS);
		if (!exited) {
			child.destroyForcibly();
		}
		String output = Files.readString(log.toPath(), StandardCharsets.UTF_8);
		assertThat(exited).as("child exited; its output:%n%s", output).isTrue();
		assertThat(child.exitValue()).as("child's exit code; its output:%n%s", output).isZero();
		return output;
	}

}
