package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.engine.Ranking;
import io.github.activityrank.engine.TieBreak;

import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.Limit;
import org.springframework.data.redis.connection.RedisConnection;
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
 * at each day's start. Until it has run (the day's first 200 ms, a clock that moved, a
 * late award of an older day) a read leaves them out itself ({@link LiveStreaks}),
 * finding them by their last active day. Reads never write, but for a backlog of more
 * than {@value #MAX_STALE} broken streaks per shard, which a read prunes first.
 */
final class StreakBoard implements BoardSource {

	/** 2^20, the start part of a score (lua/streaks.lua). */
	static final long SPAN = 1L << 20;

	/** Scores read as they are (no time part, no tie shares a rank). */
	private static final BoardOrder RAW = new BoardOrder(TieBreak.NONE, Ranking.ORDINAL, BoardOrder.DEFAULT_EPOCH);

	/** The most broken streaks per shard a read leaves out itself; more are pruned. */
	static final int MAX_STALE = 64;

	private final RedisConnectionFactory connectionFactory;

	private final ShardMap shards;

	private final ActivityCalendar calendar;

	private final StreakPruning pruning;

	private final BoardSource scores;

	StreakBoard(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar) {
		this.connectionFactory = connectionFactory;
		this.shards = shards;
		this.calendar = calendar;
		this.pruning = new StreakPruning(connectionFactory, shards, calendar);
		this.scores = new LiveStreaks(new ShardedBoards(connectionFactory, shards, calendar, RAW)
			.source((keys) -> new StreakKeys(keys).boardKeys()), this::stale);
	}

	@Override
	public List<RankEntry> range(long offset, int limit) {
		return decoded(this.scores.range(offset, limit));
	}

	@Override
	public Optional<RankEntry> rank(String id) {
		return this.scores.rank(id).map(StreakBoard::decoded);
	}

	@Override
	public List<RankEntry> around(String id, int radius) {
		return decoded(this.scores.around(id, radius));
	}

	@Override
	public long size() {
		return this.scores.size();
	}

	@Override
	public List<RankEntry> among(List<String> ids) {
		return decoded(this.scores.among(ids));
	}

	/**
	 * The users whose streak broke and who are still on the board: their last active day
	 * is before yesterday. One range read per shard, which finds none once the day's
	 * maintenance step has run.
	 */
	private Set<String> stale() {
		Set<String> stale = new HashSet<>();
		boolean backlog = false;
		Range<Long> broken = Range.of(Range.Bound.unbounded(),
				Range.Bound.inclusive(this.calendar.today().minusDays(2).toEpochDay()));
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			for (RankKeys keys : this.shards.allKeys()) {
				Set<byte[]> members = connection.zSetCommands()
					.zRangeByScore(new StreakKeys(keys).lastDays().getBytes(StandardCharsets.UTF_8), broken,
							Limit.limit().count(MAX_STALE + 1));
				backlog |= members != null && members.size() > MAX_STALE;
				if (members != null) {
					members.forEach((member) -> stale.add(RankKeys.decode(new String(member, StandardCharsets.UTF_8))));
				}
			}
		}
		if (backlog) {
			// a backlog the maintenance step has not taken (one reader takes it, the
			// others wait for it)
			synchronized (this.pruning) {
				this.pruning.prune();
			}
			return stale();
		}
		return stale;
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
