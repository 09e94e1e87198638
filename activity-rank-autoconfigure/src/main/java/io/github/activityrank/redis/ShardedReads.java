package io.github.activityrank.redis;

import java.util.List;
import java.util.Optional;
import java.util.function.ToIntFunction;

import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.redis.shard.ShardCommands;

/**
 * The leaderboard queries over a board split into shards (one sorted set per shard, each
 * user on exactly one), answering exactly what one sorted set holding every member would:
 * the same order (score descending, then member descending, as ZREVRANGE orders equal
 * scores), the same ranks in every ranking.
 * <p>
 * Every step sends one command to each shard at once. Each command is written once, as a
 * stage of {@link ShardCommands} (Lettuce's asynchronous API, else blocking calls on
 * threads of their own), and a query is awaited once, where its caller blocks. The
 * algorithms live apart:
 * <ul>
 * <li>pages: {@link ShardPages} (near the top, and counting rounds when the estimate
 * misses) and {@link ScoreWindowPages} (deep pages by a window of scores);</li>
 * <li>ranks and neighbours: {@link ShardRanks}, on windows of positions
 * ({@link ShardWindows});</li>
 * <li>dense ranks: the distinct points above a score over the shards' companions
 * ({@link ShardAccess#denseHigher});</li>
 * <li>size is the sum of ZCARD, among one ZMSCORE per shard that holds one of the users
 * ({@link ShardAccess}, as on one shard).</li>
 * </ul>
 * A board on one shard (one key space) is read by {@link BoardReads}, one round trip per
 * query, through the same {@link ShardAccess}.
 */
final class ShardedReads {

	private final ShardAccess access;

	private final ShardPages pages;

	private final ShardRanks ranks;

	/** The reads of a board on one shard: one round trip each. */
	private final BoardReads oneShard;

	/**
	 * @param access the commands of the shards, one or many
	 */
	ShardedReads(ShardAccess access) {
		this.access = access;
		this.oneShard = new BoardReads(this.access);
		ShardWindows windows = new ShardWindows(this.access);
		this.pages = new ShardPages(this.access, windows);
		this.ranks = new ShardRanks(this.access, windows);
	}

	/**
	 * The reads of one board over the shards.
	 * @param boards the board's keys on each shard, by shard
	 * @param shardOf the shard of a member
	 * @return its reads
	 */
	BoardSource source(List<BoardKeys> boards, ToIntFunction<String> shardOf) {
		return (boards.size() == 1) ? this.oneShard.source(boards.get(0)) : new Board(boards, shardOf);
	}

	/** How many deep pages were answered from one window of scores after the samples. */
	long windowPages() {
		return this.pages.windowPages();
	}

	/** One board: its part on each shard and where a member lives. */
	private final class Board implements BoardSource {

		private final List<BoardKeys> boards;

		private final ToIntFunction<String> shardOf;

		Board(List<BoardKeys> boards, ToIntFunction<String> shardOf) {
			this.boards = boards;
			this.shardOf = shardOf;
		}

		@Override
		public List<RankEntry> range(long offset, int limit) {
			return ShardedReads.this.pages.range(this.boards, offset, limit);
		}

		@Override
		public Optional<RankEntry> rank(String id) {
			return ShardedReads.this.ranks.rank(this.boards, this.shardOf.applyAsInt(id), id);
		}

		@Override
		public List<RankEntry> around(String id, int radius) {
			return ShardedReads.this.ranks.around(this.boards, this.shardOf.applyAsInt(id), id, radius);
		}

		@Override
		public long size() {
			return ShardedReads.this.access.size(this.boards);
		}

		@Override
		public List<RankEntry> among(List<String> ids) {
			return ShardedReads.this.access.among(this.boards, this.shardOf, ids);
		}

	}

}
