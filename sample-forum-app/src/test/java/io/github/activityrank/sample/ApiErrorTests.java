package io.github.activityrank.sample;

import io.github.activityrank.sample.ForumApi.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bad input gets a 4xx with a JSON body saying what is wrong, never a 500, and scores
 * nothing.
 * <p>
 * Under the {@code demo} profile, where {@code X-User-Id} names the acting user
 * ({@code SecuritySampleTests} covers logging in).
 */
@ActiveProfiles("demo")
@SampleAppTest(properties = "activity-rank.async.enabled=false")
class ApiErrorTests {

	@LocalServerPort
	int port;

	ForumApi api;

	@BeforeEach
	void client() {
		this.api = ForumApi.demo(this.port);
	}

	@Test
	void aWriteWithoutXUserIdIsUnauthorized() {
		assertError(this.api.post("/api/articles/1/praise", null), 401, "X-User-Id");
		assertError(this.api.delete("/api/comments/1", null), 401, "X-User-Id");
		assertError(this.api.post("/api/users/2/follow", null), 401, "X-User-Id");
	}

	@Test
	void aWriteAsAnUnknownUserIsUnauthorized() {
		assertError(this.api.post("/api/articles/1/praise", 999), 401, "No user 999");
	}

	@Test
	void aMalformedXUserIdIsABadRequest() {
		assertError(this.api.post("/api/articles/1/praise", "abc"), 400, "'abc'");
		assertError(this.api.post("/api/articles/1/praise", "-3"), 400, "positive");
		assertError(this.api.get("/api/articles/1", "1; DROP TABLE"), 400, "X-User-Id");
	}

	@Test
	void myRankNeedsToKnowWhoIAm() {
		assertError(this.api.get("/api/rank/day/me"), 401, "X-User-Id");
		assertError(this.api.get("/api/rank/day/around-me", 77), 401, "No user 77");
	}

	@Test
	void unknownThingsAreNotFound() {
		assertError(this.api.get("/api/articles/999"), 404, "No article 999");
		assertError(this.api.post("/api/articles/999/praise", 1), 404, "No article 999");
		assertError(this.api.delete("/api/articles/999/collect", 1), 404, "No article 999");
		assertError(this.api.post("/api/articles/999/comments", 1, "{\"content\":\"hi\"}"), 404, "No article 999");
		assertError(this.api.delete("/api/comments/999", 1), 404, "No comment 999");
		assertError(this.api.post("/api/users/999/follow", 1), 404, "No user 999");
		assertError(this.api.get("/api/users/999/activity"), 404, "No user 999");
		assertError(this.api.get("/api/rank/year"), 404, "day, week and month");
		assertError(this.api.get("/api/rank/total"), 404, "day, week and month");
		assertError(this.api.get("/api/nothing-here"), 404, null);
	}

	@Test
	void malformedRequestsAreBadRequests() {
		assertError(this.api.get("/api/articles/abc"), 400, "'abc'");
		assertError(this.api.post("/api/articles", 1, "{\"title\":"), 400, "JSON");
		assertError(this.api.post("/api/articles", 1, "[1,2]"), 400, "JSON");
		assertError(this.api.send("POST", "/api/articles", 1, null, "application/json"), 400, "body");
		assertError(this.api.post("/api/articles", 1, "{\"title\":\"  \",\"content\":\"x\"}"), 400, "'title'");
		assertError(this.api.post("/api/articles", 1, "{\"title\":\"t\"}"), 400, "'content'");
		assertError(this.api.post("/api/articles/1/comments", 1, "{}"), 400, "'content'");
		assertError(this.api.post("/api/users/1/follow", 1), 400, "themselves");
		assertError(this.api.get("/api/rank/day?size=0"), 400, "size");
		assertError(this.api.get("/api/rank/day?size=abc"), 400, "'abc'");
		assertError(this.api.get("/api/rank/day/around-me?radius=-1", 1), 400, "radius");
		assertError(this.api.get("/api/users/1/activity?days=0"), 400, "days");
		assertError(this.api.get("/api/users/1/activity?days=1000"), 400, "days");
	}

	@Test
	void wrongMethodsAndMediaTypesAreRefused() {
		assertError(this.api.send("PUT", "/api/articles/1", 1, null, null), 405, null);
		assertError(this.api.send("POST", "/api/articles", 1, "title=x", "text/plain"), 415, null);
	}

	@Test
	void refusedRequestsScoreNothing() {
		this.api.post("/api/articles/1/praise", "abc");
		this.api.post("/api/articles/999/praise", 4);
		this.api.post("/api/users/4/follow", 4);
		this.api.post("/api/articles", 4, "{\"title\":\"\",\"content\":\"\"}");
		Response me = this.api.get("/api/rank/day/me", 4);
		assertThat(me.status()).isEqualTo(200);
		assertThat(me.body().get("entry").get("score").asLong()).isZero();
		assertThat(me.body().get("entry").get("rank").isNull()).isTrue();
	}

	private static void assertError(Response response, int status, String messagePart) {
		assertThat(response.status()).as(response.toString()).isEqualTo(status);
		assertThat(response.contentType()).startsWith("application/json");
		assertThat(response.body().get("status").asInt()).isEqualTo(status);
		assertThat(response.body().get("error").asString()).isNotBlank();
		if (messagePart != null) {
			assertThat(response.body().get("message").asString()).contains(messagePart);
		}
	}

}
