package io.github.activityrank.sample;

import java.time.Duration;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.sample.ForumApi.Response;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code POST /api/admin/rebuild}: the sample's ledger on H2 gives back the boards after
 * Redis lost them. The actuator endpoint and the meters show the ledger's relay.
 */
@SampleAppTest(properties = { "activity-rank.time-zone=UTC", "activity-rank.ledger.enabled=true" })
class AdminRebuildTests {

	static final long ADA = 1;

	@LocalServerPort
	int port;

	@Autowired
	ActivityRankService ranks;

	@Test
	void rebuildGivesBackTheBoardsAfterRedisLostThem() {
		ForumApi api = new ForumApi(this.port);
		Response published = api.post("/api/articles", ADA, "{\"title\":\"Notes\",\"content\":\"On engines.\"}");
		assertThat(published.status()).as(published.toString()).isEqualTo(201);
		// the relay applies the ledger's row a moment after the commit
		await().atMost(Duration.ofSeconds(10))
			.until(() -> this.ranks.board(Period.WEEK).rankOf(Long.toString(ADA)).isPresent());
		long before = this.ranks.board(Period.WEEK).rankOf(Long.toString(ADA)).map(RankEntry::score).orElseThrow();

		RedisForTests.deleteKeys(RedisForTests.prefix(AdminRebuildTests.class));
		assertThat(this.ranks.board(Period.WEEK).rankOf(Long.toString(ADA))).isEmpty();

		Response rebuilt = api.post("/api/admin/rebuild", ADA);
		assertThat(rebuilt.status()).as(rebuilt.toString()).isEqualTo(200);
		assertThat(rebuilt.body().get("entries").asLong()).isPositive();
		assertThat(rebuilt.body().get("users").asLong()).isPositive();
		assertThat(rebuilt.body().has("took")).isTrue();
		assertThat(this.ranks.board(Period.WEEK).rankOf(Long.toString(ADA)).map(RankEntry::score)).contains(before);
	}

	@Test
	void theActuatorEndpointShowsTheLedgersRelay() {
		ForumApi api = new ForumApi(this.port);
		Response published = api.post("/api/articles", ADA, "{\"title\":\"Relay\",\"content\":\"Shown.\"}");
		assertThat(published.status()).as(published.toString()).isEqualTo(201);
		await().atMost(Duration.ofSeconds(10))
			.until(() -> api.get("/actuator/activityrank", ADA).body().get("ledger").get("applied").asLong() >= 1);

		JsonNode ledger = api.get("/actuator/activityrank", ADA).body().get("ledger");
		System.out.println("[actuator] GET /actuator/activityrank, ledger: " + ledger);
		assertThat(ledger.get("setAsideAfter").asInt()).isEqualTo(5);
		assertThat(ledger.get("setAside").asLong()).isZero();
		assertThat(ledger.has("failedPasses")).isTrue();
		assertThat(api.get("/actuator/metrics", ADA).body().get("names").toString())
			.contains("\"activity.rank.ledger.set.aside\"", "\"activity.rank.ledger.applied\"");
		JsonNode setAside = api.get("/actuator/metrics/activity.rank.ledger.set.aside", ADA).body();
		assertThat(setAside.get("measurements").get(0).get("value").asDouble()).isZero();
	}

}
