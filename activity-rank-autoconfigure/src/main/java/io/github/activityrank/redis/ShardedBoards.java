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

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The read side of the period and challenge boards, on one key space or split into shards
 * ({@link ShardMap}): every read answers what one board holding every member would
 * ({@link ShardedReads}); a member's own entry is read on its shard. On one shard each
 * query is one round trip ({@link BoardReads}).
 */
public class ShardedBoards implements Boards {

	private final ShardMap shards;

	private final ShardedReads reads;

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
	}

	@Override
	public BoardSource board(Period period, LocalDate day) {
		return source((keys) -> new BoardKeys(keys.board(period, day), keys.dense(period, day)));
	}

	@Override
	public BoardSource board(String id) {
		return source((keys) -> new BoardKeys(keys.challengeBoard(id), keys.challengeDense(id)));
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
