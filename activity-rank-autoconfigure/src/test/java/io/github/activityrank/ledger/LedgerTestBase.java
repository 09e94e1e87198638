package io.github.activityrank.ledger;

import java.util.Locale;
import java.util.stream.Stream;

import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;

/**
 * The opening every ledger test shares: a key prefix of its own in the test Redis,
 * deleted after each test, and the database engines it runs on
 * ({@code @MethodSource("engines")}).
 */
abstract class LedgerTestBase {

	/** The Redis key prefix of this test, unique per instance. */
	protected final String prefix = RedisTestServer
		.uniquePrefix(getClass().getSimpleName().replace("Tests", "").toLowerCase(Locale.ROOT));

	static Stream<DatabaseEngine> engines() {
		return LedgerFixture.ENGINES.stream();
	}

	@AfterEach
	void deleteKeys() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

}
