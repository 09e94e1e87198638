package io.github.activityrank.web;

import io.github.activityrank.ActivityLimits;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PageViewInterceptorTests {

	@Test
	void normalisesRepeatedAndTrailingSlashes() {
		assertThat(PageViewInterceptor.normalise("/a//b/")).isEqualTo("/a/b");
		assertThat(PageViewInterceptor.normalise("")).isEqualTo("/");
		assertThat(PageViewInterceptor.normalise("/")).isEqualTo("/");
	}

	@Test
	void capsLongPathsKeepingThemDistinct() {
		String base = "/" + "x".repeat(400);
		String first = PageViewInterceptor.cap(base + "1");
		String second = PageViewInterceptor.cap(base + "2");
		assertThat(first).hasSize(ActivityLimits.MAX_FIELD_LENGTH).isNotEqualTo(second);
		assertThat(PageViewInterceptor.cap("/short")).isEqualTo("/short");
	}

}
