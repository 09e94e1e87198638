package io.github.activityrank.sample;

import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.sample.ForumApi.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The category picker's reads ({@code activity-rank.scopes.category}): {@code GET
 * /api/rank/{period}?category=...} ranks the users by what they earned on the articles of
 * one category, {@code GET /api/rank/{period}/categories} ranks the categories. Articles
 * 1, 4, 7 are in spring, 2, 5, 8 in redis, 3, 6, 9 in java.
 */
@SampleAppTest(properties = { "activity-rank.async.enabled=false", "activity-rank.time-zone=UTC" })
class CategoryBoardsApiTests {

	static final long ADA = 1, ALAN = 2;

	@LocalServerPort
	int port;

	ForumApi api;

	@BeforeEach
	void emptyKeySpace() {
		RedisForTests.deleteKeys(RedisForTests.prefix(getClass()));
		this.api = new ForumApi(this.port);
	}

	@Test
	void aCategoryBoardRanksWhatUsersEarnedOnItsArticlesAndAPraiseTakenBackLeavesIt() {
		assertThat(this.api.post("/api/articles/1/praise", ADA).status()).isEqualTo(200);
		assertThat(this.api.post("/api/articles/3/praise", ALAN).status()).isEqualTo(200);
		assertThat(this.api.post("/api/articles/6/comments", ALAN, "{\"content\":\"Agreed\"}").status()).isEqualTo(201);

		assertThat(lines(this.api.get("/api/rank/week?category=java", ADA).body())).containsExactly("1 " + ALAN + " 5");
		assertThat(lines(this.api.get("/api/rank/week?category=spring", ADA).body()))
			.containsExactly("1 " + ADA + " 2");
		assertThat(lines(this.api.get("/api/rank/week?category=redis", ADA).body())).isEmpty();
		assertThat(categories(this.api.get("/api/rank/week/categories", ADA).body())).containsExactly("java 5",
				"spring 2", "redis 0");

		assertThat(this.api.delete("/api/articles/1/praise", ADA).status()).isEqualTo(200);
		assertThat(lines(this.api.get("/api/rank/week?category=spring", ADA).body())).isEmpty();
	}

	@Test
	void anUnknownCategoryIsNotFound() {
		Response response = this.api.get("/api/rank/week?category=cobol", ADA);
		assertThat(response.status()).isEqualTo(404);
		assertThat(response.body().get("message").asString()).contains("java");
	}

	/** "rank userId score" per line. */
	private static List<String> lines(JsonNode board) {
		List<String> lines = new ArrayList<>();
		board.get("entries")
			.forEach((e) -> lines
				.add(e.get("rank").asLong() + " " + e.get("userId").asString() + " " + e.get("score").asLong()));
		return lines;
	}

	private static List<String> categories(JsonNode categories) {
		List<String> lines = new ArrayList<>();
		categories.forEach((c) -> lines.add(c.get("category").asString() + " " + c.get("points").asLong()));
		return lines;
	}

}
