package io.github.activityrank.engine;

import java.time.Instant;
import java.time.LocalDateTime;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.AwardResult;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.test.RedisClusterTestServer;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * First to reach, also within one second: under the earliest tie-break, five users
 * praising in the same second rank in the order they praised on the day, week and month
 * boards and on a challenge of a day (milliseconds), on one Redis and on three shards; an
 * exact tie (the same millisecond, or the same second on TOTAL) is ordered by member as
 * Redis orders equal scores, read backwards: the greater id first, the same on both.
 */
class SameSecondArrivalTests {

	// Wednesday 18 November 2026, 10:00:00 in Shanghai
	private static final LocalDateTime START = LocalDateTime.of(2026, 11, 18, 10, 0);

	private static final BoardOrder EARLIEST = new BoardOrder(TieBreak.EARLIEST, Ranking.ORDINAL,
			BoardOrder.DEFAULT_EPOCH);

	private LettuceConnectionFactory cluster;

	private EngineFixture engine;

	@AfterEach
	void cleanUp() {
		if (this.cluster != null) {
			ShardedEquivalenceTests.deleteShardKeys(this.cluster, this.engine);
			this.cluster.destroy();
		}
		else if (this.engine != null) {
			this.engine.close();
		}
	}

	private EngineFixture engine(int shards) {
		Map<String, ScoringRule> rules = Map.of("praise", new ScoringRule("praise", 2, false, null));
		if (shards == 1) {
			this.engine = new EngineFixture(START, EnumSet.allOf(Period.class), rules, null, null,
					EngineFixture.factory(), RedisTestServer.uniquePrefix("arrival"), EARLIEST, 1);
		}
		else {
			this.cluster = RedisClusterTestServer.shared().newConnectionFactory();
			this.engine = new EngineFixture(START, EnumSet.allOf(Period.class), rules, null, null, this.cluster,
					RedisTestServer.uniquePrefix("arrival"), EARLIEST, shards);
		}
		Instant start = START.atZone(EngineFixture.ZONE).toInstant();
		this.engine.challenges
			.create(new ChallengeDefinition("sprint", start, start.plusSeconds(86_400), Set.of(), true));
		return this.engine;
	}

	private void praise(String user, int millis) {
		this.engine.clock.set(START.withSecond(7).withNano(millis * 1_000_000));
		assertThat(this.engine.service.award(user, "article-1", "praise").outcome())
			.isEqualTo(AwardResult.Outcome.AWARDED);
	}

	@ParameterizedTest(name = "shards: {0}")
	@ValueSource(ints = { 1, 3 })
	void fiveUsersPraisingInTheSameSecondRankInTheOrderTheyPraised(int shards) {
		engine(shards);
		// in id order, which whole seconds reversed (the greater id first)
		List<String> users = List.of("amy", "ben", "cat", "dan", "eve");
		for (int i = 0; i < users.size(); i++) {
			praise(users.get(i), 100 + 150 * i);
		}

		for (Period period : List.of(Period.DAY, Period.WEEK, Period.MONTH)) {
			assertThat(this.engine.service.board(period).top(10)).as(period.name())
				.extracting(RankEntry::id)
				.containsExactlyElementsOf(users);
			assertThat(this.engine.service.board(period).page(1, 3)).as(period.name())
				.extracting(RankEntry::id)
				.containsExactly("ben", "cat", "dan");
			for (int i = 0; i < users.size(); i++) {
				assertThat(this.engine.service.board(period).rankOf(users.get(i)).map(RankEntry::rank))
					.as(period + " " + users.get(i))
					.contains(i + 1L);
			}
		}
		assertThat(this.engine.challenges.board("sprint").top(10)).extracting(RankEntry::id)
			.containsExactlyElementsOf(users);
		// TOTAL counts whole seconds: five exact ties
		assertThat(this.engine.service.board(Period.TOTAL).top(10)).extracting(RankEntry::id)
			.containsExactly("eve", "dan", "cat", "ben", "amy");
	}

	@ParameterizedTest(name = "shards: {0}")
	@ValueSource(ints = { 1, 3 })
	void exactTiesInTheSameMillisecondRankTheGreaterIdFirst(int shards) {
		engine(shards);
		praise("amy", 500);
		praise("cat", 500);
		praise("ben", 500);
		praise("dan", 499);

		assertThat(this.engine.service.board(Period.DAY).top(10)).extracting(RankEntry::id, RankEntry::rank)
			.containsExactly(tuple("dan", 1L), tuple("cat", 2L), tuple("ben", 3L), tuple("amy", 4L));
		assertThat(this.engine.service.board(Period.DAY).rankOf("amy").map(RankEntry::rank)).contains(4L);
		assertThat(this.engine.service.board(Period.DAY).around("ben", 1)).extracting(RankEntry::id)
			.containsExactly("cat", "ben", "amy");
	}

}
