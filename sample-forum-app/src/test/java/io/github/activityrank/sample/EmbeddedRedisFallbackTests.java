package io.github.activityrank.sample;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.github.activityrank.sample.ForumApi.Response;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo needs no setup: with no Redis at the configured address the app starts its
 * own, and with one it uses that one.
 */
class EmbeddedRedisFallbackTests {

	@Test
	void withNoRedisAtTheConfiguredAddressTheAppStartsAnEmbeddedOneAndStopsItOnClose() {
		int nobody = RedisTestServer.freePort();
		int embeddedPort;
		try (ConfigurableApplicationContext context = start(RedisTestServer.uniquePrefix("fallback"),
				"spring.data.redis.port=" + nobody)) {
			embeddedPort = context.getEnvironment().getProperty("spring.data.redis.port", Integer.class);
			assertThat(embeddedPort).isNotEqualTo(nobody);
			assertThat(answers(embeddedPort)).isTrue();

			ForumApi api = new ForumApi(((WebServerApplicationContext) context).getWebServer().getPort());
			assertThat(api.post("/api/articles/1/praise", 7).status()).isEqualTo(200);
			Response me = api.get("/api/rank/day/me", 7);
			assertThat(me.body().get("entry").get("score").asLong()).isEqualTo(2);
			assertThat(me.body().get("entry").get("rank").asLong()).isEqualTo(1);
		}
		assertThat(answers(embeddedPort)).as("embedded redis-server stopped with the app").isFalse();
	}

	@Test
	void withARedisAtTheConfiguredAddressTheAppUsesIt() {
		RedisTestServer redis = RedisTestServer.shared();
		String prefix = RedisTestServer.uniquePrefix("fallback");
		try (ConfigurableApplicationContext context = start(prefix, "spring.data.redis.host=" + redis.host(),
				"spring.data.redis.port=" + redis.port())) {
			assertThat(context.getEnvironment().getProperty("spring.data.redis.port", Integer.class))
				.isEqualTo(redis.port());
			assertThat(context.getEnvironment().getPropertySources().contains("sampleEmbeddedRedis")).isFalse();
		}
		finally {
			// the app creates its monthly challenge at startup, in the shared server
			RedisKeysCleaner.deletePrefix(prefix);
		}
	}

	/**
	 * Starts the app as its README does, with command-line arguments (they win over
	 * application.yml).
	 */
	private static ConfigurableApplicationContext start(String prefix, String... redis) {
		List<String> args = new ArrayList<>(List.of("--server.port=0", "--activity-rank.async.enabled=false",
				"--activity-rank.key-prefix=" + prefix));
		Arrays.stream(redis).map((property) -> "--" + property).forEach(args::add);
		return new SpringApplicationBuilder(SampleForumApplication.class).run(args.toArray(String[]::new));
	}

	private static boolean answers(int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
			return true;
		}
		catch (Exception ex) {
			return false;
		}
	}

}
