package io.github.activityrank.faults;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.github.activityrank.faults.FaultPaths.Fault;
import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.TestDatabase;
import io.github.activityrank.test.TestDatabases;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code BUSY}: another client's script runs past {@code lua-time-limit} (50 ms here), so
 * Redis answers every other command with {@code BUSY} until the script ends or is stopped
 * with {@code SCRIPT KILL}. Every award made meanwhile lands once it is, on every path;
 * none is set aside.
 */
class BusyScriptTests {

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	private final RedisClient client = RedisClient.create("redis://127.0.0.1:" + this.redis.port());

	private StatefulRedisConnection<String, String> busy;

	private CompletableFuture<Object> script;

	private final Fault fault = new Fault("BUSY", this::runALongScript, this::killTheScript);

	@AfterEach
	void closeRedis() {
		if (this.busy != null) {
			this.busy.close();
		}
		this.client.shutdown();
		this.redis.close();
	}

	@Test
	void directCallsRefusedWhileAScriptIsBusyLandOnceWhenTheirCallersRetry() {
		FaultPaths.direct(FaultFixture.runner(this.redis), this.fault);
	}

	@Test
	void annotatedAwardsMadeWhileAScriptIsBusyAllLandOnceItIsKilled() {
		FaultPaths.annotated(FaultFixture.runner(this.redis), this.fault);
	}

	@Test
	void ledgerEntriesMadeWhileAScriptIsBusyAreRelayedOnceItIsKilled() {
		try (TestDatabase database = TestDatabases.h2()) {
			FaultPaths.ledgerRelay(FaultFixture.runner(this.redis), database.dataSource(), this.fault);
		}
	}

	/** A read-only script that never ends, on a connection of its own. */
	private void runALongScript() {
		this.redis.command("CONFIG SET lua-time-limit 50");
		this.busy = this.client.connect();
		this.busy.setTimeout(Duration.ofMinutes(5));
		this.script = this.busy.async().eval("while true do end", ScriptOutputType.STATUS).toCompletableFuture();
		try (StatefulRedisConnection<String, String> probe = this.client.connect()) {
			await("Redis answers BUSY").atMost(FaultPaths.PATIENCE).until(() -> {
				try {
					probe.sync().ping();
					return false;
				}
				catch (RedisException ex) {
					return String.valueOf(ex.getMessage()).startsWith("BUSY");
				}
			});
		}
	}

	private void killTheScript() throws Exception {
		this.redis.command("SCRIPT KILL");
		try {
			this.script.get(FaultPaths.PATIENCE.toSeconds(), TimeUnit.SECONDS);
		}
		catch (ExecutionException ex) {
			assertThat(ex.getCause()).hasMessageContaining("killed");
		}
	}

}
