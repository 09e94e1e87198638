package io.github.activityrank.sample;

import java.time.Duration;
import java.util.List;

import io.github.activityrank.sample.ForumApi.Response;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;

import static io.github.activityrank.sample.FollowingBoardTests.lines;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 26, "first to reach, also within one second", tried as a new user would: five
 * users praising the same article within one second rank in the order they praised on the
 * day, week and month boards. With whole seconds they tied and Redis listed them
 * last-praised first (the greater id first).
 */
@SampleAppTest(properties = { "activity-rank.async.enabled=false", "activity-rank.time-zone=UTC" })
@Import(MovableClock.Config.class)
class SameSecondPraiseTests {

	@LocalServerPort
	int port;

	@Autowired
	MovableClock clock;

	@Test
	void fiveUsersPraisingInTheSameSecondRankInTheOrderTheyPraised() {
		ForumApi api = new ForumApi(this.port);
		// Grace, Edsger, Donald, Margaret and Ken, 100 ms apart within one second
		List<String> praisers = List.of("3", "4", "6", "7", "8");
		for (String user : praisers) {
			Response response = api.post("/api/articles/2/praise", Long.parseLong(user));
			assertThat(response.status()).as(response.toString()).isEqualTo(200);
			assertThat(response.body().get("changed").asBoolean()).as(response.toString()).isTrue();
			this.clock.advance(Duration.ofMillis(100));
		}

		for (String period : List.of("day", "week", "month")) {
			assertThat(lines(api.get("/api/rank/" + period).body().get("entries"))).as(period)
				.containsExactly("1 3 2 Grace Hopper", "2 4 2 Edsger Dijkstra", "3 6 2 Donald Knuth",
						"4 7 2 Margaret Hamilton", "5 8 2 Ken Thompson");
		}
	}

}
