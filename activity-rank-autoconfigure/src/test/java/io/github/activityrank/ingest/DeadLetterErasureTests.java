package io.github.activityrank.ingest;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The dead-letter stream keeps copies of bad messages, with the user id inside:
 * {@code removeUser} deletes the removed user's copies and keeps everyone else's.
 */
class DeadLetterErasureTests {

	private final RedisTestServer redis = RedisTestServer.shared();

	private final String prefix = RedisTestServer.uniquePrefix("deadletter_erasure");

	private final LettuceConnectionFactory factory = this.redis.newConnectionFactory();

	@AfterEach
	void cleanUp() {
		RedisKeysCleaner.delete(this.factory, RedisKeysCleaner.prefixPattern(this.prefix));
		this.factory.destroy();
	}

	@Test
	void removingAUserDeletesTheirDeadLettersOverManyPagesAndKeepsEveryoneElses() {
		try (ConfigurableApplicationContext context = IngestTestSupport.start(this.redis.springProperties()[0],
				this.redis.springProperties()[1], "activity-rank.key-prefix=" + this.prefix,
				"activity-rank.periods=day,total", "activity-rank.rules.checkin.points=2",
				"activity-rank.events.enabled=false", "activity-rank.ingest.enabled=true",
				"activity-rank.ingest.partitions=1", "activity-rank.ingest.claim-idle=2s")) {
			StreamIngester ingester = context.getBean(StreamIngester.class);
			// more than two pages of the erasure; every other message is the removed
			// user's
			int messages = 1_201;
			try (RedisConnection connection = this.factory.getConnection()) {
				for (int i = 0; i < messages; i++) {
					Map<byte[], byte[]> raw = new LinkedHashMap<>();
					raw.put(bytes("user"), bytes((i % 2 == 0) ? "gone" : "stays"));
					raw.put(bytes("field"), bytes("post-" + i));
					raw.put(bytes("rule"), bytes("no-such-rule"));
					connection.streamCommands().xAdd(bytes(ingester.keys().partition(0)), raw);
				}
			}
			await().atMost(Duration.ofSeconds(30))
				.untilAsserted(
						() -> assertThat(ingester.counters().get(IngestCounter.DEAD_LETTERED)).isEqualTo(messages));

			context.getBean(ActivityRankService.class).removeUser("gone");

			List<Map<String, String>> letters = deadLetters(ingester.keys().deadLetter());
			assertThat(letters).hasSize(messages / 2).allSatisfy((letter) -> {
				assertThat(letter).containsEntry("user", "stays");
				assertThat(letter.values()).doesNotContain("gone");
			});
		}
	}

	@Test
	void aMessageOfARemovedUserMadeBeforeTheRemovalIsDeadLetteredWithoutTheIds() {
		try (ConfigurableApplicationContext context = IngestTestSupport.start(this.redis.springProperties()[0],
				this.redis.springProperties()[1], "activity-rank.key-prefix=" + this.prefix,
				"activity-rank.periods=day,total", "activity-rank.rules.checkin.points=2",
				"activity-rank.events.enabled=false", "activity-rank.ingest.enabled=true",
				"activity-rank.ingest.partitions=1", "activity-rank.ingest.claim-idle=2s")) {
			StreamIngester ingester = context.getBean(StreamIngester.class);
			long beforeRemoval = System.currentTimeMillis() - 60_000;
			context.getBean(ActivityRankService.class).removeUser("gone");
			try (RedisConnection connection = this.factory.getConnection()) {
				Map<byte[], byte[]> raw = new LinkedHashMap<>();
				raw.put(bytes("user"), bytes("gone"));
				raw.put(bytes("field"), bytes("post-of-gone"));
				raw.put(bytes("rule"), bytes("checkin"));
				raw.put(bytes("at"), bytes(Long.toString(beforeRemoval)));
				connection.streamCommands().xAdd(bytes(ingester.keys().partition(0)), raw);
			}
			await().atMost(Duration.ofSeconds(30))
				.untilAsserted(() -> assertThat(ingester.counters().get(IngestCounter.DEAD_LETTERED)).isOne());

			assertThat(deadLetters(ingester.keys().deadLetter())).singleElement().satisfies((letter) -> {
				assertThat(letter).containsEntry("#reason", AwardResult.USER_REMOVED).containsEntry("rule", "checkin");
				assertThat(letter.values()).doesNotContain("gone", "post-of-gone");
			});
		}
	}

	private List<Map<String, String>> deadLetters(String key) {
		List<Map<String, String>> letters = new ArrayList<>();
		try (RedisConnection connection = this.factory.getConnection()) {
			connection.streamCommands().xRange(bytes(key), Range.unbounded()).forEach((record) -> {
				Map<String, String> letter = new LinkedHashMap<>();
				record.getValue()
					.forEach((field, value) -> letter.put(new String(field, StandardCharsets.UTF_8),
							new String(value, StandardCharsets.UTF_8)));
				letters.add(letter);
			});
		}
		return letters;
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

}
