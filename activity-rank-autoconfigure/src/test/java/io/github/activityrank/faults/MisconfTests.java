package io.github.activityrank.faults;

import io.github.activityrank.faults.FaultPaths.Fault;
import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.TestDatabase;
import io.github.activityrank.test.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code MISCONF}: a background save fails (the server's directory is gone) and, with
 * {@code stop-writes-on-bgsave-error yes}, Redis refuses every write until the disk is
 * fixed or the setting is turned off. Not the awards' fault: every award made meanwhile
 * lands once writes are allowed again, on every path; none is set aside.
 */
class MisconfTests {

	private final EmbeddedRedis redis = EmbeddedRedis.startKeepingData();

	private final Fault fault = new Fault("MISCONF",
			() -> FaultFixture.failBackgroundSaves(this.redis, this.redis.dataDirectory()),
			FaultPaths.command(this.redis, "CONFIG SET stop-writes-on-bgsave-error no"));

	@AfterEach
	void closeRedis() {
		// its directory is gone: a save on shutdown would fail, and the server not exit
		this.redis.command("CONFIG SET save \"\"");
		this.redis.close();
	}

	@Test
	void directCallsRefusedWhileBackgroundSavesFailLandOnceWhenTheirCallersRetry() {
		FaultPaths.direct(FaultFixture.runner(this.redis), this.fault);
	}

	@Test
	void annotatedAwardsMadeWhileBackgroundSavesFailAllLandOnceWritesAreAllowed() {
		FaultPaths.annotated(FaultFixture.runner(this.redis), this.fault);
	}

	@Test
	void ledgerEntriesMadeWhileBackgroundSavesFailAreRelayedOnceWritesAreAllowed() {
		try (TestDatabase database = TestDatabases.h2()) {
			FaultPaths.ledgerRelay(FaultFixture.runner(this.redis), database.dataSource(), this.fault);
		}
	}

}
