package io.github.activityrank.autoconfigure;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.Ranking;
import io.github.activityrank.engine.TieBreak;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * activity-rank.tie-break, activity-rank.ranking and activity-rank.tie-break-epoch:
 * bound, checked at startup, and used by the service.
 */
class BoardOrderAutoConfigurationTests {

	private final String prefix = RedisTestServer.uniquePrefix("boardorder");

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.periods=day");

	private void cleanUp(AssertableApplicationContext context) {
		RedisKeysCleaner.delete(context.getBean(RedisConnectionFactory.class), "{" + this.prefix + "}:*");
	}

	@Test
	void defaultsArePlainPointsWithCompetitionRanks() {
		this.runner.run((context) -> assertThat(context.getBean(BoardOrder.class)).isEqualTo(BoardOrder.DEFAULT));
	}

	@Test
	void bindsTheTieBreakTheRankingAndTheEpoch() {
		this.runner
			.withPropertyValues("activity-rank.tie-break=earliest", "activity-rank.ranking=dense",
					"activity-rank.tie-break-epoch=2025-06-01T00:00:00Z")
			.run((context) -> {
				assertThat(context.getBean(BoardOrder.class))
					.isEqualTo(new BoardOrder(TieBreak.EARLIEST, Ranking.DENSE, Instant.parse("2025-06-01T00:00:00Z")));
				ActivityRankService service = context.getBean(ActivityRankService.class);
				service.award("a", "x", 5);
				service.award("b", "x", 5);
				assertThat(service.board(Period.DAY).top(5)).extracting(RankEntry::rank).containsExactly(1L, 2L);
				cleanUp(context);
			});
	}

	@Test
	void denseRankingNumbersTheServicesAnswers() {
		this.runner.withPropertyValues("activity-rank.ranking=dense").run((context) -> {
			ActivityRankService service = context.getBean(ActivityRankService.class);
			for (String user : List.of("a:9", "b:7", "c:7", "d:5")) {
				service.award(user.split(":")[0], "x", Long.parseLong(user.split(":")[1]));
			}
			assertThat(service.board(Period.DAY).top(5)).extracting(RankEntry::rank).containsExactly(1L, 2L, 2L, 3L);
			assertThat(service.board(Period.DAY).size()).isEqualTo(4);
			cleanUp(context);
		});
	}

	@Test
	void backsOffForTheUsersBoardOrder() {
		BoardOrder mine = new BoardOrder(TieBreak.NONE, Ranking.ORDINAL, BoardOrder.DEFAULT_EPOCH);
		this.runner.withBean(BoardOrder.class, () -> mine)
			.run((context) -> assertThat(context.getBean(BoardOrder.class)).isSameAs(mine));
	}

	@Test
	void theIdeMetadataDescribesTheNewProperties() throws Exception {
		String metadata;
		try (InputStream in = new ClassPathResource("META-INF/spring-configuration-metadata.json").getInputStream()) {
			metadata = new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		assertThat(metadata).contains("\"name\": \"activity-rank.tie-break\"", "\"name\": \"activity-rank.ranking\"",
				"\"name\": \"activity-rank.tie-break-epoch\"", "How users with equal points are ordered",
				"How ranks are numbered for equal points", "\"value\": \"earliest\"", "\"value\": \"dense\"");
	}

}
