package io.github.activityrank.ingest;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.ActivityEvent;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How a message's fields become a request, or the reason it is dead-lettered.
 */
class MessageParserTests {

	private static final Instant NOW = Instant.parse("2025-11-26T10:00:00Z");

	private final MessageParser parser = new MessageParser(Set.of(), () -> NOW, Duration.ofDays(31));

	@Test
	void aRuleAwardTakesItsInstantFromTheMessageId() {
		IngestMessage message = this.parser.parse("1764151200000-3",
				Map.of("user", "u1", "field", "checkin-1", "rule", "checkin"));
		assertThat(message.good()).isTrue();
		assertThat(message.event()).isEqualTo(new ActivityEvent("u1", "checkin-1", "checkin", null, false));
		assertThat(message.at()).isEqualTo(Instant.ofEpochMilli(1764151200000L));
	}

	@Test
	void pointsRevokeAndAtAreRead() {
		IngestMessage message = this.parser.parse("1-0",
				Map.of("user", "u1", "field", "v", "points", "5", "revoke", "1", "at", "1764000000000"));
		assertThat(message.event()).isEqualTo(new ActivityEvent("u1", "v", null, 5L, true));
		assertThat(message.at()).isEqualTo(Instant.ofEpochMilli(1764000000000L));
	}

	@Test
	void badNumbersFlagsAndInstantsAreDeadLetteredWithTheReason() {
		assertThat(problem(Map.of("user", "u", "field", "f", "points", "1.5"))).startsWith("points must be");
		assertThat(problem(Map.of("user", "u", "field", "f", "points", "+3"))).startsWith("points must be");
		assertThat(problem(Map.of("user", "u", "field", "f", "points", "0"))).startsWith("points must be");
		assertThat(problem(Map.of("user", "u", "field", "f", "points", "9".repeat(30)))).startsWith("points must be");
		assertThat(problem(Map.of("user", "u", "field", "f", "revoke", "true"))).isEqualTo("revoke must be 1 or 0");
		assertThat(problem(Map.of("user", "u", "field", "f", "at", "-1"))).startsWith("at must be");
		String tooLate = Long.toString(NOW.plusSeconds(3600).toEpochMilli());
		assertThat(problem(Map.of("user", "u", "field", "f", "at", tooLate))).startsWith("at must be");
	}

	@Test
	void anAtOlderThanTheRecordsAreKeptIsTooOldAndSecondsAreNamed() {
		assertThat(problem(Map.of("user", "u", "field", "f", "at", "1764300000"))).startsWith("too old: at 1764300000")
			.contains("activity-rank.retention.record")
			.contains("looks like seconds");
		String older = Long.toString(NOW.minus(Duration.ofDays(32)).toEpochMilli());
		assertThat(problem(Map.of("user", "u", "field", "f", "at", older))).startsWith("too old: at " + older)
			.doesNotContain("looks like seconds");
		String retained = Long.toString(NOW.minus(Duration.ofDays(30)).toEpochMilli());
		assertThat(problem(Map.of("user", "u", "field", "f", "points", "1", "at", retained))).isNull();
	}

	@Test
	void aMessageWhoseIdIsOlderThanTheRecordsAreKeptIsTooOld() {
		assertThat(this.parser.parse("1000-0", Map.of("user", "u", "field", "f", "points", "1")).problem())
			.startsWith("too old: the message id 1000-0");
	}

	@Test
	void missingFieldsAreNamed() {
		assertThat(problem(Map.of("field", "f"))).isEqualTo("missing field 'user'");
		assertThat(problem(Map.of("user", "u"))).isEqualTo("missing field 'field'");
		assertThat(problem(Map.of())).isEqualTo("no fields");
	}

	@Test
	void itemsAreDeadLetteredUntilItemTypesExist() {
		assertThat(problem(Map.of("user", "u", "field", "f", "rule", "r", "item-type", "article", "item", "42")))
			.isEqualTo("unknown item type");
		assertThat(problem(Map.of("user", "u", "field", "f", "rule", "r", "item", "42")))
			.isEqualTo("item-type and item go together");
	}

	@Test
	void aScopeOfAConfiguredKindBecomesTheEventsScope() {
		MessageParser parser = new MessageParser(Set.of(), Set.of("category"), () -> NOW, Duration.ofDays(31));
		assertThat(parser
			.parse(NOW.toEpochMilli() + "-0",
					Map.of("user", "u", "field", "f", "rule", "r", "scope-type", "category", "scope", "java"))
			.event()
			.scopes()).containsExactly(Map.entry("category", "java"));
	}

	@Test
	void scopesAreDeadLetteredUnlessTheirKindIsConfigured() {
		assertThat(problem(Map.of("user", "u", "field", "f", "rule", "r", "scope-type", "category", "scope", "java")))
			.isEqualTo("unknown scope kind");
		assertThat(problem(Map.of("user", "u", "field", "f", "rule", "r", "scope", "java")))
			.isEqualTo("scope-type and scope go together");
	}

	private String problem(Map<String, String> fields) {
		return this.parser.parse(NOW.toEpochMilli() + "-0", fields).problem();
	}

}
