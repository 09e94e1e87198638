package io.github.activityrank.sample;

import java.nio.charset.StandardCharsets;
import java.util.List;

import io.github.activityrank.sample.RawHttp.Response;
import io.github.activityrank.test.KeyspaceAudit;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample's write endpoints award the acting user ({@code X-User-Id}) and nobody else:
 * user ids slipped into query parameters, JSON bodies or other headers are ignored, and
 * acting on another user's article, profile or comment never gives that user points (or
 * takes them). Odd but valid input (a padded header, unicode titles, a huge offset) is
 * served normally. Runs in Redis database {@link KeyspaceAudit#HTTP_DATABASE}; a SCAN of
 * that whole database finds no key outside the prefix.
 * <p>
 * Under the {@code demo} profile, where {@code X-User-Id} names the acting user
 * ({@code SecuritySampleTests} covers logging in).
 */
@ActiveProfiles("demo")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "sample.embedded-redis.enabled=false", "activity-rank.async.enabled=false" })
class WritesAwardOnlyTheCallerTests {

	static final long GRACE = 3, BARBARA = 5;

	static final int DATABASE = KeyspaceAudit.HTTP_DATABASE;

	static final String PREFIX = KeyspaceAudit.prefix("caller");

	/** Every way a request might name another user than the caller. */
	static final String OTHER_USER_PARAMETERS = "?userId=5&user=5&authorId=5&followerId=5&actor=5&X-User-Id=5";

