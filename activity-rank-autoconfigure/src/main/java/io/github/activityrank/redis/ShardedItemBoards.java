package io.github.activityrank.redis;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.ToLongFunction;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.engine.ItemBoards;
import io.github.activityrank.engine.ItemType;
import io.github.activityrank.engine.Ranking;
import io.github.activityrank.redis.shard.ShardCalls;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Item boards spread over shards ({@code activity-rank.shards} above 1): an award's item
 * share lands on its user's shard, so an item has a part of its score on every shard
 * where one of its users lives. Boards and hot boards answer with the sum of the parts
 * ({@link SummedShardReads}); user counters add up the shards' counts, exact to the
 * HyperLogLog's error because a user is counted on the one shard of that user only;
 * {@link #removeItem} removes the item from every shard.
 */
public class ShardedItemBoards implements ItemBoards {

	private final List<RedisItemBoards> shards;

	private final List<ItemKeys> keys;

	private final ActivityCalendar calendar;

	private final ShardCalls calls = new ShardCalls();

	private final SummedShardReads plain;

	private final RedisConnectionFactory connectionFactory;

	private final Map<String, SummedShardReads> hotReads = new ConcurrentHashMap<>();

	/**
	 * Create the reads.
	 * @param connectionFactory connections to Redis (a cluster, or one server)
	 * @param shards the shards and their keys
	 * @param calendar today, the retained periods and the clock hot scores decay by
	 */
	public ShardedItemBoards(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar) {
		this.connectionFactory = connectionFactory;
		this.calendar = calendar;
		List<RedisItemBoards> boards = new ArrayList<>();
		List<ItemKeys> keys = new ArrayList<>();
		for (RankKeys shard : shards.allKeys()) {
			boards.add(new RedisItemBoards(connectionFactory, shard, calendar));
			keys.add(new ItemKeys(shard));
		}
		this.shards = List.copyOf(boards);
		this.keys = List.copyOf(keys);
		BoardLayout layout = new BoardLayout(BoardOrder.DEFAULT, calendar.zone());
		this.plain = new SummedShardReads(access(layout), ShardSum.POINTS, layout::points,
				BoardOrder.DEFAULT.effectiveRanking());
	}

	@Override
	public BoardSource board(ItemType type, Period period, LocalDate day) {
		return this.plain.source(keys((k) -> k.board(type.name(), period, day)));
	}

	@Override
	public BoardSource hot(ItemType type) {
		SummedShardReads reads = this.hotReads.computeIfAbsent(type.name(),
				(name) -> new SummedShardReads(access(new BoardLayout(BoardOrder.DEFAULT, this.calendar.zone())),
						ShardSum.LOG2, new HotScore(this.calendar.clock(), type.halfLife().toMillis()),
						Ranking.ORDINAL));
		return reads.source(keys((k) -> k.hot(type.name())));
	}

	@Override
	public long uniqueUsers(ItemType type, String itemId, Period period, LocalDate day) {
		return sum((shard) -> shard.uniqueUsers(type, itemId, period, day));
	}

	@Override
	public long count(Period period, LocalDate day) {
		return sum((shard) -> shard.count(period, day));
	}

	@Override
	public long removeItem(ItemType type, String itemId) {
		return sum((shard) -> shard.removeItem(type, itemId));
	}

	private ShardAccess access(BoardLayout layout) {
		return new ShardAccess(this.connectionFactory, this.calls, layout::points, Ranking.COMPETITION, false);
	}

	private List<String> keys(Function<ItemKeys, String> key) {
		return this.keys.stream().map(key).toList();
	}

	/** One call per shard at once, their results summed. */
	private long sum(ToLongFunction<RedisItemBoards> call) {
		return this.calls.each(this.shards.size(), (s) -> call.applyAsLong(this.shards.get(s)))
			.stream()
			.mapToLong(Long::longValue)
			.sum();
	}

}
