package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import io.github.activityrank.Leaderboard;
import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.ActivityCalendar;

import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.Limit;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.zset.Tuple;

/**
 * The streak board over every shard: each read first drops broken streaks
 * (streak-prune.lua), then ranks by score, where the score is length * 2^20 + (2^20 - 1 -
 * start epoch day): longer first, on equal length the earlier start. Members of equal
 * score follow Redis's reverse byte order, also across shards. A {@link RankEntry}'s
 * score is the streak's length, its details the day the streak started.
 */
final class StreakBoard implements Leaderboard {

	/** 2^20, the start part of a score (lua/streaks.lua). */
	private static final long SPAN = 1L << 20;

	private static final Comparator<Tuple> ORDER = Comparator.comparingDouble(Tuple::getScore)
		.thenComparing((t) -> new String(t.getValue(), StandardCharsets.UTF_8))
		.reversed();

	private final RedisConnectionFactory connectionFactory;

	private final ShardMap shards;

	private final ActivityCalendar calendar;

	private final LuaScript prune = LuaScript.load("streak-prune.lua");

	StreakBoard(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar) {
		this.connectionFactory = connectionFactory;
		this.shards = shards;
		this.calendar = calendar;
	}

	@Override
	public List<RankEntry> top(int n) {
		return page(0, n);
	}

	@Override
	public List<RankEntry> page(long offset, int limit) {
		if (offset < 0 || limit < 0) {
			throw new IllegalArgumentException("offset and limit must not be negative");
		}
		if (limit == 0) {
			return List.of();
		}
		List<StreakKeys> all = pruned();
		List<Tuple> merged = new ArrayList<>();
		// one shard reads its page; several read their first offset + limit and merge
		long from = (all.size() == 1) ? offset : 0;
		withConnection((c) -> {
			for (StreakKeys keys : all) {
				Set<Tuple> some = c.zSetCommands().zRevRangeWithScores(bytes(keys.board()), from, offset + limit - 1);
				if (some != null) {
					merged.addAll(some);
				}
			}
			return null;
		});
		merged.sort(ORDER);
		List<RankEntry> page = new ArrayList<>();
		long skip = offset - from;
		for (int k = (int) skip; k < merged.size() && page.size() < limit; k++) {
			page.add(entry(merged.get(k), offset + page.size() + 1));
		}
		return page;
	}

	@Override
	public Optional<RankEntry> rankOf(String id) {
		List<StreakKeys> all = pruned();
		byte[] member = bytes(RankKeys.encode(id));
		StreakKeys own = new StreakKeys(this.shards.keys(this.shards.shardOf(id)));
		return withConnection((c) -> {
			Double score = c.zSetCommands().zScore(bytes(own.board()), member);
			if (score == null) {
				return Optional.empty();
			}
			Long rank = c.zSetCommands().zRevRank(bytes(own.board()), member);
			long above = (rank != null) ? rank : 0;
			String name = RankKeys.encode(id);
			for (StreakKeys keys : all) {
				if (keys.board().equals(own.board())) {
					continue;
				}
				byte[] board = bytes(keys.board());
				above += c.zSetCommands().zCount(board, Range.rightUnbounded(Range.Bound.exclusive(score)));
				Set<byte[]> equal = c.zSetCommands()
					.zRangeByScore(board, Range.closed(score, score), Limit.unlimited());
				for (byte[] other : equal) {
					if (new String(other, StandardCharsets.UTF_8).compareTo(name) > 0) {
						above++;
					}
				}
			}
			return Optional.of(entry(Tuple.of(member, score), above + 1));
		});
	}

	@Override
	public List<RankEntry> around(String id, int radius) {
		if (radius < 0) {
			throw new IllegalArgumentException("radius must not be negative");
		}
		Optional<RankEntry> own = rankOf(id);
		if (own.isEmpty()) {
			return List.of();
		}
		long first = Math.max(1, own.get().rank() - radius);
		return page(first - 1, (int) (own.get().rank() + radius - first + 1));
	}

	@Override
	public long size() {
		List<StreakKeys> all = pruned();
		return withConnection((c) -> {
			long size = 0;
			for (StreakKeys keys : all) {
				Long n = c.zSetCommands().zCard(bytes(keys.board()));
				size += (n != null) ? n : 0;
			}
			return size;
		});
	}

	@Override
	public List<RankEntry> among(Collection<String> ids) {
		List<RankEntry> entries = new ArrayList<>();
		for (String id : ids) {
			rankOf(id).ifPresent(entries::add);
		}
		entries.sort(Comparator.comparingLong(RankEntry::rank));
		return entries;
	}

	/** Every shard's streak keys, after dropping the broken streaks of each. */
	private List<StreakKeys> pruned() {
		long stale = this.calendar.today().minusDays(2).toEpochDay();
		List<StreakKeys> all = new ArrayList<>();
		for (RankKeys keys : this.shards.allKeys()) {
			StreakKeys streakKeys = new StreakKeys(keys);
			ScriptArgs call = new ScriptArgs();
			call.key(streakKeys.board());
			call.key(streakKeys.lastDays());
			call.arg(stale);
			this.prune.run(this.connectionFactory, call);
			all.add(streakKeys);
		}
		return all;
	}

	private static RankEntry entry(Tuple tuple, long rank) {
		long score = (long) tuple.getScore().doubleValue();
		long length = score / SPAN;
		LocalDate start = LocalDate.ofEpochDay(SPAN - 1 - (score % SPAN));
		return new RankEntry(RankKeys.decode(new String(tuple.getValue(), StandardCharsets.UTF_8)), rank, length,
				start);
	}

	private <T> T withConnection(Function<RedisConnection, T> action) {
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			return action.apply(connection);
		}
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
