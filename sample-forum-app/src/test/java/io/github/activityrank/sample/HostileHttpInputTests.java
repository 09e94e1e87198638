package io.github.activityrank.sample;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.activityrank.sample.RawHttp.Response;
import io.github.activityrank.test.HostileTally;
import io.github.activityrank.test.KeyspaceAudit;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The catalogue of hostile input through the sample's HTTP API, sent over a raw socket so
 * that even what well-behaved clients refuse to send gets tried: bad and oversized
 * {@code X-User-Id} headers, unknown periods, {@code size}, {@code offset},
 * {@code radius} and {@code days} that are negative, huge or not numbers, malformed
 * escapes, 10 KB headers and bodies, deep JSON. Each gets a 4xx with a JSON
 * {@code {"status", "error", "message"}} body (never a 5xx), and stores nothing: no Redis
 * key of the prefix changes, no article or comment is added. Tomcat's own refusals (a
 * header over its 8 KB limit, more than 100 headers, {@code %00} or an encoded {@code /})
 * are JSON too, through the sample's {@code JsonErrorReportValve}. Runs in Redis database
 * {@link KeyspaceAudit#HTTP_DATABASE}; after every test a SCAN of that whole database
 * finds no key outside the prefix.
 * <p>
 * Under the {@code demo} profile, where {@code X-User-Id} names the acting user
 * ({@code SecuritySampleTests} covers logging in).
 */
@ActiveProfiles("demo")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "sample.embedded-redis.enabled=false", "activity-rank.async.enabled=false" })
class HostileHttpInputTests {

	static final int DATABASE = KeyspaceAudit.HTTP_DATABASE;

	static final String PREFIX = KeyspaceAudit.prefix("http");

	static final String TEN_KB = "x".repeat(10 * 1024);

	static final HostileTally tally = new HostileTally("http");

