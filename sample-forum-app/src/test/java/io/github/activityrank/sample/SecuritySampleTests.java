package io.github.activityrank.sample;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.dispatch.ActivityDispatcher;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.env.Environment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample is safe to run: users log in (HTTP Basic or the login form, user name = the
 * forum user's id, password {@value ForumApi#PASSWORD}), and the acting user is the
 * logged-in one, resolved through the starter's security resolver; {@code X-User-Id}
 * counts only under the {@code demo} profile. {@code /api/admin/**} and the actuator
 * endpoints beyond health need ADMIN (user 1); no state-changing request is accepted from
 * another site; the server binds to 127.0.0.1.
 */
@SampleAppTest(properties = "activity-rank.async.enabled=false")
class SecuritySampleTests {

	static final long ADMIN = 1;

	@LocalServerPort
	int port;

	@Autowired
	ActivityRankService ranks;

	@Autowired
	ActivityDispatcher dispatcher;

	@Autowired
	Environment environment;

	@Test
	void adminEndpointsNeedTheAdminRole() {
		RawHttp http = new RawHttp(this.port);
		assertThat(http.send("POST", "/api/admin/rebuild", List.of(), null).status()).isEqualTo(401);
		assertThat(http.send("POST", "/api/admin/rebuild", List.of(basic(3)), null).status()).isEqualTo(403);
		// the ledger is off in the tests: the administrator gets past security to the 404
		RawHttp.Response admin = http.send("POST", "/api/admin/rebuild", List.of(basic(ADMIN)), null);
		assertThat(admin.status()).as(admin.toString()).isEqualTo(404);
		assertThat(admin.body()).contains("ledger is off");
	}

	@Test
	void actuatorEndpointsBeyondHealthNeedTheAdminRole() {
		RawHttp http = new RawHttp(this.port);
		assertThat(http.send("GET", "/actuator/health", List.of(), null).status()).isEqualTo(200);
		for (String endpoint : List.of("/actuator/metrics", "/actuator/activityrank")) {
			assertThat(http.send("GET", endpoint, List.of(), null).status()).as(endpoint).isEqualTo(401);
			assertThat(http.send("GET", endpoint, List.of(basic(3)), null).status()).as(endpoint).isEqualTo(403);
			assertThat(http.send("GET", endpoint, List.of(basic(ADMIN)), null).status()).as(endpoint).isEqualTo(200);
		}
	}

	@Test
	void crossSiteRequestsAreRefusedEvenWithTheUsersCredentials() {
		RawHttp http = new RawHttp(this.port);
		List<List<String>> crossSite = List.of(List.of("Origin: http://evil.example"),
				List.of("Sec-Fetch-Site: cross-site"), List.of("Sec-Fetch-Site: same-site"), List.of("Origin: null"),
				List.of("Origin: http://localhost:1"));
		for (List<String> headers : crossSite) {
			assertThat(http.send("POST", "/api/admin/rebuild", with(headers, basic(ADMIN)), null).status())
				.as(headers.toString())
				.isEqualTo(403);
			assertThat(http.send("POST", "/api/articles/2/praise", with(headers, basic(4)), null).status())
				.as(headers.toString())
				.isEqualTo(403);
		}
		assertThat(score(4)).isZero();
		// the page itself (same origin) and tools that send neither header pass
		assertThat(http
			.send("POST", "/api/articles/2/praise",
					with(List.of("Origin: http://localhost", "Sec-Fetch-Site: same-origin"), basic(4)), null)
			.status()).isEqualTo(200);
		assertThat(score(4)).isEqualTo(2);
	}

	@Test
	void theActingUserIsTheLoggedInOneAndXUserIdIsIgnoredOutsideTheDemoProfile() {
		RawHttp http = new RawHttp(this.port);
		RawHttp.Response anonymous = http.send("POST", "/api/articles/3/praise", List.of("X-User-Id: 5"), null);
		assertThat(anonymous.status()).isEqualTo(401);
		assertThat(anonymous.body()).contains("Log in first");
		assertThat(http.send("POST", "/api/articles/3/praise", List.of(basic(6), "X-User-Id: 5"), null).status())
			.isEqualTo(200);
		assertThat(score(6)).isEqualTo(2);
		assertThat(score(5)).isZero();
		// a wrong password or an unknown user is not logged in
		assertThat(
				http.send("POST", "/api/articles/3/collect", List.of("Authorization: " + basicOf("6", "guess")), null)
					.status())
			.isEqualTo(401);
		assertThat(http.send("POST", "/api/articles/3/collect", List.of(basic(77)), null).status()).isEqualTo(401);
		assertThat(score(6)).isEqualTo(2);
	}

	@Test
	void theLoginFormStartsASessionThatActsAsTheUser() throws Exception {
		HttpClient browser = HttpClient.newBuilder()
			.cookieHandler(new CookieManager())
			.followRedirects(HttpClient.Redirect.NEVER)
			.connectTimeout(Duration.ofSeconds(5))
			.build();
		String base = "http://localhost:" + this.port;
		assertThat(send(browser, HttpRequest.newBuilder(URI.create(base + "/login.html")).GET()).statusCode())
			.isEqualTo(200);
		HttpResponse<String> login = send(browser,
				HttpRequest.newBuilder(URI.create(base + "/login"))
					.header("Content-Type", "application/x-www-form-urlencoded")
					.POST(BodyPublishers.ofString("username=7&password=" + ForumApi.PASSWORD)));
		assertThat(login.statusCode()).isEqualTo(302);
		assertThat(login.headers().firstValue("Location"))
			.hasValueSatisfying((to) -> assertThat(to).doesNotContain("error"));

		HttpResponse<String> praise = send(browser,
				HttpRequest.newBuilder(URI.create(base + "/api/articles/4/praise")).POST(BodyPublishers.noBody()));
		assertThat(praise.statusCode()).as(praise.body()).isEqualTo(200);
		assertThat(score(7)).isEqualTo(2);
	}

	@Test
	void theServerListensOnTheLoopbackAddressOnly() {
		assertThat(this.environment.getProperty("server.address")).isEqualTo("127.0.0.1");
	}

	private long score(long user) {
		assertThat(this.dispatcher.awaitIdle(Duration.ofSeconds(10))).isTrue();
		return this.ranks.board(Period.DAY).rankOf(Long.toString(user)).map(RankEntry::score).orElse(0L);
	}

	private static HttpResponse<String> send(HttpClient client, HttpRequest.Builder request)
			throws IOException, InterruptedException {
		return client.send(request.timeout(Duration.ofSeconds(10)).build(), BodyHandlers.ofString());
	}

	private static String basic(long user) {
		return "Authorization: " + ForumApi.basic(user);
	}

	private static String basicOf(String user, String password) {
		return "Basic " + java.util.Base64.getEncoder()
			.encodeToString((user + ":" + password).getBytes(java.nio.charset.StandardCharsets.UTF_8));
	}

	private static List<String> with(List<String> headers, String header) {
		List<String> all = new ArrayList<>(headers);
		all.add(header);
		return all;
	}

}
