package io.github.activityrank.sample;

import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.redis.StreakPruning;
import io.github.activityrank.sample.ForumApi.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The daily check-in and what the page shows of streaks: {@code POST /api/check-in},
 * {@code GET /api/users/{id}/streak} (with the next milestone), {@code GET
 * /api/users/{id}/calendar} and {@code GET /api/streaks}, on a clock the test moves a day
 * at a time. Each test starts on an empty key space and uses users of its own (the
 * forum's check-in rows stay in its database).
 */
@SampleAppTest(properties = { "activity-rank.async.enabled=false", "activity-rank.time-zone=UTC" })
@Import(MovableClock.Config.class)
class StreakApiTests {

	static final long ADA = 1, ALAN = 2, GRACE = 3, EDSGER = 4, BARBARA = 5, DONALD = 6, MARGARET = 7, KEN = 8;

	@LocalServerPort
	int port;

	@Autowired
	MovableClock clock;

	@Autowired
	StreakPruning pruning;

	ForumApi api;

	@BeforeEach
	void emptyKeySpace() {
		RedisForTests.deleteKeys(RedisForTests.prefix(getClass()));
		this.api = new ForumApi(this.port);
	}

	@Test
	void aCheckInScoresOnceADayAndStartsAStreak() {
		LocalDate today = today();
		Response first = this.api.post("/api/check-in", ADA);
		assertThat(first.status()).as(first.toString()).isEqualTo(200);
		assertThat(first.body().get("day").asString()).isEqualTo(today.toString());
		assertThat(first.body().get("changed").asBoolean()).isTrue();
		assertThat(this.api.post("/api/check-in", ADA).body().get("changed").asBoolean()).isFalse();

		JsonNode streak = streak(ADA);
		assertThat(streak.get("current").asInt()).isEqualTo(1);
		assertThat(streak.get("longest").asInt()).isEqualTo(1);
		assertThat(streak.get("lastActive").asString()).isEqualTo(today.toString());
		assertThat(streak.get("activeToday").asBoolean()).isTrue();
		assertThat(next(streak)).isEqualTo("7 days +20 in 6");
		// one point, once, under the words the page shows
		JsonNode day = this.api.get("/api/users/1/activity?days=1").body().get("days").get(0);
		assertThat(day.get("points").asLong()).isEqualTo(1);
		assertThat(day.get("awards").get(0).get("what").asString()).isEqualTo("checked in");
	}

	@Test
	void aUserWhoNeverCheckedInHasNoStreakAndTheFirstMilestoneAhead() {
		JsonNode streak = streak(KEN);
		assertThat(streak.get("current").asInt()).isZero();
		assertThat(streak.get("lastActive").isNull()).isTrue();
		assertThat(streak.get("activeToday").asBoolean()).isFalse();
		assertThat(next(streak)).isEqualTo("7 days +20 in 7");
		assertThat(this.api.get("/api/users/8/calendar").body().get("days")).isEmpty();
	}

	@Test
	void sevenDaysInARowEarnTheBonusAndAWholeDayWithoutACheckInBreaksTheStreak() {
		for (int day = 0; day < 7; day++) {
			if (day > 0) {
				this.clock.advance(Duration.ofDays(1));
			}
			assertThat(this.api.post("/api/check-in", ALAN).body().get("changed").asBoolean()).isTrue();
		}
		JsonNode streak = streak(ALAN);
		assertThat(streak.get("current").asInt()).isEqualTo(7);
		assertThat(next(streak)).isEqualTo("30 days +100 in 23");
		JsonNode seventh = this.api.get("/api/users/2/activity?days=1").body().get("days").get(0);
		assertThat(seventh.get("points").asLong()).isEqualTo(1 + 20);
		assertThat(awards(seventh)).containsExactlyInAnyOrder("checked in 1", "7-day streak bonus 20");

		// alive through the next day, gone once a whole day passed without a check-in
		this.clock.advance(Duration.ofDays(1));
		assertThat(streak(ALAN).get("current").asInt()).isEqualTo(7);
		assertThat(streak(ALAN).get("activeToday").asBoolean()).isFalse();
		this.clock.advance(Duration.ofDays(1));
		streak = streak(ALAN);
		assertThat(streak.get("current").asInt()).isZero();
		assertThat(streak.get("longest").asInt()).isEqualTo(7);
		assertThat(next(streak)).isEqualTo("7 days +20 in 7");
	}

	@Test
	void theCalendarShowsTheActiveDaysOfTheLastYearWithTheirPoints() {
		LocalDate first = today();
		assertThat(this.api.post("/api/check-in", GRACE).status()).isEqualTo(200);
		assertThat(this.api.post("/api/articles/1/praise", GRACE).status()).isEqualTo(200);
		this.clock.advance(Duration.ofDays(2));
		assertThat(this.api.post("/api/check-in", GRACE).status()).isEqualTo(200);
		// praising without checking in makes no day active
		assertThat(this.api.post("/api/articles/1/praise", EDSGER).status()).isEqualTo(200);

		LocalDate today = today();
		JsonNode calendar = this.api.get("/api/users/3/calendar").body();
		assertThat(calendar.get("from").asString()).isEqualTo(today.minusYears(1).plusDays(1).toString());
		assertThat(calendar.get("to").asString()).isEqualTo(today.toString());
		assertThat(calendar.get("pointsFrom").asString()).isEqualTo(today.minusDays(31).toString());
		assertThat(days(calendar)).containsExactly(first + " 3", today + " 1");
		assertThat(this.api.get("/api/users/4/calendar").body().get("days")).isEmpty();
	}

	@Test
	void theStreakBoardRanksTheLongestStreaksNowTheEarlierStartFirst() {
		LocalDate start = today();
		checkIn(DONALD);
		checkIn(BARBARA);
		this.clock.advance(Duration.ofDays(1));
		checkIn(DONALD);
		checkIn(MARGARET);

		// Barbara's one day is alive until today is over, and began before Margaret's
		JsonNode board = this.api.get("/api/streaks?size=10").body();
		assertThat(lines(board)).containsExactly("1 6 2 " + start + " Donald Knuth",
				"2 5 1 " + start + " Barbara Liskov", "3 7 1 " + start.plusDays(1) + " Margaret Hamilton");
		assertThat(lines(this.api.get("/api/streaks?size=1").body())).hasSize(1);
		// two days later nobody checked in since: every streak broke, and leaves the
		// board
		// when the next day starts (the pruning step, run here for the moved clock)
		this.clock.advance(Duration.ofDays(2));
		this.pruning.prune();
		assertThat(this.api.get("/api/streaks").body().get("entries")).isEmpty();
	}

	@Test
	void checkingInNeedsALoggedInUserOfThisSite() {
		Response anonymous = this.api.post("/api/check-in", null);
		assertThat(anonymous.status()).as(anonymous.toString()).isEqualTo(401);
		RawHttp http = new RawHttp(this.port);
		assertThat(http
			.send("POST", "/api/check-in",
					List.of("Sec-Fetch-Site: cross-site", "Authorization: " + ForumApi.basic(ADA)), null)
			.status()).isEqualTo(403);
		assertThat(http
			.send("POST", "/api/check-in",
					List.of("Origin: http://evil.example", "Authorization: " + ForumApi.basic(ADA)), null)
			.status()).isEqualTo(403);
		assertThat(streak(ADA).get("current").asInt()).isZero();
	}

	@Test
	void badQueriesAreClearErrors() {
		assertError(this.api.get("/api/users/999/streak"), 404, "No user 999");
		assertError(this.api.get("/api/users/999/calendar"), 404, "No user 999");
		assertError(this.api.get("/api/users/abc/streak"), 400, "'abc'");
		assertError(this.api.get("/api/streaks?size=0"), 400, "size");
		assertError(this.api.get("/api/streaks?size=1001"), 400, "size");
	}

	private void checkIn(long user) {
		Response response = this.api.post("/api/check-in", user);
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		assertThat(response.body().get("changed").asBoolean()).as(response.toString()).isTrue();
	}

	private LocalDate today() {
		return LocalDate.now(this.clock);
	}

	private JsonNode streak(long user) {
		Response response = this.api.get("/api/users/" + user + "/streak");
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		return response.body();
	}

	/** "days +points in daysToGo" of the next milestone. */
	private static String next(JsonNode streak) {
		JsonNode next = streak.get("next");
		return next.get("days").asInt() + " days +" + next.get("points").asLong() + " in "
				+ next.get("daysToGo").asInt();
	}

	private static List<String> awards(JsonNode day) {
		List<String> awards = new ArrayList<>();
		day.get("awards").forEach((a) -> awards.add(a.get("what").asString() + " " + a.get("points").asLong()));
		return awards;
	}

	private static List<String> days(JsonNode calendar) {
		List<String> days = new ArrayList<>();
		calendar.get("days").forEach((d) -> days.add(d.get("day").asString() + " " + d.get("points").asLong()));
		return days;
	}

	/** "rank userId days since name" per line. */
	private static List<String> lines(JsonNode board) {
		List<String> lines = new ArrayList<>();
		board.get("entries")
			.forEach((e) -> lines.add(e.get("rank").asLong() + " " + e.get("userId").asString() + " "
					+ e.get("days").asLong() + " " + e.get("since").asString() + " " + e.get("name").asString()));
		return lines;
	}

	private static void assertError(Response response, int status, String message) {
		assertThat(response.status()).as(response.toString()).isEqualTo(status);
		assertThat(response.body().get("message").asString()).contains(message);
	}

}
