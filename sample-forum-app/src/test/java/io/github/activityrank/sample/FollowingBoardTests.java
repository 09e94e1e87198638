package io.github.activityrank.sample;

import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.sample.ForumApi.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code GET /api/rank/{period}/following}: the acting user and the people they follow,
 * ranked among themselves from 1 with {@code among}, in the same JSON as the other
 * boards. Each test acts as users the others leave alone.
 * <p>
 * Under the {@code demo} profile, where {@code X-User-Id} names the acting user.
 */
@ActiveProfiles("demo")
@SampleAppTest(properties = { "activity-rank.async.enabled=false", "activity-rank.time-zone=UTC" })
@Import(MovableClock.Config.class)
class FollowingBoardTests {

	static final long ADA = 1, BARBARA = 5, GRACE = 3, EDSGER = 4, DONALD = 6, FRANCES = 9, TONY = 12;

	@LocalServerPort
	int port;

	ForumApi api;

	@BeforeEach
	void client() {
		this.api = ForumApi.demo(this.port);
	}

	@Test
	void ranksTheUserAndTheirFolloweesFromOneLeavingOutEveryoneElse() {
		// Ada 20 leads the forum but Grace does not follow her
		publish(ADA);
		publish(ADA);
		publish(EDSGER); // 10
		ok(this.api.post("/api/articles/1/praise", DONALD));
		ok(this.api.post("/api/articles/1/collect", DONALD)); // 4
		ok(this.api.post("/api/users/4/follow", GRACE));
		ok(this.api.post("/api/users/6/follow", GRACE));
		ok(this.api.post("/api/users/12/follow", GRACE)); // Tony, who has no points
		assertThat(this.api.post("/api/articles/2/comments", GRACE, "{\"content\":\"Agreed\"}").status())
			.isEqualTo(201); // Grace 2 + 2 + 2 + 3 = 9

		for (String period : List.of("day", "week", "month")) {
			Response board = this.api.get("/api/rank/" + period + "/following", GRACE);
			assertThat(board.status()).as(board.toString()).isEqualTo(200);
			assertThat(board.body().get("period").asString()).isEqualTo(period);
			assertThat(lines(board.body().get("entries"))).as(period)
				.containsExactly("1 4 10 Edsger Dijkstra", "2 3 9 Grace Hopper", "3 6 4 Donald Knuth");
			assertThat(board.body().get("entries").get(0).get("avatar").asString()).isEqualTo("/avatars/4.svg");
		}
		// on the whole forum the same users rank 2, 3 and 4, behind Ada
		assertThat(lines(this.api.get("/api/rank/day?size=4").body().get("entries")).subList(0, 4)).containsExactly(
				"1 1 20 Ada Lovelace", "2 4 10 Edsger Dijkstra", "3 3 9 Grace Hopper", "4 6 4 Donald Knuth");

		// unfollowing takes Donald off Grace's board, and the follow's 2 points back
		ok(this.api.delete("/api/users/6/follow", GRACE));
		assertThat(lines(this.api.get("/api/rank/week/following", GRACE).body().get("entries")))
			.containsExactly("1 4 10 Edsger Dijkstra", "2 3 7 Grace Hopper");
	}

	@Test
	void aUserWhoFollowsNobodySeesThemselvesAlone() {
		assertThat(this.api.post("/api/articles/3/comments", BARBARA, "{\"content\":\"Nice\"}").status())
			.isEqualTo(201);
		assertThat(lines(this.api.get("/api/rank/month/following", BARBARA).body().get("entries")))
			.containsExactly("1 5 3 Barbara Liskov");
	}

	@Test
	void aUserWithoutPointsWhoseFolloweesHaveNoneEitherSeesAnEmptyBoard() {
		ok(this.api.post("/api/users/12/follow", FRANCES));
		ok(this.api.delete("/api/users/12/follow", FRANCES)); // the points come and go
		Response board = this.api.get("/api/rank/day/following", FRANCES);
		assertThat(board.status()).isEqualTo(200);
		assertThat(board.body().get("period").asString()).isEqualTo("day");
		assertThat(board.body().get("entries")).isEmpty();
	}

	@Test
	void theBoardNeedsAKnownUserAndAKnownPeriod() {
		assertError(this.api.get("/api/rank/day/following"), 401, "X-User-Id");
		assertError(this.api.get("/api/rank/day/following", 77), 401, "No user 77");
		assertError(this.api.get("/api/rank/day/following", "abc"), 400, "'abc'");
		assertError(this.api.get("/api/rank/year/following", TONY), 404, "No leaderboard 'year'");
		assertError(this.api.get("/api/rank/total/following", TONY), 404, "day, week and month");
	}

	private void publish(long author) {
		Response published = this.api.post("/api/articles", author, "{\"title\":\"A post\",\"content\":\"Text\"}");
		assertThat(published.status()).as(published.toString()).isEqualTo(201);
	}

	private static void ok(Response response) {
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		assertThat(response.body().get("changed").asBoolean()).as(response.toString()).isTrue();
	}

	private static void assertError(Response response, int status, String message) {
		assertThat(response.status()).as(response.toString()).isEqualTo(status);
		assertThat(response.body().get("message").asString()).contains(message);
	}

	/** "rank userId score name" per entry. */
	static List<String> lines(JsonNode entries) {
		List<String> lines = new ArrayList<>();
		for (JsonNode entry : entries) {
			lines.add(entry.get("rank").asLong() + " " + entry.get("userId").asString() + " "
					+ entry.get("score").asLong() + " " + entry.get("name").asString());
		}
		return lines;
	}

}
