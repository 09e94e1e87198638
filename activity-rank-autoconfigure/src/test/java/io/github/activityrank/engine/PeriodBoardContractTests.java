package io.github.activityrank.engine;

import java.time.LocalDateTime;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Nested;

/**
 * The {@link LeaderboardContract} on a day board, in each ranking, on one Redis and over
 * three shards of a Redis Cluster.
 */
class PeriodBoardContractTests {

	static final LocalDateTime MORNING = LocalDateTime.of(2026, 6, 10, 10, 0);

	/** A day board whose members get their scores as explicit points. */
	abstract static class DayBoard extends LeaderboardContract {

		final EngineFixture engine;

		private final BoardOrder order;

		DayBoard(BoardOrder order, int shards) {
			this.order = order;
			this.engine = new EngineFixture(MORNING, EnumSet.of(Period.DAY, Period.TOTAL), EngineFixture.FORUM_RULES,
					null, null, connections(shards), RedisTestServer.uniquePrefix("contract-day"), order, shards);
		}

		@Override
		protected List<RankKeys> keySpaces() {
			return Stream.concat(Stream.of(this.engine.keys), this.engine.shards.allKeys().stream()).toList();
		}

		@Override
		protected Leaderboard board() {
			return this.engine.service.board(Period.DAY);
		}

		@Override
		protected void fill(Map<String, Long> scores) {
			scores.forEach((member, score) -> this.engine.service.award(member, "contract", score));
		}

		@Override
		protected Ranking ranking() {
			return this.order.effectiveRanking();
		}

	}

	@Nested
	class OneRedis extends DayBoard {

		OneRedis() {
			super(BoardOrder.DEFAULT, 1);
		}

	}

	@Nested
	class OneRedisDense extends DayBoard {

		OneRedisDense() {
			super(new BoardOrder(TieBreak.NONE, Ranking.DENSE, BoardOrder.DEFAULT_EPOCH), 1);
		}

	}

	@Nested
	class OneRedisEarliest extends DayBoard {

		// every award at the same instant: equal points stay in member order
		OneRedisEarliest() {
			super(new BoardOrder(TieBreak.EARLIEST, Ranking.COMPETITION, BoardOrder.DEFAULT_EPOCH), 1);
		}

	}

	@Nested
	class ThreeShards extends DayBoard {

		ThreeShards() {
			super(BoardOrder.DEFAULT, 3);
		}

	}

	@Nested
	class ThreeShardsDense extends DayBoard {

		ThreeShardsDense() {
			super(new BoardOrder(TieBreak.NONE, Ranking.DENSE, BoardOrder.DEFAULT_EPOCH), 3);
		}

	}

	@Nested
	class ThreeShardsOrdinal extends DayBoard {

		ThreeShardsOrdinal() {
			super(new BoardOrder(TieBreak.NONE, Ranking.ORDINAL, BoardOrder.DEFAULT_EPOCH), 3);
		}

	}

}
