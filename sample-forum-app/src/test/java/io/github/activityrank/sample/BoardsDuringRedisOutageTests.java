package io.github.activityrank.sample;

import io.github.activityrank.sample.ForumApi.Response;
import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When Redis stops answering, the boards say so with a 503 and the forum itself keeps
 * working.
 */
class BoardsDuringRedisOutageTests {

	@Test
	void withRedisDownTheBoardsAre503AndTheForumStillServes() {
		EmbeddedRedis redis = EmbeddedRedis.start();
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(SampleForumApplication.class).run(
				"--server.port=0", "--sample.embedded-redis.enabled=false", "--spring.data.redis.host=127.0.0.1",
				"--spring.data.redis.port=" + redis.port(),
				"--activity-rank.key-prefix=" + RedisTestServer.uniquePrefix("outage"))) {
			ForumApi api = new ForumApi(((WebServerApplicationContext) context).getWebServer().getPort());
			assertThat(api.get("/api/rank/day").status()).isEqualTo(200);

			redis.stop();

			Response board = api.get("/api/rank/day");
			assertThat(board.status()).as(board.toString()).isEqualTo(503);
			assertThat(board.body().get("message").asString()).contains("unavailable");
			assertThat(api.get("/api/articles").status()).isEqualTo(200);
			assertThat(api.post("/api/articles/1/praise", 3).status()).isEqualTo(200);
		}
		finally {
			redis.close();
		}
	}

}