	static final List<String> OTHER_USER_HEADERS = List.of("X-Author-Id: 5", "X-Forwarded-User: 5", "X-Acting-User: 5",
			"X-Remote-User: 5", "Forwarded: for=5;by=5");

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry registry) {
		RedisForTests.register(registry, PREFIX, DATABASE);
	}

	@AfterAll
	static void deleteKeys() {
		RedisForTests.deleteKeys(PREFIX, DATABASE);
	}

	@LocalServerPort
	int port;

	@Test
	void writesAwardTheCallerOnlyWhateverElseTheRequestSays() {
		RawHttp http = new RawHttp(this.port);
		ForumApi api = ForumApi.demo(this.port);
		int redirectAttempts = 0;

		// Barbara comments on Ada's article: +3 for Barbara, the only points she earns
		// here
		JsonNode barbarasComment = api.post("/api/articles/1/comments", BARBARA, "{\"content\":\"Mine\"}").body();
		assertThat(score(api, BARBARA)).isEqualTo(3);

		// Grace acts on Barbara's article (4), profile and comment, naming Barbara
		// everywhere she can
		List<String> asGraceNamingBarbara = headers(GRACE, "Content-Type: application/json");
		byte[] userFields = "{\"userId\":5,\"authorId\":5,\"user\":{\"id\":5},\"author\":{\"id\":5}}"
			.getBytes(StandardCharsets.UTF_8);
		expect(http.send("POST", "/api/articles/4/praise" + OTHER_USER_PARAMETERS, asGraceNamingBarbara, userFields),
				200);
		expect(http.send("POST", "/api/articles/4/collect" + OTHER_USER_PARAMETERS, asGraceNamingBarbara, userFields),
				200);
		Response comment = http.send("POST", "/api/articles/4/comments" + OTHER_USER_PARAMETERS, asGraceNamingBarbara,
				"{\"content\":\"Nice\",\"userId\":5,\"authorId\":5,\"author\":{\"id\":5},\"articleId\":1}"
					.getBytes(StandardCharsets.UTF_8));
		expect(comment, 201);
		assertThat(comment.json().get("author").get("id").asLong()).isEqualTo(GRACE);
		assertThat(comment.json().get("articleId").asLong()).isEqualTo(4);
		expect(http.send("POST", "/api/users/5/follow" + OTHER_USER_PARAMETERS, asGraceNamingBarbara, userFields), 200);
		Response article = http.send("POST", "/api/articles" + OTHER_USER_PARAMETERS, asGraceNamingBarbara,
				"{\"id\":1,\"title\":\"Mine now\",\"content\":\"x\",\"authorId\":5,\"userId\":5}"
					.getBytes(StandardCharsets.UTF_8));
		expect(article, 201);
		assertThat(article.json().get("authorId").asLong()).isEqualTo(GRACE);
		assertThat(article.json().get("id").asLong()).isNotEqualTo(1);
		expect(http.send("GET", "/api/articles/4" + OTHER_USER_PARAMETERS, headers(GRACE), null), 200);
		redirectAttempts += 6;

		// deleting Barbara's comment is forbidden and takes nothing from her
		Response forbidden = http.send("DELETE",
				"/api/comments/" + barbarasComment.get("id").asLong() + OTHER_USER_PARAMETERS, headers(GRACE), null);
		assertThat(forbidden.status()).isEqualTo(403);
		assertThat(forbidden.json().get("message").asString()).contains("Only the author");
		redirectAttempts++;

		// praise 2 + collect 2 + comment 3 + follow 2 + publish 10 + page view 1
		assertThat(score(api, GRACE)).isEqualTo(20);
		assertThat(score(api, BARBARA)).isEqualTo(3);
		for (String period : List.of("day", "week", "month")) {
			List<String> lines = new java.util.ArrayList<>();
			for (JsonNode entry : api.get("/api/rank/" + period + "?size=1000").body().get("entries")) {
				if (!entry.get("userId").asString().equals("7")) { // the user of the
																	// other test
					lines.add(entry.get("userId").asString() + "=" + entry.get("score").asLong());
				}
			}
			assertThat(lines).as(period).containsExactly("3=20", "5=3");
		}
		long pointsToOthers = score(api, BARBARA) - 3;
		for (JsonNode entry : api.get("/api/rank/day?size=1000").body().get("entries")) {
			if (!List.of("3", "5", "7").contains(entry.get("userId").asString())) {
				pointsToOthers += entry.get("score").asLong();
			}
		}
		assertThat(pointsToOthers).isZero();
		JsonNode barbarasDay = api.get("/api/users/5/activity?days=1").body().get("days").get(0);
		assertThat(barbarasDay.get("awards")).hasSize(1);
		assertThat(barbarasDay.get("awards").get(0).get("field").asString()).startsWith("comment:");

		LettuceConnectionFactory connections = RedisTestServer.shared().newConnectionFactory(DATABASE);
		try {
			KeyspaceAudit.Result keyspace = KeyspaceAudit.audit(connections, PREFIX);
			assertThat(keyspace.outside()).isEmpty();
			// boards, and the records and week and month tallies of the users who acted:
			// Grace, Barbara (her own comment), user 7; the article boards, the active
			// users, and the reader counters of the articles acted on: 1, 4 and 2 (user
			// 7); the registry of rules that names the rules of record values; the badges
			// of the users who acted and the holders of the badges they earned; the
			// category boards of the articles acted on and the scoped sets of those users
			assertThat(StartupKeys.without(keyspace.ours(), PREFIX)).isNotEmpty()
				.allSatisfy((key) -> assertThat(key).matches("\\{" + PREFIX + "\\}:((day|week|month):[0-9W-]+|total)|"
						+ "\\{" + PREFIX
						+ "\\}:(rec:[0-9]{8}|wsum:[0-9]{4}-W[0-9]{2}|msum:[0-9]{4}-[0-9]{2}|badges):(3|5|7)|" + "\\{"
						+ PREFIX + "\\}:(item:article:([0-9W-]+|total)|hot:article|active:([0-9W-]+|total))|" + "\\{"
						+ PREFIX + "\\}:users:article:([0-9W-]+|total):(1|2|4)|" + "\\{" + PREFIX
						+ "\\}:((scope:category:(java|spring|redis)|scopes:category):(day|week|month):[0-9W-]+|scoped:(3|5|7))|"
						+ "\\{" + PREFIX + "\\}:(rules|badge-holders:[a-z0-9-]+)"));
			System.out.println("[hostile] caller-only: redirectAttempts=" + redirectAttempts + " pointsToOthers="
					+ pointsToOthers + " keysOutsidePrefix=" + keyspace.outside().size());
		}
		finally {
			connections.destroy();
		}
	}

	@Test
	void oddButValidRequestsAreServedNormally() {
		RawHttp http = new RawHttp(this.port);
		ForumApi api = ForumApi.demo(this.port);
		long before = score(api, 7);

		// a padded id is the same user; unicode and key characters in a title are just
		// text
		expect(http.send("POST", "/api/articles/2/praise", List.of("X-User-Id:    7   "), null), 200);
		String title = "用户 :{}*? 😀 \\u202e \\\"quoted\\\"";
		Response published = http.send("POST", "/api/articles",
				List.of("X-User-Id: 7", "Content-Type: application/json"),
				("{\"title\":\"" + title + "\",\"content\":\"" + "c".repeat(10 * 1024) + "\"}")
					.getBytes(StandardCharsets.UTF_8));
		expect(published, 201);
		assertThat(published.json().get("title").asString()).isEqualTo("用户 :{}*? 😀 \u202e \"quoted\"");
		assertThat(score(api, 7) - before).isEqualTo(2 + 10);

		// boards: any case of a period name, offsets far past the end, the largest page
		expect(http.send("GET", "/api/rank/DAY", List.of(), null), 200);
		Response far = http.send("GET", "/api/rank/week?offset=9223372036854775807&size=1000", List.of(), null);
		expect(far, 200);
		assertThat(far.json().get("entries")).isEmpty();
		expect(http.send("GET", "/api/rank/month?offset=1000000000000", List.of(), null), 200);
	}

	private static void expect(Response response, int status) {
		assertThat(response.status()).as(response.toString()).isEqualTo(status);
	}

	private static List<String> headers(long user, String... more) {
		List<String> headers = new java.util.ArrayList<>();
		headers.add("X-User-Id: " + user);
		headers.addAll(OTHER_USER_HEADERS);
		headers.addAll(List.of(more));
		return headers;
	}

	private static long score(ForumApi api, long user) {
		JsonNode entry = api.get("/api/rank/day/me", user).body().get("entry");
		return entry.get("score").asLong();
	}

}
