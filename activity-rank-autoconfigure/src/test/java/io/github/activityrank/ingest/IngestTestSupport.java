package io.github.activityrank.ingest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankClusterAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankIngestAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankRedisClientAutoConfiguration;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.zset.Tuple;

/** Application contexts, events and board reads shared by the ingestion tests. */
final class IngestTestSupport {

	private IngestTestSupport() {
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ DataRedisAutoConfiguration.class, ActivityRankClusterAutoConfiguration.class,
			ActivityRankRedisClientAutoConfiguration.class, ActivityRankAutoConfiguration.class,
			ActivityRankIngestAutoConfiguration.class })
	static class App {

	}

	/**
	 * Start an instance; its command timeout is 1s, at most half the 2s claim-idle these
	 * tests use so that a dead consumer's partitions are taken over quickly.
	 */
	static ConfigurableApplicationContext start(String... properties) {
		return new SpringApplicationBuilder(App.class).web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.properties("activity-rank.redis.command-timeout=1s")
			.properties(properties)
			.run();
	}

	/**
	 * One producer's events: its users' check-ins (rule), page views (points) and revokes
	 * of earlier awards of the same producer, so each revoke follows its award.
	 */
	static List<ActivityEvent> events(int producer, int producers, int users, int count) {
		Random random = new Random(producer);
		List<Integer> mine = new ArrayList<>();
		for (int u = producer; u < users; u += producers) {
			mine.add(u);
		}
		Map<String, List<ActivityEvent>> awarded = new HashMap<>();
		List<ActivityEvent> events = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			String user = "user-" + mine.get(random.nextInt(mine.size()));
			List<ActivityEvent> given = awarded.computeIfAbsent(user, (u) -> new ArrayList<>());
			int kind = random.nextInt(10);
			ActivityEvent event;
			if (kind < 2 && !given.isEmpty()) {
				ActivityEvent award = given.remove(random.nextInt(given.size()));
				event = new ActivityEvent(user, award.field(), award.rule(), null, true);
			}
			else if (kind < 6) {
				event = new ActivityEvent(user, "c-" + producer + "-" + i, "checkin", null, false);
				given.add(event);
			}
			else {
				event = new ActivityEvent(user, "v-" + producer + "-" + i, null, (long) (1 + random.nextInt(5)), false);
				given.add(event);
			}
			events.add(event);
		}
		return events;
	}

	/** The fields of a message for an event, as a producer writes them. */
	static Map<String, String> fields(ActivityEvent event) {
		Map<String, String> fields = new HashMap<>();
		fields.put("user", event.userId());
		fields.put("field", event.field());
		if (event.rule() != null) {
			fields.put("rule", event.rule());
		}
		if (event.points() != null) {
			fields.put("points", Long.toString(event.points()));
		}
		if (event.revoke()) {
			fields.put("revoke", "1");
		}
		return fields;
	}

	/** A board as member to score, read directly. */
	static Map<String, Double> board(RedisConnectionFactory factory, String key) {
		Map<String, Double> board = new HashMap<>();
		try (RedisConnection connection = factory.getConnection()) {
			for (Tuple tuple : connection.zSetCommands().zRangeWithScores(key.getBytes(), 0, -1)) {
				board.put(new String(tuple.getValue()), tuple.getScore());
			}
		}
		return board;
	}

}
