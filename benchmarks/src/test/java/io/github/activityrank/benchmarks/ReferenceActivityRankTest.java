package io.github.activityrank.benchmarks;

import java.time.LocalDate;
import java.time.ZoneId;

import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The baseline behaves as the reference design describes, so that the comparison is fair.
 */
class ReferenceActivityRankTest {

	private final String prefix = RedisTestServer.uniquePrefix("ref");

	private final ZoneId zone = ZoneId.systemDefault();

	private LettuceConnectionFactory factory;

	private StringRedisTemplate redis;

	private ReferenceActivityRank reference;

	@BeforeEach
	void connect() {
		this.factory = RedisTestServer.shared().newConnectionFactory();
		this.redis = new StringRedisTemplate(this.factory);
		this.reference = new ReferenceActivityRank(this.redis, this.prefix, this.zone);
	}

	@AfterEach
	void clean() {
		this.redis.delete(this.redis.keys(this.prefix + "*"));
		this.factory.destroy();
	}

	@Test
	void awardsOncePerFieldAndDayOnTheDayAndMonthBoards() {
		this.reference.addActivityScore("7", "1_praise", 2);
		this.reference.addActivityScore("7", "1_praise", 2);
		LocalDate today = LocalDate.now(this.zone);
		assertThat(this.redis.opsForZSet().score(this.reference.dayBoard(today), "7")).isEqualTo(2.0);
		assertThat(this.redis.opsForZSet().score(this.reference.monthBoard(today), "7")).isEqualTo(2.0);
		assertThat(this.redis.opsForHash().get(this.reference.recordKey("7", today), "1_praise")).isEqualTo("2");
		assertThat(this.redis.getExpire(this.reference.dayBoard(today))).isPositive();
		assertThat(this.redis.getExpire(this.reference.recordKey("7", today))).isPositive();
	}

	@Test
	void revokeTakesBackAnAwardOnceAndNothingWithoutOne() {
		this.reference.addActivityScore("7", "1_praise", 2);
		this.reference.addActivityScore("7", "1_praise", -2);
		this.reference.addActivityScore("7", "1_praise", -2);
		this.reference.addActivityScore("8", "1_praise", -2);
		LocalDate today = LocalDate.now(this.zone);
		assertThat(this.redis.opsForZSet().score(this.reference.dayBoard(today), "7")).isEqualTo(0.0);
		assertThat(this.redis.opsForZSet().score(this.reference.dayBoard(today), "8")).isNull();
		assertThat(this.redis.opsForHash().hasKey(this.reference.recordKey("7", today), "1_praise")).isFalse();
	}

}
