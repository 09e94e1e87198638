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
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The {@link LeaderboardContract} on a 7-day rolling board whose members' points come
 * from two days, in each ranking and tie-break, on one Redis and over three shards of a
 * Redis Cluster.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("boards")
class RollingBoardContractTests extends LeaderboardContract {

	private final EngineFixture engine;

	private final BoardOrder order;

	RollingBoardContractTests(String topology, BoardOrder order, int shards) {
		this.order = order;
		this.engine = new EngineFixture(PeriodBoardContractTests.MORNING, EnumSet.of(Period.DAY),
				EngineFixture.FORUM_RULES, null, null, connections(shards),
				RedisTestServer.uniquePrefix("contract-rolling"), order, shards);
		this.engine.service.setRollingBoards(new RedisRollingBoards(this.engine.connections, this.engine.shards,
				this.engine.calendar, order, List.of(7), Duration.ofMinutes(1)));
	}

	static Stream<Arguments> boards() {
		BoardOrder dense = new BoardOrder(TieBreak.NONE, Ranking.DENSE, BoardOrder.DEFAULT_EPOCH);
		BoardOrder earliest = new BoardOrder(TieBreak.EARLIEST, Ranking.COMPETITION, BoardOrder.DEFAULT_EPOCH);
		return Stream.of(arguments("one Redis", BoardOrder.DEFAULT, 1), arguments("one Redis, dense", dense, 1),
				arguments("one Redis, earliest", earliest, 1), arguments("three shards", BoardOrder.DEFAULT, 3),
				arguments("three shards, dense", dense, 3), arguments("three shards, earliest", earliest, 3));
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
		// a point yesterday for whoever has more than one, the rest today at one instant:
		// equal points keep the member order
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