	static final LettuceConnectionFactory connections = RedisTestServer.shared().newConnectionFactory(DATABASE);

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry registry) {
		RedisForTests.register(registry, PREFIX, DATABASE);
	}

	@LocalServerPort
	int port;

	RawHttp http;

	ForumApi api;

	String forumBefore;

	@BeforeEach
	void clients() {
		this.http = new RawHttp(this.port);
		this.api = ForumApi.demo(this.port);
		this.forumBefore = forumContent();
	}

	@AfterEach
	void scanTheWholeDatabase() {
		KeyspaceAudit.Result keyspace = KeyspaceAudit.audit(connections, PREFIX);
		tally.scanned(keyspace);
		assertThat(keyspace.outside()).as("keys outside every prefix in database " + DATABASE).isEmpty();
		assertThat(StartupKeys.without(keyspace.ours(), PREFIX)).as("keys written for refused requests").isEmpty();
		assertThat(forumContent()).as("articles and comments").isEqualTo(this.forumBefore);
	}

	@AfterAll
	static void printFigures() {
		System.out.println(tally.line());
		RedisForTests.deleteKeys(PREFIX, DATABASE);
		connections.destroy();
		assertThat(tally.storedByRejected()).isZero();
		assertThat(tally.outsidePrefix()).isZero();
	}

	@Test
	void actingUsersThatAreMissingMalformedOrUnknownAreRefused() {
		String praise = "/api/articles/1/praise";
		refused("POST", praise, List.of(), null, 401, "X-User-Id");
		refused("POST", praise, List.of("X-User-Id: "), null, 401, "X-User-Id");
		refused("POST", praise, List.of("X-User-Id:    "), null, 401, "X-User-Id");
		refused("POST", praise, List.of("X-User-Id: abc"), null, 400, "'abc'");
		refused("POST", praise, List.of("X-User-Id: 0"), null, 400, "positive");
		refused("POST", praise, List.of("X-User-Id: -3"), null, 400, "positive");
		refused("POST", praise, List.of("X-User-Id: 1.5"), null, 400, "user id");
		refused("POST", praise, List.of("X-User-Id: 3; DROP TABLE forum_user"), null, 400, "user id");
		refused("POST", praise, List.of("X-User-Id: 9223372036854775808"), null, 400, "user id");
		refused("POST", praise, List.of("X-User-Id: " + "9".repeat(7_000)), null, 400, "user id");
		refused("POST", praise, List.of("X-User-Id: 99999"), null, 401, "No user 99999");
		// UTF-8 read as ISO-8859-1 holds C1 controls: the security firewall refuses those
		refused("POST", praise, List.of("X-User-Id: 用户"), null, 400, "The request was refused");
		refused("POST", praise, List.of("X-User-Id: ３"), null, 400, "The request was refused");
		refused("POST", praise, List.of("X-User-Id: {3}"), null, 400, "user id");
		refused("POST", praise, List.of("X-User-Id: 3*"), null, 400, "user id");
		refused("POST", praise, List.of("X-User-Id: 3, 5"), null, 400, "user id");
		refused("POST", praise, List.of("X-User-Id: 3", "X-User-Id: 5"), null, 400, "Send one X-User-Id header, not 2");
		refused("GET", "/api/rank/day/me", List.of("X-User-Id: 3\u0001"), null, 400, null);
		refused("GET", "/api/rank/day/around-me", List.of("X-User-Id: 77"), null, 401, "No user 77");
		// over Tomcat's 8 KB header limit: refused by the server itself, still as JSON
		refused("POST", praise, List.of("X-User-Id: " + TEN_KB), null, 400, "refused the request");
		refused("POST", praise, List.of("X-User-Id: " + "1".repeat(10 * 1024)), null, 400, "refused the request");
	}

	@Test
	void unknownPeriodsAndMalformedPathsAreRefused() {
		refused("GET", "/api/rank/year", List.of(), null, 404, "No leaderboard 'year'");
		refused("GET", "/api/rank/total", List.of(), null, 404, "day, week and month");
		refused("GET", "/api/rank/%7Bx%7D", List.of(), null, 404, "No leaderboard '{x}'");
		refused("GET", "/api/rank/*", List.of(), null, 404, "No leaderboard '*'");
		refused("GET", "/api/rank/day%3Aweek", List.of(), null, 404, "No leaderboard 'day:week'");
		refused("GET", "/api/rank/%E6%97%A5", List.of(), null, 404, "No leaderboard '日'");
		// Spring Security's firewall refuses an encoded line feed before the API sees it
		refused("GET", "/api/rank/day%0A", List.of(), null, 400, "The request was refused");
		refused("GET", "/api/rank/" + "d".repeat(4 * 1024), List.of(), null, 404, "No leaderboard");
		// a request line over Tomcat's 8 KB header limit
		refused("GET", "/api/rank/" + "d".repeat(10 * 1024), List.of(), null, 400, "refused the request");
		refused("GET", "/api/rank/a%00b", List.of(), null, 400, "refused the request");
		refused("GET", "/api/rank/a%2Fb", List.of(), null, 400, "refused the request");
		refused("GET", "/api/rank/%ZZ", List.of(), null, 400, "refused the request");
		refused("GET", "/api/rank/..%2F..%2Fetc", List.of(), null, 400, "refused the request");
		refused("POST", "/api/articles/abc/praise", List.of("X-User-Id: 3"), null, 400, "'abc'");
		refused("POST", "/api/articles/-1/praise", List.of("X-User-Id: 3"), null, 404, "No article -1");
		refused("POST", "/api/articles/99999999999999999999/praise", List.of("X-User-Id: 3"), null, 400,
				"not a valid value");
		refused("POST", "/api/articles/1e3/praise", List.of("X-User-Id: 3"), null, 400, "'1e3'");
		refused("POST", "/api/users/%7B5%7D/follow", List.of("X-User-Id: 3"), null, 400, "'{5}'");
		refused("DELETE", "/api/comments/999999", List.of("X-User-Id: 3"), null, 404, "No comment 999999");
		refused("PUT", "/api/articles/1", List.of("X-User-Id: 3"), null, 405, null);
	}

	@Test
	void sizesOffsetsRadiiAndDaysOutOfRangeAreRefused() {
		for (String size : List.of("0", "-1", "1001", "2147483647", "2147483648", "-2147483649",
				"99999999999999999999")) {
			refused("GET", "/api/rank/day?size=" + size, List.of(), null, 400, "size");
		}
		for (String notANumber : List.of("abc", "1e3", "1.5", "%7B%7D", "%E6%97%A5")) {
			refused("GET", "/api/rank/week?size=" + notANumber, List.of(), null, 400, "not a valid value for size");
		}
		refused("GET", "/api/rank/day?size=%ZZ", List.of(), null, 400, "cannot be decoded");
		for (String offset : List.of("-1", "-9223372036854775808")) {
			refused("GET", "/api/rank/month?offset=" + offset, List.of(), null, 400, "offset must be 0 or more");
		}
		for (String offset : List.of("9223372036854775808", "abc", "1e9")) {
			refused("GET", "/api/rank/month?offset=" + offset, List.of(), null, 400, "not a valid value for offset");
		}
		for (String radius : List.of("-1", "101", "2147483648")) {
			refused("GET", "/api/rank/day/around-me?radius=" + radius, List.of("X-User-Id: 1"), null, 400, "radius");
		}
		for (String days : List.of("0", "-1", "367", "2147483648")) {
			refused("GET", "/api/users/1/activity?days=" + days, List.of(), null, 400, "days");
		}
		StringBuilder many = new StringBuilder("/api/rank/day?size=1");
		for (int i = 0; i < 1_200; i++) {
			many.append("&p").append(i).append("=1");
		}
		refused("GET", many.toString(), List.of(), null, 400, null);
	}

	@Test
	void oversizedMalformedAndMislabelledBodiesAreRefused() {
		List<String> asGrace = List.of("X-User-Id: 3", "Content-Type: application/json");
		refused("POST", "/api/articles", asGrace, article(TEN_KB, "text"), 400, "'title' is longer than 200");
		refused("POST", "/api/articles", asGrace, article("title", "c".repeat(30_000)), 400,
				"'content' is longer than 20000");
		refused("POST", "/api/articles", asGrace, article("t".repeat(2 * 1024 * 1024), "text"), 400, "'title'");
		refused("POST", "/api/articles", asGrace, article(" \\t\\n ", "text"), 400, "'title' is required");
		refused("POST", "/api/articles", asGrace, "{\"content\":\"no title\"}".getBytes(StandardCharsets.UTF_8), 400,
				"'title' is required");
		refused("POST", "/api/articles/1/comments", asGrace,
				("{\"content\":\"" + TEN_KB + "\"}").getBytes(StandardCharsets.UTF_8), 400,
				"'content' is longer than 2000");
		refused("POST", "/api/articles", asGrace,
				("{\"title\":" + "[".repeat(5_000) + "]".repeat(5_000) + ",\"content\":\"x\"}")
					.getBytes(StandardCharsets.UTF_8),
				400, "JSON");
		refused("POST", "/api/articles", asGrace,
				new byte[] { '{', '"', 't', 'i', 't', 'l', 'e', '"', ':', '"', (byte) 0xff, (byte) 0xfe, '"', '}' },
				400, "JSON");
		refused("POST", "/api/articles", asGrace, "{\"title\":".getBytes(StandardCharsets.UTF_8), 400, "JSON");
		refused("POST", "/api/articles", asGrace, "[1,2]".getBytes(StandardCharsets.UTF_8), 400, "JSON");
		refused("POST", "/api/articles", asGrace, null, 400, "body");
		refused("POST", "/api/articles", List.of("X-User-Id: 3", "Content-Type: text/plain"),
				"title=x".getBytes(StandardCharsets.UTF_8), 415, null);
		refused("POST", "/api/articles", List.of("X-User-Id: 3", "Content-Type: application/json;charset=bogus"),
				article("t", "c"), 415, null);
		List<String> manyHeaders = new ArrayList<>(asGrace);
		for (int i = 0; i < 120; i++) {
			manyHeaders.add("X-Filler-" + i + ": v");
		}
		refused("POST", "/api/articles", manyHeaders, article("t", "c"), 400, "refused the request");
	}

	/**
	 * Send a request that must be refused and check the answer, the keys and the forum's
	 * data.
	 */
	private void refused(String method, String target, List<String> headers, byte[] body, int status,
			String messagePart) {
		String label = method + " " + RawHttp.abbreviate(target) + " "
				+ RawHttp.abbreviate(String.join(" | ", headers));
		Map<String, String> before = KeyspaceAudit.fingerprint(connections, PREFIX);
		Response response = this.http.send(method, target, headers, body);
		boolean changed = !KeyspaceAudit.fingerprint(connections, PREFIX).equals(before);
		tally.rejected(changed);
		assertThat(response.status()).as(label + " -> " + response).isEqualTo(status);
		assertThat(response.contentType()).as(label).startsWith("application/json");
		assertThat(response.json()).as(label).isNotNull();
		assertThat(response.json().get("status").asInt()).as(label).isEqualTo(status);
		assertThat(response.json().get("error").asString()).as(label).isNotBlank();
		if (messagePart != null) {
			assertThat(response.json().get("message").asString()).as(label).contains(messagePart);
		}
		assertThat(changed).as(label + ": keys of the prefix changed").isFalse();
	}

	private static byte[] article(String title, String content) {
		return ("{\"title\":\"" + title + "\",\"content\":\"" + content + "\"}").getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * The forum's articles with their comment counts, to see that no refused request
	 * added one.
	 */
	private String forumContent() {
		return this.api.get("/api/articles").body().toString();
	}

}
