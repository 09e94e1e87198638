package io.github.activityrank.sample;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.sample.ForumApi.Response;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The category picker on the "Last 7 days" tab:
 * {@code GET /api/rank/last-7-days?category=} reads the category's rolling board, and
 * {@code /api/rank/last-7-days/categories} ranks the categories by their points of the
 * last 7 days.
 */
@SampleAppTest(properties = { "activity-rank.async.enabled=false", "activity-rank.time-zone=UTC" })
@Import(MovableClock.Config.class)
class CategoryLastSevenDaysApiTests {

	static final long ALAN = 2, KEN = 8;

	private final ForumApi api;

	private final MovableClock clock;

	CategoryLastSevenDaysApiTests(@LocalServerPort int port, @Autowired MovableClock clock) {
		this.api = new ForumApi(port);
		this.clock = clock;
	}

	@Test
	void aCategoryHasALastSevenDaysBoardThatLetsOlderPointsGo() {
		// article 3 is in java, article 1 in spring
		assertThat(this.api.post("/api/articles/3/praise", ALAN).status()).isEqualTo(200);
		this.clock.advance(Duration.ofDays(2));
		assertThat(this.api.post("/api/articles/1/praise", KEN).status()).isEqualTo(200);
		assertThat(this.api.post("/api/articles/3/praise", KEN).status()).isEqualTo(200);

		assertThat(users(this.api.get("/api/rank/last-7-days?category=java"))).containsExactly("2", "8");
		assertThat(users(this.api.get("/api/rank/last-7-days?category=spring"))).containsExactly("8");
		assertThat(users(this.api.get("/api/rank/last-7-days?category=redis"))).isEmpty();
		assertThat(categories(this.api.get("/api/rank/last-7-days/categories"))).containsExactly("java 4", "spring 2",
				"redis 0");

		// six days on, Alan's praise is eight days old
		this.clock.advance(Duration.ofDays(6));
		assertThat(users(this.api.get("/api/rank/last-7-days?category=java"))).containsExactly("8");
	}

	private static List<String> users(Response board) {
		assertThat(board.status()).as(board.toString()).isEqualTo(200);
		List<String> ids = new ArrayList<>();
		for (JsonNode entry : board.body().get("entries")) {
			ids.add(entry.get("userId").asString());
		}
		return ids;
	}

	private static List<String> categories(Response categories) {
		assertThat(categories.status()).as(categories.toString()).isEqualTo(200);
		List<String> lines = new ArrayList<>();
		categories.body().forEach((c) -> lines.add(c.get("category").asString() + " " + c.get("points").asLong()));
		return lines;
	}

}
