package io.github.activityrank.sample;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.sample.ForumApi.Response;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The sample keeps its H2 database, and with it the award ledger, in a file: a restart
 * keeps the ledger, and {@code POST /api/admin/rebuild} after it keeps the boards. Two
 * applications, one after the other, on the same file.
 */
class RestartKeepsTheLedgerTests {

	private static final long ADA = 1;

	@TempDir
	Path directory;

	@Test
	void theAppKeepsItsDatabaseInAFileUnderTheWorkingDirectory() throws Exception {
		List<PropertySource<?>> yaml = new YamlPropertySourceLoader().load("application",
				new ClassPathResource("application.yml"));
		assertThat(yaml.get(0).getProperty("spring.datasource.url")).isEqualTo("jdbc:h2:file:./data/forum-ledger");
	}

	@Test
	void aRestartKeepsTheLedgerAndARebuildKeepsTheBoards() {
		String prefix = RedisForTests.prefix("restart");
		RedisTestServer redis = RedisTestServer.shared();
		String[] args = { "--server.port=0", "--sample.embedded-redis.enabled=false",
				"--spring.data.redis.host=" + redis.host(), "--spring.data.redis.port=" + redis.port(),
				"--activity-rank.key-prefix=" + prefix, "--activity-rank.time-zone=UTC",
				"--activity-rank.ledger.enabled=true",
				"--spring.datasource.url=jdbc:h2:file:" + this.directory.resolve("forum-ledger") };
		try {
			Map<String, Long> before;
			try (ConfigurableApplicationContext first = new SpringApplicationBuilder(SampleForumApplication.class)
				.run(args)) {
				ForumApi api = new ForumApi(port(first));
				for (long user = 2; user <= 4; user++) {
					Response praised = api.post("/api/articles/1/praise", user);
					assertThat(praised.status()).as(praised.toString()).isEqualTo(200);
				}
				ActivityRankService ranks = first.getBean(ActivityRankService.class);
				await().atMost(Duration.ofSeconds(10)).until(() -> ranks.board(Period.WEEK).size() == 3);
				before = scores(ranks);
			}
			try (ConfigurableApplicationContext second = new SpringApplicationBuilder(SampleForumApplication.class)
				.run(args)) {
				ForumApi api = new ForumApi(port(second));
				Response rebuilt = api.post("/api/admin/rebuild", ADA);
				assertThat(rebuilt.status()).as(rebuilt.toString()).isEqualTo(200);
				assertThat(rebuilt.body().get("entries").asLong()).isEqualTo(3);
				assertThat(scores(second.getBean(ActivityRankService.class))).isEqualTo(before).hasSize(3);
			}
		}
		finally {
			RedisForTests.deleteKeys(prefix);
		}
	}

	private static int port(ConfigurableApplicationContext context) {
		return ((WebServerApplicationContext) context).getWebServer().getPort();
	}

	private static Map<String, Long> scores(ActivityRankService ranks) {
		Map<String, Long> scores = new TreeMap<>();
		for (RankEntry entry : ranks.board(Period.WEEK).top(10)) {
			scores.put(entry.id(), entry.score());
		}
		return scores;
	}

}
