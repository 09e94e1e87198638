package io.github.activityrank.engine;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Nested;

/**
 * The {@link LeaderboardContract} on a scope id's day board, in each ranking, on one
 * Redis and over three shards of a Redis Cluster; and on a kind's board of scope ids,
 * whose score is summed over the shards of the users who scored in each scope.
 */
class ScopeBoardContractTests {

	private static final ScopeSettings SCOPES = new ScopeSettings(
			Map.of("category", new ScopeKind("category", List.of(Period.DAY, Period.TOTAL), Set.of(), 0)));

	private static EngineFixture engine(LeaderboardContract contract, BoardOrder order, int shards) {
		return new EngineFixture(PeriodBoardContractTests.MORNING, EnumSet.of(Period.DAY), EngineFixture.FORUM_RULES,
				null, null, contract.connections(shards), RedisTestServer.uniquePrefix("contract-scope"), order, shards,
				Map.of(), SCOPES);
	}

	/** A scope id's day board whose members get their scores as explicit points. */
	abstract static class ScopeBoard extends LeaderboardContract {

		final EngineFixture engine;

		private final BoardOrder order;

		ScopeBoard(BoardOrder order, int shards) {
			this.order = order;
			this.engine = engine(this, order, shards);
		}

		@Override
		protected List<RankKeys> keySpaces() {
			return Stream.concat(Stream.of(this.engine.keys), this.engine.shards.allKeys().stream()).toList();
		}

		@Override
		protected Leaderboard board() {
			return this.engine.service.board("category", "java", Period.DAY);
		}

		@Override
		protected void fill(Map<String, Long> scores) {
			scores.forEach((member, score) -> {
				this.engine.service
					.apply(ActivityEvent.awardPoints(member, "contract", score).withScope("category", "java"));
				// the same users score elsewhere too, which the board must not see
				this.engine.service.apply(ActivityEvent.awardPoints(member, "other", 1).withScope("category", "go"));
			});
		}

		@Override
		protected Ranking ranking() {
			return this.order.effectiveRanking();
		}

	}

	/** A kind's board of scope ids, each id's points from one vote of several users. */
	abstract static class ScopeIds extends LeaderboardContract {

		final EngineFixture engine;

		ScopeIds(int shards) {
			this.engine = engine(this, BoardOrder.DEFAULT, shards);
		}

		@Override
		protected List<RankKeys> keySpaces() {
			return Stream.concat(Stream.of(this.engine.keys), this.engine.shards.allKeys().stream()).toList();
		}

		@Override
		protected Leaderboard board() {
			return this.engine.service.scopes("category", Period.DAY);
		}

		@Override
		protected void fill(Map<String, Long> scores) {
			// the points of different users, so that on shards each id has parts on
			// several
			scores.forEach((scope, score) -> {
				for (int vote = 0; vote < score; vote++) {
					this.engine.service.apply(ActivityEvent.awardPoints("voter-" + vote, "vote:" + scope, 1)
						.withScope("category", scope));
				}
			});
		}

		@Override
		protected Ranking ranking() {
			return Ranking.COMPETITION;
		}

	}

	@Nested
	class OneRedis extends ScopeBoard {

		OneRedis() {
			super(BoardOrder.DEFAULT, 1);
		}

	}

	@Nested
	class OneRedisDense extends ScopeBoard {

		OneRedisDense() {
			super(new BoardOrder(TieBreak.NONE, Ranking.DENSE, BoardOrder.DEFAULT_EPOCH), 1);
		}

	}

	@Nested
	class OneRedisEarliest extends ScopeBoard {

		OneRedisEarliest() {
			super(new BoardOrder(TieBreak.EARLIEST, Ranking.COMPETITION, BoardOrder.DEFAULT_EPOCH), 1);
		}

	}

	@Nested
	class ThreeShards extends ScopeBoard {

		ThreeShards() {
			super(BoardOrder.DEFAULT, 3);
		}

	}

	@Nested
	class ThreeShardsDense extends ScopeBoard {

		ThreeShardsDense() {
			super(new BoardOrder(TieBreak.NONE, Ranking.DENSE, BoardOrder.DEFAULT_EPOCH), 3);
		}

	}

	@Nested
	class ScopeIdsOneRedis extends ScopeIds {

		ScopeIdsOneRedis() {
			super(1);
		}

	}

	@Nested
	class ScopeIdsThreeShards extends ScopeIds {

		ScopeIdsThreeShards() {
			super(3);
		}

	}

}
