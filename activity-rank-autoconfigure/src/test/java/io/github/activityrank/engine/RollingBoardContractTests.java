package io.github.activityrank.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import io.github.activityrank.ActivityEvent;
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
 * Redis Cluster: the global board, and the board of one scope id, whose users also score
 * in another id that it must not see.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("boards")
class RollingBoardContractTests extends LeaderboardContract {

	private static final ScopeSettings SCOPES = new ScopeSettings(
			Map.of("category", new ScopeKind("category", List.of(Period.DAY), Set.of(), 0)));

	private final EngineFixture engine;

	private final BoardOrder order;

	private final boolean scoped;

	RollingBoardContractTests(String topology, BoardOrder order, int shards, boolean scoped) {
		this.order = order;
		this.scoped = scoped;
		this.engine = new EngineFixture(PeriodBoardContractTests.MORNING, EnumSet.of(Period.DAY),
				EngineFixture.FORUM_RULES, null, null, connections(shards),
				RedisTestServer.uniquePrefix("contract-rolling"), order, shards, Map.of(), SCOPES);
		this.engine.service.setRollingBoards(new RedisRollingBoards(this.engine.connections, this.engine.shards,
				this.engine.calendar, order, List.of(7), Duration.ofMinutes(1)));
	}

	static Stream<Arguments> boards() {
		BoardOrder dense = new BoardOrder(TieBreak.NONE, Ranking.DENSE, BoardOrder.DEFAULT_EPOCH);
		BoardOrder earliest = new BoardOrder(TieBreak.EARLIEST, Ranking.COMPETITION, BoardOrder.DEFAULT_EPOCH);
		List<Arguments> boards = new ArrayList<>();
		for (boolean scoped : List.of(false, true)) {
			String board = scoped ? ", a scope id's board" : "";
			boards.add(arguments("one Redis" + board, BoardOrder.DEFAULT, 1, scoped));
			boards.add(arguments("one Redis, dense" + board, dense, 1, scoped));
			boards.add(arguments("one Redis, earliest" + board, earliest, 1, scoped));
			boards.add(arguments("three shards" + board, BoardOrder.DEFAULT, 3, scoped));
			boards.add(arguments("three shards, dense" + board, dense, 3, scoped));
			boards.add(arguments("three shards, earliest" + board, earliest, 3, scoped));
		}
		return boards.stream();
	}

	@Override
	protected List<RankKeys> keySpaces() {
		return Stream.concat(Stream.of(this.engine.keys), this.engine.shards.allKeys().stream()).toList();
	}

	@Override
	protected Leaderboard board() {
		return this.scoped ? this.engine.service.rolling(7, "category", "java") : this.engine.service.rolling(7);
	}

	@Override
	protected void fill(Map<String, Long> scores) {
		// a point yesterday for whoever has more than one, the rest today at one instant:
		// equal points keep the member order
		this.engine.clock.set(PeriodBoardContractTests.MORNING.minusDays(1));
		scores.forEach((member, score) -> {
			if (score > 1) {
				award(member, "yesterday", 1);
			}
		});
		this.engine.clock.set(PeriodBoardContractTests.MORNING);
		scores.forEach((member, score) -> award(member, "today", (score > 1) ? score - 1 : 1));
	}

	/** An award, in category java on a scope id's board, with a point in go as well. */
	private void award(String member, String field, long points) {
		if (!this.scoped) {
			this.engine.service.award(member, field, points);
			return;
		}
		this.engine.service.apply(ActivityEvent.awardPoints(member, field, points).withScope("category", "java"));
		this.engine.service.apply(ActivityEvent.awardPoints(member, field + "-go", 1).withScope("category", "go"));
	}

	@Override
	protected Ranking ranking() {
		return this.order.effectiveRanking();
	}

}
