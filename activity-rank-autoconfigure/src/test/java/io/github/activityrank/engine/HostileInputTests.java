package io.github.activityrank.engine;

import java.time.LocalDateTime;
import java.util.List;

import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.test.RedisKeysCleaner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ids and fields cannot escape their key or field, and invalid ones are refused with nothing stored.
 */
class HostileInputTests {

	private final EngineFixture engine = EngineFixture.forumRules(LocalDateTime.of(2026, 11, 18, 10, 0));

	@AfterEach
	void cleanUp() {
		this.engine.close();
	}

	@ParameterizedTest
	@ValueSource(strings = { "a:b", "{x}", "}{", "with space", "ünïcødé-用户", "*", "?", "[a]", "%41", "#cap", "a\\b",
			"rec:20261118:u1", "😀" })
	void oddButValidIdsAndFieldsStayInsideTheirOwnKeysAndRoundTrip(String value) {
		assertThat(this.engine.service.award(value, value, "praise").outcome()).isEqualTo(Outcome.AWARDED);
		assertThat(this.engine.service.award("u1", value, "praise").outcome()).isEqualTo(Outcome.AWARDED);

		assertThat(this.engine.service.rankOf(value, Period.DAY)).map(RankEntry::score).contains(2L);
		assertThat(this.engine.service.top(Period.DAY, 10)).extracting(RankEntry::userId).contains(value);
		assertThat(this.engine.service.history(value, this.engine.calendar.today(), this.engine.calendar.today()).get(0)
			.awards()).containsOnlyKeys(value);
		List<String> keys = this.engine.storedKeys();
		assertThat(keys).allSatisfy((key) -> assertThat(key).startsWith(this.engine.keys.tag() + ":")
			.doesNotContain(" ", "{x}", "*", "?", "\n"));
		assertThat(this.engine.service.revoke(value, value, "praise").outcome()).isEqualTo(Outcome.REVOKED);
		assertThat(this.engine.service.rankOf(value, Period.DAY)).isEmpty();
	}

	@ParameterizedTest
	@ValueSource(strings = { "", " ", "\t", "line\nbreak", "nul\u0000" })
	void blankAndControlCharacterIdsAreRejected(String value) {
		assertThat(this.engine.service.award(value, "f", "praise").outcome()).isEqualTo(Outcome.REJECTED);
		assertThat(this.engine.service.award("u1", value, "praise").outcome()).isEqualTo(Outcome.REJECTED);
		assertThat(this.engine.storedKeys()).isEmpty();
	}

	@Test
	void oversizedIdsAndFieldsAreRejected() {
		String tenKb = "x".repeat(10 * 1024);

		assertThat(this.engine.service.award(tenKb, "f", "praise").reason()).contains("limit is 128");
		assertThat(this.engine.service.award("u1", tenKb, "praise").reason()).contains("limit is 256");
		assertThat(this.engine.service.revoke(tenKb, "f", "praise").outcome()).isEqualTo(Outcome.REJECTED);
		assertThat(this.engine.service.rankOf(tenKb, Period.DAY)).isEmpty();
		assertThat(this.engine.storedKeys()).isEmpty();
	}

	@Test
	void noKeyOutsideThePrefixIsWritten() {
		String before = String.valueOf(RedisKeysCleaner.keys(EngineFixture.factory(), "*").size());
		this.engine.service.award("}:evil", "{other}:day:x", "praise");
		this.engine.service.award("u1", "x", 5);

		assertThat(this.engine.storedKeys()).allMatch((k) -> k.startsWith(this.engine.keys.tag() + ":"));
		assertThat(RankKeys.encode("}:evil")).isEqualTo("%7D%3Aevil");
		assertThat(before).isNotNull();
	}

}
