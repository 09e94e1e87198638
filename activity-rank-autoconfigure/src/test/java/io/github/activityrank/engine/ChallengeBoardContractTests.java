package io.github.activityrank.engine;

import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Nested;

/**
 * The {@link LeaderboardContract} on the board of a running challenge open to all, on one
 * Redis and over three shards of a Redis Cluster.
 */
class ChallengeBoardContractTests {

	/** A challenge board whose members get their scores as explicit points. */
	abstract static class ChallengeBoard extends LeaderboardContract {

		final EngineFixture engine;

		ChallengeBoard(int shards) {
			this.engine = new EngineFixture(PeriodBoardContractTests.MORNING, EnumSet.of(Period.DAY),
					EngineFixture.FORUM_RULES, null, null, connections(shards),
					RedisTestServer.uniquePrefix("contract-challenge"), BoardOrder.DEFAULT, shards);
			Instant start = PeriodBoardContractTests.MORNING.atZone(EngineFixture.ZONE).toInstant();
			this.engine.challenges
				.create(new ChallengeDefinition("contract", start, start.plusSeconds(86_400), Set.of(), true));
		}

		@Override
		protected List<RankKeys> keySpaces() {
			return Stream.concat(Stream.of(this.engine.keys), this.engine.shards.allKeys().stream()).toList();
		}

		@Override
		protected Leaderboard board() {
			return this.engine.challenges.board("contract");
		}

		@Override
		protected void fill(Map<String, Long> scores) {
			scores.forEach((member, score) -> this.engine.service.award(member, "contract", score));
		}

		@Override
		protected Ranking ranking() {
			return Ranking.COMPETITION;
		}

	}

	@Nested
	class OneRedis extends ChallengeBoard {

		OneRedis() {
			super(1);
		}

	}

	@Nested
	class ThreeShards extends ChallengeBoard {

		ThreeShards() {
			super(3);
		}

	}

}
