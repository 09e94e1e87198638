package io.github.activityrank.sample;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.ingest.IngestCounter;
import io.github.activityrank.ingest.StreamIngester;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code second-service.sh} plays another service that publishes check-ins and page views
 * with {@code redis-cli XADD}: the sample ingests every one of them and the boards move.
 */
@SampleAppTest
class SecondServiceTests {

	@Autowired
	StreamIngester ingester;

	@Autowired
	ActivityRankService ranks;

	@Value("${spring.data.redis.host}")
	String host;

	@Value("${spring.data.redis.port}")
	int port;

	@Value("${spring.data.redis.database:0}")
	int database;

	@Test
	void everyMessageOfTheScriptIsAppliedAndTheDayBoardFills() throws Exception {
		ProcessBuilder script = new ProcessBuilder("bash", "second-service.sh", "20", "0").redirectErrorStream(true);
		script.directory(new File(System.getProperty("user.dir")));
		Map<String, String> environment = script.environment();
		environment.put("REDIS_HOST", this.host);
		environment.put("REDIS_PORT", Integer.toString(this.port));
		environment.put("REDIS_DB", Integer.toString(this.database));
		environment.put("KEY_PREFIX", RedisForTests.prefix(SecondServiceTests.class));
		Process process = script.start();
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.exitValue()).as(output).isZero();
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(this.ingester.counters().get(IngestCounter.APPLIED)).isEqualTo(20));
		assertThat(this.ingester.counters().get(IngestCounter.DEAD_LETTERED)).isZero();
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(this.ranks.board(Period.DAY).size()).isPositive());
	}

}
