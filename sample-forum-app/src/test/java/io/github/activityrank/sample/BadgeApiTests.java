package io.github.activityrank.sample;

import java.time.Duration;

import io.github.activityrank.sample.ForumApi.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the page shows of levels and badges: {@code GET /api/users/{id}/achievements} (the
 * level, the progress to the next, the badges) and {@code GET /api/me/notices}, which
 * tells a newcomer of the first badge right after the comment that earned it.
 */
@SampleAppTest(properties = { "activity-rank.async.enabled=false" })
class BadgeApiTests {

	static final long ADA = 1, KEN = 8;

	@LocalServerPort
	int port;

	ForumApi api;

	@BeforeEach
	void emptyKeySpace() {
		RedisForTests.deleteKeys(RedisForTests.prefix(getClass()));
		this.api = new ForumApi(this.port);
	}

	@Test
	void aNewcomerIsLevelOneWithNoBadges() {
		JsonNode achievements = this.api.get("/api/users/8/achievements", KEN).body();
		assertThat(achievements.get("level").get("number").asInt()).isEqualTo(1);
		assertThat(achievements.get("level").get("name").asString()).isEqualTo("Newcomer");
		assertThat(achievements.get("level").get("nextAt").asLong()).isEqualTo(20);
		assertThat(achievements.get("percent").asInt()).isZero();
		assertThat(achievements.get("badges")).isEmpty();
	}

	@Test
	void aFirstCommentEarnsABadgeAndANoticeOnce() {
		Response comment = this.api.post("/api/articles/1/comments", ADA, "{\"content\":\"Nice one\"}");
		assertThat(comment.status()).as(comment.toString()).isEqualTo(201);
		// the ledger's relay applies the award: the badge follows within a moment
		await().atMost(Duration.ofSeconds(10))
			.until(() -> this.api.get("/api/users/1/achievements", ADA).body().get("badges").size() == 1);
		JsonNode achievements = this.api.get("/api/users/1/achievements", ADA).body();
		assertThat(achievements.get("badges").get(0).get("name").asString()).isEqualTo("commenter");
		assertThat(achievements.get("level").get("points").asLong()).isEqualTo(3);
		assertThat(achievements.get("percent").asInt()).isEqualTo(15);
		JsonNode notices = this.api.get("/api/me/notices", ADA).body();
		assertThat(notices).extracting((n) -> n.get("text").asString()).contains("You earned commenter");
		long seq = notices.get(notices.size() - 1).get("seq").asLong();
		this.api.post("/api/articles/2/comments", ADA, "{\"content\":\"And this\"}");
		await().atMost(Duration.ofSeconds(10))
			.until(() -> this.api.get("/api/users/1/achievements", ADA)
				.body()
				.get("level")
				.get("points")
				.asLong() == 6);
		assertThat(this.api.get("/api/me/notices?after=" + seq, ADA).body()).isEmpty();
	}

}
