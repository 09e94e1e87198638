package io.github.activityrank.faults;

import io.github.activityrank.faults.FaultPaths.Fault;
import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.TestDatabase;
import io.github.activityrank.test.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code CLIENT PAUSE WRITE} (what a failover or an operator does for a moment): Redis
 * holds every write, so calls time out ({@code spring.data.redis.timeout}, 2 s here)
 * until it is unpaused, and the calls that timed out are still applied once the pause
 * ends. Every award made meanwhile lands exactly once, on every path; none is set aside.
 */
class ClientPauseTests {

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	private final Fault fault = new Fault("CLIENT PAUSE WRITE",
			FaultPaths.command(this.redis, "CLIENT PAUSE 60000 WRITE"),
			FaultPaths.command(this.redis, "CLIENT UNPAUSE"));

	@AfterEach
	void closeRedis() {
		this.redis.close();
	}

	@Test
	void directCallsThatTimedOutDuringAPauseLandOnceWhenTheirCallersRetry() {
		FaultPaths.direct(FaultFixture.runner(this.redis), this.fault);
	}

	@Test
	void annotatedAwardsMadeDuringAPauseAllLandOnceAfterIt() {
		FaultPaths.annotated(FaultFixture.runner(this.redis), this.fault);
	}

	@Test
	void ledgerEntriesMadeDuringAPauseAreRelayedOnceAfterIt() {
		try (TestDatabase database = TestDatabases.h2()) {
			FaultPaths.ledgerRelay(FaultFixture.runner(this.redis), database.dataSource(), this.fault);
		}
	}

}
