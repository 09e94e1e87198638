package io.github.activityrank.ledger;

import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.stream.Stream;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.ledger.LedgerFixture.Posts;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static io.github.activityrank.ledger.LedgerFixture.count;
import static io.github.activityrank.ledger.LedgerFixture.total;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * With the ledger on, a Redis outage holds awards in the database, not in memory: they
 * stay pending while Redis is down and are applied, in order, once it is back.
 */
class LedgerRedisOutageTests {

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	static Stream<DatabaseEngine> engines() {
		return LedgerFixture.ENGINES.stream();
	}

	@AfterEach
	void closeRedis() {
		this.redis.close();
	}

	@ParameterizedTest
	@MethodSource("engines")
	void awardsMadeWhileRedisIsDownWaitInTheLedgerAndLandOnceItIsBack(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), "outage")
				.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + this.redis.port(),
						"spring.data.redis.timeout=200ms", "spring.data.redis.connect-timeout=200ms")
				.run((context) -> {
					Posts posts = context.getBean(Posts.class);
					stopRedis();
					for (int i = 0; i < 60; i++) {
						posts.post("ola", "p" + i);
					}
					for (int i = 0; i < 40; i++) {
						posts.post("pia", "p" + i);
					}
					for (int i = 0; i < 10; i++) {
						posts.unpost("pia", "p" + i);
					}
					LedgerRelay relay = context.getBean(LedgerRelay.class);
					long failedBefore = relay.failedPasses();
					await("the relay failed a few passes").atMost(Duration.ofSeconds(10))
						.until(() -> relay.failedPasses() >= failedBefore + 3);
					assertThat(count(database.dataSource(), "state = " + AwardLedger.PENDING)).isEqualTo(110);
					this.redis.startServer();
					assertThat(context.getBean(ActivityDispatcher.class).awaitIdle(Duration.ofSeconds(30)))
						.as("ledger drained")
						.isTrue();
					ActivityRankService service = context.getBean(ActivityRankService.class);
					assertThat(total(service, "ola")).isEqualTo(60);
					assertThat(total(service, "pia")).isEqualTo(30);
					assertThat(count(database.dataSource(), "outcome = 'REVOKED'")).isEqualTo(10);
				});
		}
	}

	private void stopRedis() {
		this.redis.stop();
		await("the port refuses connections").atMost(Duration.ofSeconds(10)).until(() -> {
			try (Socket socket = new Socket("127.0.0.1", this.redis.port())) {
				return false;
			}
			catch (IOException ex) {
				return true;
			}
		});
	}

}
