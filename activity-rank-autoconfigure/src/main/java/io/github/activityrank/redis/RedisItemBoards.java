package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.engine.ItemBoards;
import io.github.activityrank.engine.ItemType;
import io.github.activityrank.engine.Ranking;
import io.github.activityrank.engine.TieBreak;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The item boards, hot boards and user counters of one Redis key space (no shards), read
 * with the same {@link BoardReads} as the user boards: item boards hold plain points
 * numbered in competition, hot boards their log score numbered in order.
 */
public class RedisItemBoards implements ItemBoards {

	private static final BoardOrder PLAIN = BoardOrder.DEFAULT;

	private static final BoardOrder HOT = new BoardOrder(TieBreak.NONE, Ranking.ORDINAL, BoardOrder.DEFAULT_EPOCH);

	private final RedisConnectionFactory connectionFactory;

	private final ItemKeys keys;

	private final ActivityCalendar calendar;

	private final BoardReads reads;

	private final Map<String, BoardReads> hotReads = new ConcurrentHashMap<>();

	/**
	 * Create the reads.
	 * @param connectionFactory connections to Redis
	 * @param keys the key names
	 * @param calendar today, the retained periods and the clock hot scores decay by
	 */
	public RedisItemBoards(RedisConnectionFactory connectionFactory, RankKeys keys, ActivityCalendar calendar) {
		this.connectionFactory = connectionFactory;
		this.keys = new ItemKeys(keys);
		this.calendar = calendar;
		this.reads = new BoardReads(ShardAccess.oneKeySpace(connectionFactory,
				new BoardLayout(PLAIN, calendar.zone())::points, PLAIN.effectiveRanking()));
	}

	@Override
	public BoardSource board(ItemType type, Period period, LocalDate day) {
		String key = this.keys.board(type.name(), period, day);
		return this.reads.source(new BoardKeys(key, key));
	}

	@Override
	public BoardSource hot(ItemType type) {
		String key = this.keys.hot(type.name());
		BoardReads hot = this.hotReads.computeIfAbsent(type.name(),
				(name) -> new BoardReads(ShardAccess.oneKeySpace(this.connectionFactory,
						new HotScore(this.calendar.clock(), type.halfLife().toMillis()), HOT.effectiveRanking())));
		return hot.source(new BoardKeys(key, key));
	}

	@Override
	public long uniqueUsers(ItemType type, String itemId, Period period, LocalDate day) {
		byte[] key = bytes(this.keys.uniquePrefix(type.name(), period, day) + RankKeys.encode(itemId));
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			Long count = connection.hyperLogLogCommands().pfCount(key);
			return (count != null) ? count : 0;
		}
	}

	@Override
	public long count(Period period, LocalDate day) {
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			Long count = connection.hyperLogLogCommands().pfCount(bytes(this.keys.active(period, day)));
			return (count != null) ? count : 0;
		}
	}

	@Override
	public long removeItem(ItemType type, String itemId) {
		byte[] member = bytes(RankKeys.encode(itemId));
		long changed = 0;
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			for (Period period : type.periods()) {
				for (LocalDate start : this.calendar.retainedPeriods(period)) {
					changed += count(
							connection.zSetCommands().zRem(bytes(this.keys.board(type.name(), period, start)), member));
					if (type.uniqueUsers()) {
						changed += count(connection.keyCommands()
							.del(bytes(this.keys.uniquePrefix(type.name(), period, start) + RankKeys.encode(itemId))));
					}
				}
			}
			if (type.hot()) {
				changed += count(connection.zSetCommands().zRem(bytes(this.keys.hot(type.name())), member));
			}
		}
		return changed;
	}

	private static long count(Long reply) {
		return (reply != null && reply > 0) ? 1 : 0;
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
