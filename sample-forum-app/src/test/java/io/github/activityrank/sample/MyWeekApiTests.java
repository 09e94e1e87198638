package io.github.activityrank.sample;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.sample.ForumApi.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the page's "my week" and its chart read: {@code GET
 * /api/users/{id}/summary/{period}} (per rule, the awards that still stand and their
 * points, with the page's labels) and {@code GET /api/users/{id}/activity?days=14}
 * (points per day, and the range it covers).
 */
@SampleAppTest(properties = { "activity-rank.async.enabled=false", "activity-rank.time-zone=UTC" })
@Import(MovableClock.Config.class)
class MyWeekApiTests {

	static final long ALAN = 2, KEN = 8, RADIA = 11;

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
	void theSummaryCountsEachRulesStandingAwardsUnderThePagesLabels() {
		ok(this.api.post("/api/articles/1/praise", ALAN));
		ok(this.api.post("/api/articles/2/praise", ALAN));
		ok(this.api.post("/api/articles/1/collect", ALAN));
		assertThat(this.api.get("/api/articles/3", ALAN).status()).isEqualTo(200);
		assertThat(this.api.post("/api/articles/3/comments", ALAN, "{\"content\":\"Yes\"}").status()).isEqualTo(201);
		ok(this.api.delete("/api/articles/2/praise", ALAN)); // no longer counted

		LocalDate today = LocalDate.now(this.clock);
		LocalDate monday = today.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
		for (String period : List.of("day", "week", "month")) {
			Response summary = this.api.get("/api/users/2/summary/" + period);
			assertThat(summary.status()).as(summary.toString()).isEqualTo(200);
			JsonNode body = summary.body();
			assertThat(body.get("userId").asString()).isEqualTo("2");
			assertThat(body.get("period").asString()).isEqualTo(period);
			assertThat(body.get("points").asLong()).as(period).isEqualTo(3 + 2 + 2 + 1);
			assertThat(rules(body)).as(period)
				.containsExactly("comment 'comments written' 1 3", "praise 'articles praised' 1 2",
						"collect 'articles collected' 1 2", "page-view 'articles read' 1 1");
		}
		assertThat(this.api.get("/api/users/2/summary/day").body().get("start").asString()).isEqualTo(today.toString());
		assertThat(this.api.get("/api/users/2/summary/week").body().get("start").asString())
			.isEqualTo(monday.toString());
		assertThat(this.api.get("/api/users/2/summary/month").body().get("start").asString())
			.isEqualTo(today.withDayOfMonth(1).toString());
	}

	@Test
	void aUserWithNothingThisWeekHasAnEmptySummary() {
		JsonNode body = this.api.get("/api/users/" + RADIA + "/summary/week").body();
		assertThat(body.get("points").asLong()).isZero();
		assertThat(body.get("rules")).isEmpty();
	}

	@Test
	void theSummaryNeedsAKnownUserAndPeriod() {
		assertError(this.api.get("/api/users/999/summary/week"), 404, "No user 999");
		assertError(this.api.get("/api/users/2/summary/total"), 404, "day, week and month");
		assertError(this.api.get("/api/users/2/summary/year"), 404, "'year'");
		assertError(this.api.get("/api/users/abc/summary/week"), 400, "'abc'");
	}

	@Test
	void theActivityOfTheLast14DaysNamesItsRangeAndListsDaysWithPoints() {
		ok(this.api.post("/api/users/1/follow", KEN));
		ok(this.api.post("/api/users/2/follow", KEN));

		LocalDate today = LocalDate.now(this.clock);
		Response activity = this.api.get("/api/users/8/activity?days=14");
		assertThat(activity.status()).isEqualTo(200);
		JsonNode body = activity.body();
		assertThat(body.get("from").asString()).isEqualTo(today.minusDays(13).toString());
		assertThat(body.get("to").asString()).isEqualTo(today.toString());
		assertThat(body.get("days")).hasSize(1);
		assertThat(body.get("days").get(0).get("day").asString()).isEqualTo(today.toString());
		assertThat(body.get("days").get(0).get("points").asLong()).isEqualTo(4);

		JsonNode nobody = this.api.get("/api/users/" + RADIA + "/activity?days=14").body();
		assertThat(nobody.get("from").asString()).isEqualTo(today.minusDays(13).toString());
		assertThat(nobody.get("days")).isEmpty();
		assertError(this.api.get("/api/users/8/activity?days=0"), 400, "days");
		assertError(this.api.get("/api/users/999/activity?days=14"), 404, "No user 999");
	}

	/** "rule 'label' count points" per rule line. */
	private static List<String> rules(JsonNode summary) {
		List<String> lines = new ArrayList<>();
		for (JsonNode rule : summary.get("rules")) {
			lines.add(rule.get("rule").asString() + " '" + rule.get("label").asString() + "' "
					+ rule.get("count").asLong() + " " + rule.get("points").asLong());
		}
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
