package io.github.activityrank.sample;

import java.time.Duration;
import java.util.List;

import io.github.activityrank.sample.ForumApi.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;

import static io.github.activityrank.sample.FollowingBoardTests.lines;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample's own board order ({@code tie-break: earliest}, so ranks are ordinal): users
 * with equal points are ranked by who reached that score first, every rank is distinct,
 * and a revoke keeps the time the user last gained points. The app's clock is moved by
 * hand between actions.
 */
@SampleAppTest(properties = { "activity-rank.async.enabled=false", "activity-rank.time-zone=UTC" })
@Import(MovableClock.Config.class)
class ForumTieBreakTests {

	static final long ADA = 1, ALAN = 2, BARBARA = 5, FRANCES = 9;

	@LocalServerPort
	int port;

	@Autowired
	MovableClock clock;

	ForumApi api;

	@BeforeEach
	void client() {
		this.api = new ForumApi(this.port);
	}

	@Test
	void equalPointsRankWhoeverGotThereFirstHigherWithDistinctRanks() {
		ok(this.api.post("/api/articles/1/praise", ALAN)); // Alan 2 at 12:00:00
		later();
		ok(this.api.post("/api/articles/1/praise", BARBARA)); // Barbara 2 at 12:00:10
		later();
		assertThat(this.api.post("/api/articles", ADA, "{\"title\":\"Hi\",\"content\":\"There\"}").status())
			.isEqualTo(201); // Ada 10

		// Redis alone would list Barbara ("5") before Alan ("2"); Alan got to 2 first
		for (String period : List.of("day", "week", "month")) {
			assertThat(lines(this.api.get("/api/rank/" + period).body().get("entries"))).as(period)
				.containsExactly("1 1 10 Ada Lovelace", "2 2 2 Alan Turing", "3 5 2 Barbara Liskov");
		}
		assertThat(this.api.get("/api/rank/week/me", ALAN).body().get("entry").get("rank").asLong()).isEqualTo(2);
		assertThat(this.api.get("/api/rank/week/me", BARBARA).body().get("entry").get("rank").asLong()).isEqualTo(3);

		// Alan collects (4 at 12:00:30), then cancels: back at 2 as of 12:00:30, after
		// Barbara
		later();
		ok(this.api.post("/api/articles/1/collect", ALAN));
		later();
		ok(this.api.delete("/api/articles/1/collect", ALAN));
		assertThat(lines(this.api.get("/api/rank/day").body().get("entries"))).containsExactly("1 1 10 Ada Lovelace",
				"2 5 2 Barbara Liskov", "3 2 2 Alan Turing");
		assertThat(lines(this.api.get("/api/rank/day/around-me?radius=1", ALAN).body().get("entries")))
			.containsExactly("1 1 10 Ada Lovelace", "2 5 2 Barbara Liskov", "3 2 2 Alan Turing");

		// among the people Frances follows, the same order, numbered from 1
		later();
		ok(this.api.post("/api/users/2/follow", FRANCES));
		ok(this.api.post("/api/users/5/follow", FRANCES)); // Frances 4
		Response following = this.api.get("/api/rank/day/following", FRANCES);
		assertThat(lines(following.body().get("entries"))).containsExactly("1 9 4 Frances Allen",
				"2 5 2 Barbara Liskov", "3 2 2 Alan Turing");
	}

	private void later() {
		this.clock.advance(Duration.ofSeconds(10));
	}

	private static void ok(Response response) {
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		assertThat(response.body().get("changed").asBoolean()).as(response.toString()).isTrue();
	}

}
