package io.github.activityrank.engine;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ItemRankService;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.RedisItemBoards;
import io.github.activityrank.redis.ShardedItemBoards;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Nested;

/**
 * The {@link LeaderboardContract} on an item type's day board, whose members are items,
 * on one Redis and over three shards of a Redis Cluster (where an item's score is the sum
 * of its parts on the shards of its voters).
 */
class ItemBoardContractTests {

	private static final ItemType ARTICLE = new ItemType("article", Map.of("vote", 1L),
			List.of(Period.DAY, Period.TOTAL), null, 1000, false);

	private static final Map<String, ScoringRule> RULES = Map.of("vote", new ScoringRule("vote", 1, false, null));

	/** An item board whose items get each point from a vote of another user. */
	abstract static class ItemBoard extends LeaderboardContract {

		final EngineFixture engine;

		final ItemRankService items;

		ItemBoard(int shards) {
			this.engine = new EngineFixture(PeriodBoardContractTests.MORNING, EnumSet.of(Period.DAY, Period.TOTAL),
					RULES, null, null, connections(shards), RedisTestServer.uniquePrefix("contract-items"),
					BoardOrder.DEFAULT, shards, Map.of("article", ARTICLE));
			ItemBoards boards = (shards > 1)
					? new ShardedItemBoards(this.engine.connections, this.engine.shards, this.engine.calendar)
					: new RedisItemBoards(this.engine.connections, this.engine.keys, this.engine.calendar);
			this.items = new DefaultItemRankService(Map.of("article", ARTICLE), boards, this.engine.calendar, null);
		}

		@Override
		protected List<RankKeys> keySpaces() {
			return Stream.concat(Stream.of(this.engine.keys), this.engine.shards.allKeys().stream()).toList();
		}

		@Override
		protected Leaderboard board() {
			return this.items.board("article", Period.DAY);
		}

		@Override
		protected void fill(Map<String, Long> scores) {
			// the votes of different users, so that on shards each item has parts on
			// several
			scores.forEach((item, score) -> {
				for (int vote = 0; vote < score; vote++) {
					this.engine.service
						.apply(ActivityEvent.award("voter-" + vote, "vote:" + item, "vote").withItem("article", item));
				}
			});
		}

		@Override
		protected Ranking ranking() {
			return Ranking.COMPETITION;
		}

	}

	@Nested
	class OneRedis extends ItemBoard {

		OneRedis() {
			super(1);
		}

	}

	@Nested
	class ThreeShards extends ItemBoard {

		ThreeShards() {
			super(3);
		}

	}

}
