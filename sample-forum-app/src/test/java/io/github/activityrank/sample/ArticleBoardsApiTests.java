package io.github.activityrank.sample;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import io.github.activityrank.sample.ForumApi.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * What the page's article panels and header read ({@code activity-rank.items.article}):
 * {@code GET /api/articles/hot}, {@code GET /api/articles/top/{period}},
 * {@code GET /api/articles/readers} and {@code GET /api/active-users}. Praise gives an
 * article 5, a comment 3 and a page view 1, in the same award as the user's points; a
 * revoke takes them back. Each test starts on an empty key space and uses articles and
 * users of its own (the forum's praise rows stay in its database).
 */
@SampleAppTest(properties = { "activity-rank.async.enabled=false", "activity-rank.time-zone=UTC" })
@Import(MovableClock.Config.class)
class ArticleBoardsApiTests {

	static final long ADA = 1, ALAN = 2, GRACE = 3, EDSGER = 4, BARBARA = 5, DONALD = 6, MARGARET = 7;

	@LocalServerPort
	int port;

	@Autowired
	MovableClock clock;

	ForumApi api;

	@BeforeEach
	void emptyKeySpace() {
		RedisForTests.deleteKeys(RedisForTests.prefix(getClass()));
		this.api = new ForumApi(this.port);
	}

	@Test
	void praiseCommentsAndViewsRankArticlesByDayWeekAndTotalWithTheirTitles() {
		ok(this.api.post("/api/articles/1/praise", ADA));
		ok(this.api.post("/api/articles/1/praise", ALAN));
		assertThat(this.api.post("/api/articles/2/comments", ADA, "{\"content\":\"Agreed\"}").status()).isEqualTo(201);
		assertThat(this.api.get("/api/articles/2", ALAN).status()).isEqualTo(200);
		assertThat(this.api.get("/api/articles/3", ALAN).status()).isEqualTo(200);
		// collecting gives articles nothing, reading anonymously neither
		ok(this.api.post("/api/articles/3/collect", ADA));
		assertThat(this.api.get("/api/articles/3").status()).isEqualTo(200);

		for (String period : List.of("day", "week", "total")) {
			Response board = this.api.get("/api/articles/top/" + period);
			assertThat(board.status()).as(board.toString()).isEqualTo(200);
			assertThat(board.body().get("board").asString()).isEqualTo(period);
			assertThat(lines(board.body())).as(period)
				.containsExactly("1 1 10 Notes on the Analytical Engine", "2 2 4 Goto considered harmful, revisited",
						"3 3 1 Debugging, literally");
		}
		assertThat(lines(this.api.get("/api/articles/top/week?size=1").body())).hasSize(1);
	}

	@Test
	void theHotBoardHalvesEachAwardEveryTwelveHoursAndARevokeTakesItsShareBack() {
		ok(this.api.post("/api/articles/4/praise", GRACE));
		assertThat(hot()).containsExactly("1 4 Substitution, explained simply");
		assertThat(hotScore("4")).isCloseTo(5000, within(1L));

		this.clock.advance(Duration.ofHours(12));
		assertThat(hotScore("4")).isCloseTo(2500, within(1L));
		// a fresh praise of another article now outweighs the older one
		ok(this.api.post("/api/articles/5/praise", GRACE));
		assertThat(hot()).containsExactly("1 5 Premature optimization", "2 4 Substitution, explained simply");

		ok(this.api.delete("/api/articles/5/praise", GRACE));
		assertThat(hot()).containsExactly("1 4 Substitution, explained simply");
		assertThat(this.api.get("/api/articles/top/total").body().get("entries").get(0).get("score").asLong())
			.isEqualTo(5);
	}

	@Test
	void readersCountEachDistinctUserOnceAndActiveUsersCountEveryoneWhoScored() {
		for (long user : List.of(EDSGER, BARBARA, DONALD)) {
			assertThat(this.api.get("/api/articles/6", user).status()).isEqualTo(200);
		}
		assertThat(this.api.get("/api/articles/6", EDSGER).status()).isEqualTo(200); // again:
																						// still
																						// one
																						// reader
		ok(this.api.post("/api/articles/6/praise", MARGARET)); // praise counts its user
																// too
		ok(this.api.post("/api/users/1/follow", ALAN)); // no article, but an award

		Response readers = this.api.get("/api/articles/readers?ids=6,7,6");
		assertThat(readers.status()).as(readers.toString()).isEqualTo(200);
		assertThat(readers.body().get("readers").toString()).isEqualTo("{\"6\":4,\"7\":0}");
		Response active = this.api.get("/api/active-users");
		assertThat(active.body().get("today").asLong()).isEqualTo(5);
		assertThat(active.body().get("thisWeek").asLong()).isEqualTo(5);
	}

	@Test
	void badQueriesAreClearErrors() {
		assertError(this.api.get("/api/articles/top/month"), 404, "day, week and total");
		assertError(this.api.get("/api/articles/hot?size=0"), 400, "size");
		assertError(this.api.get("/api/articles/top/week?size=1001"), 400, "size");
		assertError(this.api.get("/api/articles/readers?ids=abc"), 400, "'abc'");
		assertError(this.api.get("/api/articles/readers?ids=0"), 400, "positive");
		String tooMany = LongStream.rangeClosed(1, 101).mapToObj(Long::toString).collect(Collectors.joining(","));
		assertError(this.api.get("/api/articles/readers?ids=" + tooMany), 400, "1 to 100");
		assertThat(this.api.get("/api/articles/readers").status()).isEqualTo(400);
	}

	/** "rank articleId title" per line of the hot board. */
	private List<String> hot() {
		Response board = this.api.get("/api/articles/hot");
		assertThat(board.status()).as(board.toString()).isEqualTo(200);
		List<String> lines = new ArrayList<>();
		board.body()
			.get("entries")
			.forEach((e) -> lines
				.add(e.get("rank").asLong() + " " + e.get("articleId").asString() + " " + e.get("title").asString()));
		return lines;
	}

	private long hotScore(String articleId) {
		for (JsonNode e : this.api.get("/api/articles/hot").body().get("entries")) {
			if (e.get("articleId").asString().equals(articleId)) {
				return e.get("score").asLong();
			}
		}
		throw new AssertionError("article " + articleId + " is not hot");
	}

	/** "rank articleId score title" per line. */
	private static List<String> lines(JsonNode board) {
		List<String> lines = new ArrayList<>();
		board.get("entries")
			.forEach((e) -> lines.add(e.get("rank").asLong() + " " + e.get("articleId").asString() + " "
					+ e.get("score").asLong() + " " + e.get("title").asString()));
		return lines;
	}

	private static void ok(Response response) {
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		assertThat(response.body().get("changed").asBoolean()).as(response.toString()).isTrue();
	}

	private static void assertError(Response response, int status, String message) {
		assertThat(response.status()).as(response.toString()).isEqualTo(status);
		assertThat(response.body().get("message").asString()).contains(message);
	}

}
