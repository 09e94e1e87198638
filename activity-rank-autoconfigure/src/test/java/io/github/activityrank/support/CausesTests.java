package io.github.activityrank.support;

import java.io.IOException;
import java.io.UncheckedIOException;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CausesTests {

	@Test
	void findsAMatchAnywhereInTheCauseChain() {
		Throwable wrapped = new IllegalStateException("outer",
				new UncheckedIOException(new IOException("NOSCRIPT No matching script")));
		assertThat(Causes.anyMatch(wrapped, (t) -> t instanceof IOException)).isTrue();
		assertThat(Causes.anyMatch(wrapped, (t) -> t instanceof IllegalStateException)).isTrue();
		assertThat(Causes.anyMatch(wrapped, (t) -> t instanceof IllegalArgumentException)).isFalse();
	}

	@Test
	void followsAChainThatLoopsOnlyOnceRound() {
		IllegalStateException first = new IllegalStateException("first");
		IllegalArgumentException second = new IllegalArgumentException("second", first);
		first.initCause(second);
		int[] visits = new int[1];
		assertThat(Causes.anyMatch(first, (t) -> ++visits[0] > 10)).isFalse();
		assertThat(visits[0]).isEqualTo(2);
	}

	@Test
	void noFailureMatchesNothing() {
		assertThat(Causes.anyMatch(null, (t) -> true)).isFalse();
	}

}
