package io.github.activityrank.sample;

import java.time.Duration;

import io.github.activityrank.sample.ForumApi.Response;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code --sample.simulate.users=N} creates the missing users and keeps them busy, so the
 * boards fill up and keep moving.
 */
class DemoTrafficTests {

	@Test
	void simulatedUsersFillTheBoardsAndKeepThemMoving() {
		RedisTestServer redis = RedisTestServer.shared();
		String prefix = RedisForTests.prefix("traffic");
		// the traffic writes until the app is closed, so the keys are deleted after that
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(SampleForumApplication.class).run(
				"--server.port=0", "--sample.embedded-redis.enabled=false", "--spring.data.redis.host=" + redis.host(),
				"--spring.data.redis.port=" + redis.port(), "--activity-rank.key-prefix=" + prefix,
				"--sample.simulate.users=40", "--sample.simulate.warm-up-actions=300",
				"--sample.simulate.interval=100ms")) {
			ForumApi api = new ForumApi(((WebServerApplicationContext) context).getWebServer().getPort());
			assertThat(api.get("/api/users").body()).hasSize(40);
			assertThat(api.get("/api/users/40").body().get("name").asString()).isNotBlank();

			await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
				Response board = api.get("/api/rank/month?size=100");
				assertThat(board.body().get("entries").size()).isGreaterThanOrEqualTo(20);
			});
			long before = total(api.get("/api/rank/day?size=100"));
			await().atMost(Duration.ofSeconds(30))
				.untilAsserted(() -> assertThat(total(api.get("/api/rank/day?size=100"))).isGreaterThan(before));
		}
		finally {
			RedisForTests.deleteKeys(prefix);
		}
	}

	private static long total(Response board) {
		long sum = 0;
		for (var entry : board.body().get("entries")) {
			sum += entry.get("score").asLong();
		}
		return sum;
	}

}
