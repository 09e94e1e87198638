package io.github.activityrank.faults;

import io.github.activityrank.faults.FaultPaths.Fault;
import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.TestDatabase;
import io.github.activityrank.test.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code NOREPLICAS}: with {@code min-replicas-to-write 1} and no replica, Redis refuses
 * every write until the setting is back to 0. It heals by itself (a replica comes back),
 * so every award made meanwhile lands once it has, on every path; none is set aside.
 */
class NoReplicasTests {

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	private final Fault fault = new Fault("NOREPLICAS",
			FaultPaths.command(this.redis, "CONFIG SET min-replicas-to-write 1"),
			FaultPaths.command(this.redis, "CONFIG SET min-replicas-to-write 0"));

	@AfterEach
	void closeRedis() {
		this.redis.close();
	}

	@Test
	void directCallsRefusedWithNoReplicasLandOnceWhenTheirCallersRetry() {
		FaultPaths.direct(FaultFixture.runner(this.redis), this.fault);
	}

	@Test
	void annotatedAwardsMadeWhileWritesNeedAReplicaAllLandOnceItIsBack() {
		FaultPaths.annotated(FaultFixture.runner(this.redis), this.fault);
	}

	@Test
	void ledgerEntriesMadeWhileWritesNeedAReplicaAreRelayedOnceItIsBack() {
		try (TestDatabase database = TestDatabases.h2()) {
			FaultPaths.ledgerRelay(FaultFixture.runner(this.redis), database.dataSource(), this.fault);
		}
	}

}
