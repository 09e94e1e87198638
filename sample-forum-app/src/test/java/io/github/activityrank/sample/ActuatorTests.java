package io.github.activityrank.sample;

import java.time.Duration;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.sample.ForumApi.Response;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample exposes health, the activity-rank meters and the {@code activityrank}
 * endpoint, and they follow what users do; all but health to its administrator.
 */
@SampleAppTest(properties = "activity-rank.time-zone=UTC")
class ActuatorTests {

	/** The sample's administrator: the endpoints beyond health need the ADMIN role. */
	static final long ADMIN = 1;

	@LocalServerPort
	int port;

	@Autowired
	ActivityRankAdmin admin;

	@Test
	void theActivityRankEndpointDescribesTheConfigurationAndCountsAwards() {
		ForumApi api = new ForumApi(this.port);
		JsonNode before = api.get("/actuator/activityrank", ADMIN).body();
		assertThat(api.post("/api/articles/4/praise", 3).status()).isEqualTo(200);
		assertThat(api.post("/api/articles/4/praise", 3).status()).isEqualTo(200);
		assertThat(api.post("/api/articles/5/collect", 3).status()).isEqualTo(200);
		assertThat(this.admin.awaitApplied(Duration.ofSeconds(10))).isTrue();

		Response response = api.get("/actuator/activityrank", ADMIN);
		assertThat(response.status()).isEqualTo(200);
		assertThat(response.contentType()).contains("json");
		JsonNode body = response.body();
		System.out.println("[actuator] GET /actuator/activityrank " + body.toPrettyString());
		assertThat(body.get("keyPrefix").asString()).isEqualTo(RedisForTests.prefix(ActuatorTests.class));
		assertThat(body.get("timeZone").asString()).isEqualTo("UTC");
		assertThat(body.get("periods").toString()).isEqualTo("[\"day\",\"week\",\"month\",\"total\"]");
		assertThat(body.get("rules").get("praise").get("points").asLong()).isEqualTo(2);
		assertThat(body.get("rules").get("comment").get("oncePer").asString()).isEqualTo("ever");
		// the sample's board order; it sets no caps, and caps that are not set are left
		// out
		assertThat(body.get("tieBreak").asString()).isEqualTo("earliest");
		assertThat(body.get("ranking").asString()).isEqualTo("ordinal");
		assertThat(body.get("tieBreakEpoch").asString()).isEqualTo("2026-01-01T00:00:00Z");
		assertThat(body.has("weeklyCap")).isFalse();
		assertThat(body.get("rules").get("praise").has("monthlyCap")).isFalse();
		// the second praise changed nothing, so the annotation's condition awarded
		// nothing
		assertThat(delta(before, body, "awards", "awarded")).isEqualTo(2);
		assertThat(body.get("dispatch").get("async").asBoolean()).isTrue();
		assertThat(delta(before, body, "dispatch", "queued")).isEqualTo(2);
		assertThat(delta(before, body, "dispatch", "applied")).isEqualTo(2);
		assertThat(body.get("dispatch").get("queueSize").asInt()).isZero();
		// the tests run with the ledger off (application.properties): no ledger section
		// (AdminRebuildTests reads it with the ledger on)
		assertThat(body.has("ledger")).isFalse();
	}

	private static long delta(JsonNode before, JsonNode after, String group, String count) {
		return after.get(group).get(count).asLong() - before.get(group).get(count).asLong();
	}

	@Test
	void theMetersAreListedUnderMetrics() {
		ForumApi api = new ForumApi(this.port);
		assertThat(api.post("/api/users/2/follow", 6).status()).isEqualTo(200);
		assertThat(this.admin.awaitApplied(Duration.ofSeconds(10))).isTrue();

		JsonNode names = api.get("/actuator/metrics", ADMIN).body().get("names");
		assertThat(names.toString()).contains("\"activity.rank.awards\"", "\"activity.rank.dispatch.queued\"",
				"\"activity.rank.dispatch.evaluation.errors\"", "\"activity.rank.queue.size\"",
				"\"activity.rank.retry.buffer.size\"");
		JsonNode awarded = api.get("/actuator/metrics/activity.rank.awards?tag=outcome:awarded", ADMIN).body();
		assertThat(awarded.get("measurements").get(0).get("value").asDouble()).isGreaterThanOrEqualTo(1);
		JsonNode tags = api.get("/actuator/metrics/activity.rank.awards", ADMIN).body().get("availableTags");
		assertThat(tags.get(0).get("tag").asString()).isEqualTo("outcome");
		assertThat(tags.get(0).get("values").toString()).contains("already_awarded", "rejected");
		assertThat(api.get("/actuator/metrics/activity.rank.queue.size", ADMIN).status()).isEqualTo(200);
	}

	@Test
	void healthIsUp() {
		Response health = new ForumApi(this.port).get("/actuator/health");
		assertThat(health.status()).isEqualTo(200);
		assertThat(health.body().get("status").asString()).isEqualTo("UP");
	}

}
