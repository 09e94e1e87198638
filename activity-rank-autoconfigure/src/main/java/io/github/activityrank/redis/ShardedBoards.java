package io.github.activityrank.redis;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.engine.Boards;
import io.github.activityrank.engine.Ranking;
import io.github.activityrank.engine.ScopeBoards;
import io.github.activityrank.redis.shard.ShardCalls;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The read side of the period and challenge boards, on one key space or split into shards
 * ({@link ShardMap}): every read answers what one board holding every member would
 * ({@link ShardedReads}); a member's own entry is read on its shard. On one shard each
 * query is one round trip ({@link BoardReads}).
 */
public class ShardedBoards implements Boards, ScopeBoards {

	private final ShardMap shards;

	private final ShardedReads reads;

	/** The boards of scope ids: plain points, an id's score summed over the shards. */
	private final Function<List<String>, BoardSource> scopeIds;

	/**
	 * Create the reads.
	 * @param connectionFactory connections to Redis (a cluster, or one server)
	 * @param shards the shards and their keys; one shard means one key space
	 * @param calendar the configured zone, for the board layout
	 * @param order how boards order and number their members
	 */
	public ShardedBoards(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			BoardOrder order) {
		this(connectionFactory, shards, calendar, order, false);
	}

	/**
	 * Reads with blocking calls even on Lettuce, for the tests of that path.
	 */
	ShardedBoards(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			BoardOrder order, boolean forceBlocking) {
		this.shards = shards;
		BoardLayout layout = new BoardLayout(order, calendar.zone());
		this.reads = new ShardedReads((shards.shards() == 1 && !forceBlocking)
				? ShardAccess.oneKeySpace(connectionFactory, layout::points, order.effectiveRanking())
				: new ShardAccess(connectionFactory, new ShardCalls(), layout::points, order.effectiveRanking(),
						forceBlocking));
		BoardLayout plain = new BoardLayout(BoardOrder.DEFAULT, calendar.zone());
		Ranking ranking = BoardOrder.DEFAULT.effectiveRanking();
		if (shards.shards() == 1) {
			BoardReads one = new BoardReads(ShardAccess.oneKeySpace(connectionFactory, plain::points, ranking));
			this.scopeIds = (keys) -> one.source(new BoardKeys(keys.get(0), keys.get(0)));
		}
		else {
			this.scopeIds = new SummedShardReads(
					new ShardAccess(connectionFactory, new ShardCalls(), plain::points, ranking, forceBlocking),
					ShardSum.POINTS, plain::points, ranking)::source;
		}
	}

	@Override
	public BoardSource board(Period period, LocalDate day) {
		return source((keys) -> new BoardKeys(keys.board(period, day), keys.dense(period, day)));
	}

	@Override
	public BoardSource board(String id) {
		return source((keys) -> new BoardKeys(keys.challengeBoard(id), keys.challengeDense(id)));
	}

	@Override
	public BoardSource scopeBoard(String kind, String scopeId, Period period, LocalDate day) {
		return source(scopeBoardKeys(kind, scopeId, period, day));
	}

	@Override
	public BoardSource scopes(String kind, Period period, LocalDate day) {
		return this.scopeIds.apply(this.shards.allKeys()
			.stream()
			.map((keys) -> new ScopeKeys(keys).scopesBoard(kind, period, day))
			.toList());
	}

	/**
	 * How a scope id's board is found on each shard, as {@link #board(Period, LocalDate)}
	 * finds a period board's: the id's board is on the shard of each of its users.
	 * @param kind a configured scope kind
	 * @param scopeId a valid scope id
	 * @param period the period
	 * @param day a day of the period
	 * @return the board's keys on a shard
	 */
	static Function<RankKeys, BoardKeys> scopeBoardKeys(String kind, String scopeId, Period period, LocalDate day) {
		String id = RankKeys.encode(scopeId);
		return (keys) -> new BoardKeys(new ScopeKeys(keys).scopeBoard(kind, id, period, day),
				new ScopeKeys(keys).scopeDense(kind, id, period, day));
	}

	/** How many deep pages were answered from one window of scores after the samples. */
	long windowPages() {
		return this.reads.windowPages();
	}

	/**
	 * The reads of one board of every shard.
	 * @param boardOfShard the board's keys on a shard
	 * @return its reads over the shards
	 */
	BoardSource source(Function<RankKeys, BoardKeys> boardOfShard) {
		List<BoardKeys> boards = new ArrayList<>(this.shards.shards());
		for (RankKeys keys : this.shards.allKeys()) {
			boards.add(boardOfShard.apply(keys));
		}
		return this.reads.source(boards, this.shards::shardOf);
	}

}
