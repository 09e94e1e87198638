package io.github.activityrank.faults;

import io.github.activityrank.faults.FaultPaths.Fault;
import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.TestDatabase;
import io.github.activityrank.test.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code OOM}: Redis at {@code maxmemory} with {@code noeviction} refuses every write
 * until memory is freed or the limit raised. Every award made meanwhile lands once it is,
 * on every path; none is set aside.
 */
class OutOfMemoryTests {

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	private final Fault fault = new Fault("OOM", FaultPaths.command(this.redis, "CONFIG SET maxmemory 1"),
			FaultPaths.command(this.redis, "CONFIG SET maxmemory 0"));

	@AfterEach
	void closeRedis() {
		this.redis.close();
	}

	@Test
	void directCallsRefusedForLackOfMemoryLandOnceWhenTheirCallersRetry() {
		FaultPaths.direct(FaultFixture.runner(this.redis), this.fault);
	}

	@Test
	void annotatedAwardsMadeWhileRedisIsOutOfMemoryAllLandOnceItHasRoom() {
		FaultPaths.annotated(FaultFixture.runner(this.redis), this.fault);
	}

	@Test
	void ledgerEntriesMadeWhileRedisIsOutOfMemoryAreRelayedOnceItHasRoom() {
		try (TestDatabase database = TestDatabases.h2()) {
			FaultPaths.ledgerRelay(FaultFixture.runner(this.redis), database.dataSource(), this.fault);
		}
	}

}
