package io.github.activityrank.engine;

import java.time.Instant;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.test.RedisClusterTestServer;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The {@link LeaderboardContract} on the board of a running challenge open to all, on one
 * Redis and over three shards of a Redis Cluster.
 */
class ChallengeBoardContractTests {

	/** A challenge board whose members get their scores as explicit points. */
	abstract static class ChallengeBoard extends LeaderboardContract {

		final EngineFixture engine;

		private final LettuceConnectionFactory cluster;

		ChallengeBoard(int shards) {
			this.cluster = (shards > 1) ? RedisClusterTestServer.shared().newConnectionFactory() : null;
			this.engine = new EngineFixture(PeriodBoardContractTests.MORNING, EnumSet.of(Period.DAY),
					EngineFixture.FORUM_RULES, null, null, (shards > 1) ? this.cluster : EngineFixture.factory(),
					RedisTestServer.uniquePrefix("contract-challenge"), BoardOrder.DEFAULT, shards);
			Instant start = PeriodBoardContractTests.MORNING.atZone(EngineFixture.ZONE).toInstant();
			this.engine.challenges
				.create(new ChallengeDefinition("contract", start, start.plusSeconds(86_400), Set.of(), true));
		}

		@AfterEach
		void cleanUp() {
			if (this.cluster == null) {
				this.engine.close();
				return;
			}
			try {
				deleteClusterKeys(this.cluster, this.engine.keys, this.engine.shards);
			}
			finally {
				this.cluster.destroy();
			}
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
