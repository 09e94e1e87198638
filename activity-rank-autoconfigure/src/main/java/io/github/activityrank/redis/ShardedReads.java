package io.github.activityrank.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.ToIntFunction;

import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.redis.ShardAccess.Entry;

import org.springframework.data.redis.connection.RedisConnectionFactory;

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
 * <li>size is the sum of ZCARD, among one ZMSCORE per shard that holds one of the
 * users.</li>
 * </ul>
 */
final class ShardedReads {

	private final ShardAccess access;

	private final ShardPages pages;

	private final ShardRanks ranks;

	ShardedReads(RedisConnectionFactory connectionFactory, BoardLayout layout, BoardOrder order, ShardCalls calls) {
		this(connectionFactory, layout, order, calls, false);
	}

	/**
	 * @param forceBlocking whether to use blocking calls even on Lettuce, for tests of
	 * that path
	 */
	ShardedReads(RedisConnectionFactory connectionFactory, BoardLayout layout, BoardOrder order, ShardCalls calls,
			boolean forceBlocking) {
		this.access = new ShardAccess(connectionFactory, calls, layout, order.effectiveRanking(), forceBlocking);
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
		return new Board(boards, shardOf);
	}

	/** How many deep pages were answered from one window of scores after the samples. */
	long windowPages() {
		return this.pages.windowPages();
	}

	private long size(List<BoardKeys> boards) {
		return this.access.each(boards.size(), (commands, s) -> commands.card(ShardAccess.bytes(boards.get(s).key())))
			.stream()
			.mapToLong(Long::longValue)
			.sum();
	}

	/**
	 * One ZMSCORE per shard holding one of the users, then the users present in board
	 * order, numbered from 1 among themselves.
	 */
	private List<RankEntry> among(List<BoardKeys> boards, ToIntFunction<String> shardOf, List<String> userIds) {
		List<List<Integer>> byShard = new ArrayList<>();
		for (int s = 0; s < boards.size(); s++) {
			byShard.add(new ArrayList<>());
		}
		for (int i = 0; i < userIds.size(); i++) {
			byShard.get(shardOf.applyAsInt(userIds.get(i))).add(i);
		}
		List<List<Double>> scores = this.access.each(boards.size(), (commands, s) -> {
			List<Integer> users = byShard.get(s);
			if (users.isEmpty()) {
				return CompletableFuture.completedFuture(List.of());
			}
			byte[][] members = users.stream()
				.map((i) -> ShardAccess.bytes(RankKeys.encode(userIds.get(i))))
				.toArray(byte[][]::new);
			return commands.scores(ShardAccess.bytes(boards.get(s).key()), members);
		});
		List<Entry> present = new ArrayList<>();
		for (int s = 0; s < boards.size(); s++) {
			List<Integer> users = byShard.get(s);
			for (int u = 0; u < scores.get(s).size(); u++) {
				Double score = scores.get(s).get(u);
				if (score != null) {
					String userId = userIds.get(users.get(u));
					present.add(new Entry(RankKeys.encode(userId), score.longValue()));
				}
			}
		}
		present.sort(ShardAccess.BOARD_ORDER);
		List<RankEntry> entries = new ArrayList<>(present.size());
		RankNumbering numbering = new RankNumbering(this.access.ranking, 0, 0);
		for (Entry entry : present) {
			long points = this.access.layout.points(entry.score());
			entries.add(new RankEntry(RankKeys.decode(entry.member()), numbering.next(points), points, null));
		}
		return entries;
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
			return ShardedReads.this.size(this.boards);
		}

		@Override
		public List<RankEntry> among(List<String> ids) {
			return ShardedReads.this.among(this.boards, this.shardOf, ids);
		}

	}

}
