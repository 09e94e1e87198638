package io.github.activityrank.engine;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.RedisRollingBoards;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Nested;

/**
 * The {@link LeaderboardContract} on a 7-day rolling board whose members' points come
 * from two days, in each ranking, on one Redis and over three shards of a Redis Cluster.
 */
class RollingBoardContractTests {

	/** A rolling board summed from yesterday's and today's day boards. */
	abstract static class RollingBoard extends LeaderboardContract {

		final EngineFixture engine;

		private final BoardOrder order;

		RollingBoard(BoardOrder order, int shards) {
			this.order = order;
			this.engine = new EngineFixture(PeriodBoardContractTests.MORNING, EnumSet.of(Period.DAY),
					EngineFixture.FORUM_RULES, null, null, connections(shards),
					RedisTestServer.uniquePrefix("contract-rolling"), order, shards);
			this.engine.service.setRollingBoards(new RedisRollingBoards(this.engine.connections, this.engine.shards,
					this.engine.calendar, order, List.of(7), Duration.ofMinutes(1)));
		}

		@Override
		protected List<RankKeys> keySpaces() {
			return Stream.concat(Stream.of(this.engine.keys), this.engine.shards.allKeys().stream()).toList();
		}

		@Override
		protected Leaderboard board() {
			return this.engine.service.rolling(7);
		}

		@Override
		protected void fill(Map<String, Long> scores) {
			// a point yesterday for whoever has more than one, the rest today at one
			// instant: equal points keep the member order
			this.engine.clock.set(PeriodBoardContractTests.MORNING.minusDays(1));
			scores.forEach((member, score) -> {
				if (score > 1) {
					this.engine.service.award(member, "yesterday", 1);
				}
			});
			this.engine.clock.set(PeriodBoardContractTests.MORNING);
			scores.forEach((member, score) -> this.engine.service.award(member, "today", (score > 1) ? score - 1 : 1));
		}

		@Override
		protected Ranking ranking() {
			return this.order.effectiveRanking();
		}

	}

	@Nested
	class OneRedis extends RollingBoard {

		OneRedis() {
			super(BoardOrder.DEFAULT, 1);
		}

	}

	@Nested
	class OneRedisDense extends RollingBoard {

		OneRedisDense() {
			super(new BoardOrder(TieBreak.NONE, Ranking.DENSE, BoardOrder.DEFAULT_EPOCH), 1);
		}

	}

	@Nested
	class OneRedisEarliest extends RollingBoard {

		OneRedisEarliest() {
			super(new BoardOrder(TieBreak.EARLIEST, Ranking.COMPETITION, BoardOrder.DEFAULT_EPOCH), 1);
		}

	}

	@Nested
	class ThreeShards extends RollingBoard {

		ThreeShards() {
			super(BoardOrder.DEFAULT, 3);
		}

	}

	@Nested
	class ThreeShardsDense extends RollingBoard {

		ThreeShardsDense() {
			super(new BoardOrder(TieBreak.NONE, Ranking.DENSE, BoardOrder.DEFAULT_EPOCH), 3);
		}

	}

	@Nested
	class ThreeShardsEarliest extends RollingBoard {

		ThreeShardsEarliest() {
			super(new BoardOrder(TieBreak.EARLIEST, Ranking.COMPETITION, BoardOrder.DEFAULT_EPOCH), 3);
		}

	}

}
