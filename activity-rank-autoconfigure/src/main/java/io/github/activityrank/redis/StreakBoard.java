package io.github.activityrank.redis;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.engine.Ranking;
import io.github.activityrank.engine.TieBreak;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The reads of the streak board: a sorted set per shard read like every other board, by
 * {@link BoardReads} on one key space and {@link ShardedReads} over shards, with its
 * score decoded. The score is length * 2^20 + (2^20 - 1 - start epoch day): longer first,
 * on equal length the earlier start, then Redis's reverse member order, also across
 * shards; every rank is distinct. A {@link RankEntry}'s score is the streak's length, its
 * details the day the streak started.
 * <p>
 * Broken streaks leave the board through {@link StreakPruning}, the maintenance step run
 * at each day's start; a read first makes sure it has run today, so the board holds live
 * streaks only on any day the clock shows. Only the first read of a day writes.
 */
final class StreakBoard implements BoardSource {

	/** 2^20, the start part of a score (lua/streaks.lua). */
	static final long SPAN = 1L << 20;

	/** Scores read as they are (no time part, no tie shares a rank). */
	private static final BoardOrder RAW = new BoardOrder(TieBreak.NONE, Ranking.ORDINAL, BoardOrder.DEFAULT_EPOCH);

	private final BoardSource scores;

	private final StreakPruning pruning;

	StreakBoard(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar) {
		this.scores = new ShardedBoards(connectionFactory, shards, calendar, RAW)
			.source((keys) -> new StreakKeys(keys).boardKeys());
		this.pruning = new StreakPruning(connectionFactory, shards, calendar);
	}

	@Override
	public List<RankEntry> range(long offset, int limit) {
		this.pruning.pruneOncePerDay();
		return decoded(this.scores.range(offset, limit));
	}

	@Override
	public Optional<RankEntry> rank(String id) {
		this.pruning.pruneOncePerDay();
		return this.scores.rank(id).map(StreakBoard::decoded);
	}

	@Override
	public List<RankEntry> around(String id, int radius) {
		this.pruning.pruneOncePerDay();
		return decoded(this.scores.around(id, radius));
	}

	@Override
	public long size() {
		this.pruning.pruneOncePerDay();
		return this.scores.size();
	}

	@Override
	public List<RankEntry> among(List<String> ids) {
		this.pruning.pruneOncePerDay();
		return decoded(this.scores.among(ids));
	}

	private static List<RankEntry> decoded(List<RankEntry> entries) {
		return entries.stream().map(StreakBoard::decoded).toList();
	}

	/** An entry whose score is the raw board score, as the streak's length and start. */
	private static RankEntry decoded(RankEntry raw) {
		long length = raw.score() / SPAN;
		LocalDate start = LocalDate.ofEpochDay(SPAN - 1 - (raw.score() % SPAN));
		return new RankEntry(raw.id(), raw.rank(), length, start);
	}

}
