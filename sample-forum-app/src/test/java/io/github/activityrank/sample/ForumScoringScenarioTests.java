package io.github.activityrank.sample;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.sample.ForumApi.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reference forum's scoring rules, played through the HTTP API by several users, with
 * the exact scores and ranks they must produce on the day, week and month boards. Ties
 * share a rank here: the test sets {@code tie-break: none} and competition ranks instead
 * of the sample's {@code earliest} ({@link ForumTieBreakTests} covers that).
 */
@SampleAppTest(properties = { "activity-rank.async.enabled=false", "activity-rank.time-zone=UTC",
		"activity-rank.tie-break=none", "activity-rank.ranking=competition" })
class ForumScoringScenarioTests {

	static final long ADA = 1, ALAN = 2, GRACE = 3, EDSGER = 4, BARBARA = 5, DONALD = 6;

	@LocalServerPort
	int port;

	ForumApi api;

	@BeforeEach
	void client() {
		this.api = new ForumApi(this.port);
	}

	@Test
	void theReferenceRulesProduceExactScoresAndCompetitionRanks() {
		// +1 per article page and day: the second view of the same page scores nothing
		view(ADA, 1);
		view(ADA, 1);
		view(ADA, 2);
		assertScore(ADA, 2);

		// anonymous page views and reads of the boards and users are no page views
		assertThat(this.api.get("/api/articles/3").status()).isEqualTo(200);
		assertThat(this.api.get("/api/rank/day", ADA).status()).isEqualTo(200);
		assertThat(this.api.get("/api/rank/week/me", ADA).status()).isEqualTo(200);
		assertThat(this.api.get("/api/users/1", ADA).status()).isEqualTo(200);
		assertThat(this.api.get("/api/users/1/activity", ADA).status()).isEqualTo(200);
		assertScore(ADA, 2);

		// +2 praise, once; cancelling takes it back; +2 collect
		assertToggle(this.api.post("/api/articles/1/praise", ALAN), true, true);
		assertToggle(this.api.post("/api/articles/1/praise", ALAN), true, false);
		assertScore(ALAN, 2);
		assertToggle(this.api.post("/api/articles/1/collect", ALAN), true, true);
		assertScore(ALAN, 4);
		assertToggle(this.api.delete("/api/articles/1/collect", ALAN), false, true);
		assertToggle(this.api.delete("/api/articles/1/collect", ALAN), false, false);
		assertScore(ALAN, 2);

		// +3 per comment; deleting one takes its 3 back; only the author may delete
		long first = comment(GRACE, 2, "Lovely moth.");
		comment(GRACE, 2, "Relay 70, panel F.");
		assertScore(GRACE, 6);
		assertThat(this.api.delete("/api/comments/" + first, ALAN).status()).isEqualTo(403);
		assertScore(GRACE, 6);
		assertThat(this.api.delete("/api/comments/" + first, GRACE).status()).isEqualTo(204);
		assertScore(GRACE, 3);
		assertThat(this.api.delete("/api/comments/" + first, GRACE).status()).isEqualTo(404);
		assertScore(GRACE, 3);

		// +10 for publishing
		Response published = this.api.post("/api/articles", EDSGER,
				"{\"title\":\"On the cruelty of teaching\",\"content\":\"Radical novelty.\"}");
		assertThat(published.status()).isEqualTo(201);
		assertThat(published.body().get("id").asLong()).isPositive();
		assertScore(EDSGER, 10);

		// +2 per follow; unfollowing takes it back
		assertToggle(this.api.post("/api/users/1/follow", BARBARA), true, true);
		assertToggle(this.api.post("/api/users/2/follow", BARBARA), true, true);
		assertScore(BARBARA, 4);
		assertToggle(this.api.delete("/api/users/2/follow", BARBARA), false, true);
		assertScore(BARBARA, 2);

		// Edsger 10, Grace 3, then Ada, Alan and Barbara tied on 2: ranks 1, 2, 3, 3, 3
		for (String period : List.of("day", "week", "month")) {
			Response board = this.api.get("/api/rank/" + period + "?size=30");
			assertThat(board.status()).isEqualTo(200);
			assertThat(board.body().get("period").asString()).isEqualTo(period);
			JsonNode entries = board.body().get("entries");
			assertThat(lines(entries)).as(period)
				.containsExactly("1 4 10 Edsger Dijkstra", "2 3 3 Grace Hopper", "3 ? 2", "3 ? 2", "3 ? 2");
			assertThat(List.of(entries.get(2), entries.get(3), entries.get(4))
				.stream()
				.map((e) -> e.get("userId").asString())).containsExactlyInAnyOrder("1", "2", "5");
			assertThat(entries.get(0).get("avatar").asString()).isEqualTo("/avatars/4.svg");
		}
		assertThat(this.api.get("/api/rank/day?size=2").body().get("entries")).hasSize(2);

		// my rank, and the users around me
		JsonNode alan = this.api.get("/api/rank/month/me", ALAN).body().get("entry");
		assertThat(alan.get("rank").asLong()).isEqualTo(3);
		assertThat(alan.get("score").asLong()).isEqualTo(2);
		assertThat(alan.get("name").asString()).isEqualTo("Alan Turing");
		JsonNode donald = this.api.get("/api/rank/day/me", DONALD).body().get("entry");
		assertThat(donald.get("rank").isNull()).isTrue();
		assertThat(donald.get("score").asLong()).isZero();
		Response around = this.api.get("/api/rank/week/around-me?radius=1", GRACE);
		assertThat(lines(around.body().get("entries")).subList(0, 2)).containsExactly("1 4 10 Edsger Dijkstra",
				"2 3 3 Grace Hopper");
		assertThat(around.body().get("entries")).hasSize(3);
		assertThat(this.api.get("/api/rank/day/around-me", DONALD).body().get("entries")).isEmpty();

		// what each user earned today, and for what
		JsonNode days = this.api.get("/api/users/1/activity?days=7").body().get("days");
		assertThat(days).hasSize(1);
		assertThat(days.get(0).get("day").asString()).isEqualTo(LocalDate.now(ZoneOffset.UTC).toString());
		assertThat(days.get(0).get("points").asLong()).isEqualTo(2);
		List<String> what = new ArrayList<>();
		days.get(0).get("awards").forEach((a) -> what.add(a.get("what").asString() + " " + a.get("points").asLong()));
		assertThat(what).containsExactlyInAnyOrder("viewed article 1 1", "viewed article 2 1");
	}

