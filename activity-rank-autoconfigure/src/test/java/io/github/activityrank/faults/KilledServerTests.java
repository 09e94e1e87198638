package io.github.activityrank.faults;

import io.github.activityrank.faults.FaultPaths.Fault;
import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.TestDatabase;
import io.github.activityrank.test.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A server killed (SIGTERM, which saves its data) and started again on the same port:
 * calls fail while it is down (the connection refused, then timeouts while the client
 * reconnects), the scripts are gone when it is back ({@code NOSCRIPT}), and its data is
 * back. Every award made while it was down lands once it is back, on every path; none is
 * set aside.
 */
class KilledServerTests {

	private final EmbeddedRedis redis = EmbeddedRedis.startKeepingData();

	private final Fault fault = new Fault("a killed server", this.redis::stop, this.redis::startServer);

	@AfterEach
	void closeRedis() {
		this.redis.close();
	}

	@Test
	void directCallsMadeWhileRedisIsDownLandOnceWhenTheirCallersRetry() {
		FaultPaths.direct(FaultFixture.runner(this.redis), this.fault);
	}

	@Test
	void annotatedAwardsMadeWhileRedisIsDownAllLandOnceItIsBack() {
		FaultPaths.annotated(FaultFixture.runner(this.redis), this.fault);
	}

	@Test
	void ledgerEntriesMadeWhileRedisIsDownAreRelayedOnceItIsBack() {
		try (TestDatabase database = TestDatabases.h2()) {
			FaultPaths.ledgerRelay(FaultFixture.runner(this.redis), database.dataSource(), this.fault);
		}
	}

}
