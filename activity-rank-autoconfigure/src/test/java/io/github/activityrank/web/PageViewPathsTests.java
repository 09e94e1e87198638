package io.github.activityrank.web;

import io.github.activityrank.ActivityLimits;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PageViewPathsTests {

	@Test
	void normalisesRepeatedAndTrailingSlashes() {
		assertThat(PageViewPaths.normalise("/a//b/")).isEqualTo("/a/b");
		assertThat(PageViewPaths.normalise("")).isEqualTo("/");
		assertThat(PageViewPaths.normalise("/")).isEqualTo("/");
	}

	@Test
	void capsLongPathsKeepingThemDistinct() {
		String base = "/" + "x".repeat(400);
		String first = PageViewPaths.cap(base + "1");
		String second = PageViewPaths.cap(base + "2");
		assertThat(first).hasSize(ActivityLimits.MAX_FIELD_LENGTH).isNotEqualTo(second);
		assertThat(PageViewPaths.cap("/short")).isEqualTo("/short");
	}

}