	private void view(long user, long article) {
		Response response = this.api.get("/api/articles/" + article, user);
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
	}

	private long comment(long user, long article, String text) {
		Response response = this.api.post("/api/articles/" + article + "/comments", user,
				"{\"content\":\"" + text + "\"}");
		assertThat(response.status()).as(response.toString()).isEqualTo(201);
		assertThat(response.body().get("content").asString()).isEqualTo(text);
		return response.body().get("id").asLong();
	}

	private void assertToggle(Response response, boolean active, boolean changed) {
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		assertThat(response.body().get("active").asBoolean()).isEqualTo(active);
		assertThat(response.body().get("changed").asBoolean()).isEqualTo(changed);
	}

	private void assertScore(long user, long expected) {
		for (String period : List.of("day", "week", "month")) {
			Response me = this.api.get("/api/rank/" + period + "/me", user);
			assertThat(me.status()).as(me.toString()).isEqualTo(200);
			assertThat(me.body().get("entry").get("score").asLong()).as("user %d on the %s board", user, period)
				.isEqualTo(expected);
		}
	}

	/**
	 * "rank userId score name" per entry; the tied users' ids and names are checked
	 * separately.
	 */
	private static List<String> lines(JsonNode entries) {
		List<String> lines = new ArrayList<>();
		for (JsonNode entry : entries) {
			long rank = entry.get("rank").asLong();
			long score = entry.get("score").asLong();
			lines.add((rank == 3) ? rank + " ? " + score
					: rank + " " + entry.get("userId").asString() + " " + score + " " + entry.get("name").asString());
		}
		return lines;
	}

	/** All awards land on today's boards, wherever the test runs near midnight. */
	@TestConfiguration(proxyBeanMethods = false)
	static class FixedClock {

		@Bean
		Clock clock() {
			return Clock.fixed(LocalDate.now(ZoneOffset.UTC).atTime(12, 0).toInstant(ZoneOffset.UTC), ZoneOffset.UTC);
		}

	}

}
