package io.github.activityrank.ingest;

import java.time.Duration;
import java.util.Map;

import io.github.activityrank.ItemRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankClusterAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankIngestAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankItemsAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankRedisClientAutoConfiguration;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Test;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Messages naming an item ({@code item-type}, {@code item}) score the item's boards in
 * the award's own script call; a type that is not configured is dead-lettered.
 */
class IngestItemsTests {

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ DataRedisAutoConfiguration.class, ActivityRankClusterAutoConfiguration.class,
			ActivityRankRedisClientAutoConfiguration.class, ActivityRankAutoConfiguration.class,
			ActivityRankItemsAutoConfiguration.class, ActivityRankIngestAutoConfiguration.class })
	static class App {

	}

	@Test
	void aMessageWithAnItemScoresTheItemAndAnUnknownTypeIsDeadLettered() {
		RedisTestServer redis = RedisTestServer.shared();
		String prefix = RedisTestServer.uniquePrefix("ingestitem");
		LettuceConnectionFactory factory = redis.newConnectionFactory();
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(App.class)
			.web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.properties(redis.springProperties())
			.properties("activity-rank.key-prefix=" + prefix, "activity-rank.periods=day,total",
					"activity-rank.rules.praise.points=2", "activity-rank.items.article.points.praise=5",
					"activity-rank.events.enabled=false", "activity-rank.ingest.enabled=true",
					"activity-rank.ingest.partitions=2", "activity-rank.ingest.claim-idle=2s",
					"activity-rank.redis.command-timeout=1s")
			.run()) {
			StreamIngester ingester = context.getBean(StreamIngester.class);
			praise(factory, ingester, "item-type", "item",
					new String[][] { { "u1", "article", "a1" }, { "u2", "article", "a1" }, { "u3", "video", "v1" } });
			ItemRankService items = context.getBean(ItemRankService.class);
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(items.board("article", Period.TOTAL).rankOf("a1").map(RankEntry::score))
					.contains(10L));
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(ingester.counters().get(IngestCounter.DEAD_LETTERED)).isEqualTo(1));
			assertThat(ingester.counters().get(IngestCounter.APPLIED)).isEqualTo(2);
		}
		finally {
			RedisKeysCleaner.delete(factory, RedisKeysCleaner.prefixPattern(prefix));
			factory.destroy();
		}
	}

	/**
	 * Send praise messages straight to their users' partitions, each naming a target.
	 * @param typeField the message field of the target's type or kind
	 * @param idField the message field of the target's id
	 * @param messages user, type or kind, id
	 */
	static void praise(LettuceConnectionFactory factory, StreamIngester ingester, String typeField, String idField,
			String[][] messages) {
		try (RedisConnection connection = factory.getConnection()) {
			for (String[] message : messages) {
				connection.streamCommands()
					.xAdd(ingester.keys().partitionOfUser(message[0]).getBytes(),
							Map.of("user".getBytes(), message[0].getBytes(), "field".getBytes(),
									("praise:" + message[2]).getBytes(), "rule".getBytes(), "praise".getBytes(),
									typeField.getBytes(), message[1].getBytes(), idField.getBytes(),
									message[2].getBytes()));
			}
		}
	}

}
