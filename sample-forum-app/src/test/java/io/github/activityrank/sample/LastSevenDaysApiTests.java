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
 * The "Last 7 days" tab: {@code GET /api/rank/last-7-days} and its {@code /me},
 * {@code /around-me} and {@code /following}, read from the rolling board of the last 7
 * days (activity-rank.rolling: [7]), and the same per category ({@code ?category=}).
 */
@SampleAppTest(properties = { "activity-rank.async.enabled=false", "activity-rank.time-zone=UTC" })
@Import(MovableClock.Config.class)
class LastSevenDaysApiTests {

	static final long ALAN = 2, KEN = 8, FRANCES = 9, DENNIS = 10;

	private final ForumApi api;

	private final MovableClock clock;

	LastSevenDaysApiTests(@LocalServerPort int port, @Autowired MovableClock clock) {
		this.api = new ForumApi(port);
		this.clock = clock;
	}

	@Test
	void theBoardHoldsTheLastSevenDaysAndLetsOlderPointsGo() {
		assertThat(this.api.post("/api/articles/1/praise", ALAN).status()).isEqualTo(200);
		this.clock.advance(Duration.ofDays(2));
		assertThat(this.api.post("/api/articles/2/praise", KEN).status()).isEqualTo(200);
		assertThat(this.api.post("/api/articles/3/praise", ALAN).status()).isEqualTo(200);

		assertThat(users(this.api.get("/api/rank/last-7-days"))).containsExactly("2", "8");
		Response me = this.api.get("/api/rank/last-7-days/me", KEN);
		assertThat(me.body().get("period").asString()).isEqualTo("last-7-days");
		assertThat(me.body().get("entry").get("score").asLong()).isEqualTo(2);
		assertThat(users(this.api.get("/api/rank/last-7-days/around-me?radius=3", KEN))).containsExactly("2", "8");

		// six days on, Alan's first praise is eight days old
		this.clock.advance(Duration.ofDays(6));
		Response later = this.api.get("/api/rank/last-7-days");
		assertThat(later.body().get("entries")).hasSize(2);
		assertThat(later.body().get("entries").get(0).get("score").asLong()).isEqualTo(2);
	}

	@Test
	void aCategoryHasALastSevenDaysBoardThatLetsOlderPointsGo() {
		// far from the other tests' awards, before and after; article 6 is in java, 4 in
		// spring
		this.clock.advance(Duration.ofDays(100));
		assertThat(this.api.post("/api/articles/6/praise", FRANCES).status()).isEqualTo(200);
		this.clock.advance(Duration.ofDays(2));
		assertThat(this.api.post("/api/articles/4/praise", DENNIS).status()).isEqualTo(200);
		assertThat(this.api.post("/api/articles/6/praise", DENNIS).status()).isEqualTo(200);

		assertThat(users(this.api.get("/api/rank/last-7-days?category=java"))).containsExactly("9", "10");
		assertThat(users(this.api.get("/api/rank/last-7-days?category=spring"))).containsExactly("10");
		assertThat(users(this.api.get("/api/rank/last-7-days?category=redis"))).isEmpty();
		List<String> categories = new ArrayList<>();
		this.api.get("/api/rank/last-7-days/categories")
			.body()
			.forEach((c) -> categories.add(c.get("category").asString() + " " + c.get("points").asLong()));
		assertThat(categories).containsExactly("java 4", "spring 2", "redis 0");

		// six days on, Frances's praise is eight days old
		this.clock.advance(Duration.ofDays(6));
		assertThat(users(this.api.get("/api/rank/last-7-days?category=java"))).containsExactly("10");
		this.clock.advance(Duration.ofDays(100));
	}

	@Test
	void anUnknownBoardNamesTheLastSevenDays() {
		Response unknown = this.api.get("/api/rank/last-8-days");
		assertThat(unknown.status()).isEqualTo(404);
		assertThat(unknown.toString()).contains("last-7-days");
	}

	private static List<String> users(Response board) {
		assertThat(board.status()).as(board.toString()).isEqualTo(200);
		List<String> ids = new ArrayList<>();
		for (JsonNode entry : board.body().get("entries")) {
			ids.add(entry.get("userId").asString());
		}
		return ids;
	}

}
