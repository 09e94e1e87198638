package io.github.activityrank.support;

import io.github.activityrank.ActivityEvent;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LogTextTests {

	@Test
	void escapesControlCharactersSoAValueCannotStartALogLine() {
		assertThat(LogText.of("a\nb\rc\td\u0000e\u001bf\u0085g\u2028h"))
			.isEqualTo("a\\nb\\rc\\td\\u0000e\\u001bf\\u0085g\\u2028h");
	}

	@Test
	void keepsPrintableTextIncludingUnicodeAndKeyCharacters() {
		assertThat(LogText.of("ünïcødé-用户 :{}*? 😀")).isEqualTo("ünïcødé-用户 :{}*? 😀");
		assertThat(LogText.of((String) null)).isEqualTo("null");
	}

	@Test
	void cutsLongValuesAndSaysHowLongTheyWere() {
		assertThat(LogText.of("x".repeat(10_240))).isEqualTo("x".repeat(64) + "...(10240 chars)");
	}

	@Test
	void describesEvents() {
		assertThat(LogText.of(new ActivityEvent("u\n1", "f", "praise", 5L, true)))
			.isEqualTo("[user=u\\n1, rule=praise, points=5, field=f, revoke=true]");
		assertThat(LogText.of((ActivityEvent) null)).isEqualTo("null");
	}

}
