package io.github.activityrank.sample;

import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.ChallengeService;
import io.github.activityrank.sample.ForumApi.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The monthly writing challenge through the HTTP API: listing, joining and leaving, and
 * its board read like the period boards.
 */
@SampleAppTest(properties = { "activity-rank.async.enabled=false", "activity-rank.time-zone=UTC" })
class ChallengeApiTests {

	static final long ADA = 1, ALAN = 2, GRACE = 3;

	@LocalServerPort
	int port;

	@Autowired
	ChallengeService challenges;

	ForumApi api;

	String monthly;

	@BeforeEach
	void client() {
		this.api = new ForumApi(this.port);
		this.monthly = "writing-" + YearMonth.now(ZoneOffset.UTC);
	}

	@Test
	void listsTheMonthlyChallengeCreatedAtStartup() {
		JsonNode anonymous = find(this.api.get("/api/challenges"), this.monthly);
		assertThat(anonymous.get("rules").toString()).isEqualTo("[\"comment\",\"publish\"]");
		assertThat(anonymous.get("openToAll").asBoolean()).isFalse();
		assertThat(anonymous.get("joined").isNull()).isTrue();
		assertThat(anonymous.get("title").asString())
			.endsWith(YearMonth.now(ZoneOffset.UTC).getYear() + " writing challenge");
		assertThat(Instant.parse(anonymous.get("start").asString()))
			.isEqualTo(YearMonth.now(ZoneOffset.UTC).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC));
		assertThat(find(this.api.get("/api/challenges", GRACE), this.monthly).get("joined").asBoolean()).isFalse();
	}

	@Test
	void publishingAndCommentingCountForThoseWhoJoined() {
		assertToggle(this.api.post("/api/challenges/" + this.monthly + "/join", ADA), true, true);
		assertToggle(this.api.post("/api/challenges/" + this.monthly + "/join", ADA), true, false);
		assertToggle(this.api.post("/api/challenges/" + this.monthly + "/join", ALAN), true, true);
		assertThat(find(this.api.get("/api/challenges", ADA), this.monthly).get("joined").asBoolean()).isTrue();

		Response published = this.api.post("/api/articles", ADA, "{\"title\":\"Notes\",\"content\":\"On engines.\"}");
		assertThat(published.status()).as(published.toString()).isEqualTo(201);
		comment(ALAN, published.body().get("id").asLong());
		// reading is no writing, and Grace did not join
		assertThat(this.api.get("/api/articles/1", ALAN).status()).isEqualTo(200);
		comment(GRACE, 1);

		Response board = this.api.get("/api/challenges/" + this.monthly + "/rank?size=10");
		assertThat(board.status()).as(board.toString()).isEqualTo(200);
		assertThat(board.body().get("challenge").asString()).isEqualTo(this.monthly);
		assertThat(lines(board.body().get("entries"))).containsExactly("1 1 10 Ada Lovelace", "2 2 3 Alan Turing");
		assertThat(
				lines(this.api.get("/api/challenges/" + this.monthly + "/rank?size=1&offset=1").body().get("entries")))
			.containsExactly("2 2 3 Alan Turing");
		assertThat(find(this.api.get("/api/challenges"), this.monthly).get("players").asLong()).isEqualTo(2);

		JsonNode alan = this.api.get("/api/challenges/" + this.monthly + "/rank/me", ALAN).body().get("entry");
		assertThat(alan.get("rank").asLong()).isEqualTo(2);
		assertThat(alan.get("score").asLong()).isEqualTo(3);
		JsonNode grace = this.api.get("/api/challenges/" + this.monthly + "/rank/me", GRACE).body().get("entry");
		assertThat(grace.get("rank").isNull()).isTrue();
		assertThat(grace.get("score").asLong()).isZero();
		assertThat(grace.get("name").asString()).isEqualTo("Grace Hopper");
		assertThat(lines(this.api.get("/api/challenges/" + this.monthly + "/rank/around-me?radius=0", ALAN)
			.body()
			.get("entries"))).containsExactly("2 2 3 Alan Turing");
		assertThat(this.api.get("/api/challenges/" + this.monthly + "/rank/around-me", GRACE).body().get("entries"))
			.isEmpty();

		assertToggle(this.api.delete("/api/challenges/" + this.monthly + "/join", ALAN), false, true);
		assertToggle(this.api.delete("/api/challenges/" + this.monthly + "/join", ALAN), false, false);
		assertThat(lines(this.api.get("/api/challenges/" + this.monthly + "/rank").body().get("entries")))
			.containsExactly("1 1 10 Ada Lovelace");
	}

	@Test
	void answersMistakesWithTheStatusThatFits() {
		assertThat(this.api.get("/api/challenges/no-such/rank").status()).isEqualTo(404);
		assertThat(this.api.post("/api/challenges/no-such/join", ADA).status()).isEqualTo(404);
		assertThat(this.api.get("/api/challenges/bad*id/rank").status()).isEqualTo(400);
		assertThat(this.api.post("/api/challenges/" + this.monthly + "/join", null).status()).isEqualTo(401);
		assertThat(this.api.get("/api/challenges/" + this.monthly + "/rank/me").status()).isEqualTo(401);
		assertThat(this.api.get("/api/challenges/" + this.monthly + "/rank?size=0").status()).isEqualTo(400);
		assertThat(this.api.get("/api/challenges/" + this.monthly + "/rank?offset=-1").status()).isEqualTo(400);
		Response radius = this.api.get("/api/challenges/" + this.monthly + "/rank/around-me?radius=101", ADA);
		assertThat(radius.status()).isEqualTo(400);
		assertThat(radius.body().get("message").asString()).isEqualTo("radius must be from 0 to 100");
	}

	@Test
	void joiningAnOpenChallengeOrOneTooManyIsAConflict() {
		Instant now = Instant.now();
		this.challenges.create(new ChallengeDefinition("season", now, now.plus(Duration.ofDays(1)), Set.of(), true));
		Response open = this.api.post("/api/challenges/season/join", GRACE);
		assertThat(open.status()).isEqualTo(409);
		assertThat(open.body().get("message").asString()).contains("open to everyone");

		List<String> ids = new ArrayList<>();
		for (int c = 0; c < ActivityLimits.MAX_JOINED_CHALLENGES; c++) {
			ids.add("extra-" + c);
			this.challenges
				.create(new ChallengeDefinition("extra-" + c, now, now.plus(Duration.ofDays(1)), Set.of(), false));
			assertThat(this.challenges.join("extra-" + c, String.valueOf(GRACE))).isTrue();
		}
		Response full = this.api.post("/api/challenges/" + this.monthly + "/join", GRACE);
		assertThat(full.status()).isEqualTo(409);
		assertThat(full.body().get("message").asString()).contains("joined 100 challenges");
		ids.forEach((id) -> this.challenges.leave(id, String.valueOf(GRACE)));
	}

	private static JsonNode find(Response response, String id) {
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		for (JsonNode challenge : response.body()) {
			if (challenge.get("id").asString().equals(id)) {
				return challenge;
			}
		}
		throw new AssertionError("No challenge " + id + " in " + response);
	}

	private void comment(long user, long article) {
		Response response = this.api.post("/api/articles/" + article + "/comments", user, "{\"content\":\"Yes.\"}");
		assertThat(response.status()).as(response.toString()).isEqualTo(201);
	}

	private static void assertToggle(Response response, boolean active, boolean changed) {
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		assertThat(response.body().get("active").asBoolean()).isEqualTo(active);
		assertThat(response.body().get("changed").asBoolean()).isEqualTo(changed);
	}

	/** "rank userId score name" per entry. */
	private static List<String> lines(JsonNode entries) {
		List<String> lines = new ArrayList<>();
		for (JsonNode entry : entries) {
			lines.add(entry.get("rank").asLong() + " " + entry.get("userId").asString() + " "
					+ entry.get("score").asLong() + " " + entry.get("name").asString());
		}
		return lines;
	}

}
