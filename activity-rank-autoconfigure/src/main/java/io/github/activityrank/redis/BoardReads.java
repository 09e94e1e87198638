package io.github.activityrank.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.engine.Ranking;

/**
 * The leaderboard queries of a board on one shard (one key space), each one round trip
 * that reads the board at one instant, and the numbering of their ranks. Its commands go
 * through the same {@link ShardAccess} as the reads over shards, which also answers size
 * and among alike for one shard and many.
 * <p>
 * Commands per query, N members on the board: a page costs ZREVRANGE plus, for its first
 * rank, one ZCOUNT on the board (competition) or on the dense companion (dense) or none
 * (ordinal); rankOf costs ZSCORE plus ZCOUNT (competition, dense) or ZREVRANK (ordinal);
 * around costs ZREVRANK, ZCARD and ZREVRANGE plus the page's ZCOUNT; all O(log N) plus
 * the entries returned. size is ZCARD, among one ZMSCORE. Period boards and challenge
 * boards ({@link BoardKeys}) are read alike.
 */
final class BoardReads {

	private final ShardAccess access;

	private final Ranking ranking;

	/** The ranking as the read scripts name it. */
	private final String rankingArg;

	private final LuaScript slice = LuaScript.load("slice.lua");

	private final LuaScript rank = LuaScript.load("rank.lua");

	BoardReads(ShardAccess access) {
		this.access = access;
		this.ranking = access.ranking;
		this.rankingArg = this.ranking.name().toLowerCase();
	}

	/**
	 * The reads of one board, as the engine's leaderboards use them.
	 * @param board the board's keys
	 * @return its reads
	 */
	BoardSource source(BoardKeys board) {
		return new Board(board);
	}

	/** Run slice.lua: {before, start, member, score, ...}. */
	private List<RankEntry> slice(ScriptArgs call, BoardKeys board) {
		List<Object> reply = read(this.slice, call, board);
		if (reply.isEmpty()) {
			return List.of();
		}
		return entries(RedisReplies.asLong(reply.get(0)), RedisReplies.asLong(reply.get(1)),
				reply.subList(2, reply.size()));
	}

	/** Run a read script, building the dense companion first where it finds none. */
	private List<Object> read(LuaScript script, ScriptArgs call, BoardKeys board) {
		return this.access.run((commands) -> this.access.withCompanion(commands, script, call, board));
	}

	/** Turn member, score, ... in board order into entries. */
	private List<RankEntry> entries(long before, long firstPosition, List<Object> membersAndScores) {
		List<RankEntry> entries = new ArrayList<>(membersAndScores.size() / 2);
		RankNumbering numbering = new RankNumbering(this.ranking, before, firstPosition);
		for (int i = 0; i + 1 < membersAndScores.size(); i += 2) {
			String userId = RankKeys.decode(RedisReplies.asString(membersAndScores.get(i)));
			long points = this.access.points.applyAsLong(RedisReplies.asDouble(membersAndScores.get(i + 1)));
			entries.add(new RankEntry(userId, numbering.next(points), points, null));
		}
		return entries;
	}

	/** The reads of one board. */
	private final class Board implements BoardSource {

		private final BoardKeys board;

		Board(BoardKeys board) {
			this.board = board;
		}

		@Override
		public List<RankEntry> range(long offset, int limit) {
			long stop = (offset > Long.MAX_VALUE - limit) ? Long.MAX_VALUE : offset + limit - 1;
			ScriptArgs call = this.board.call();
			call.arg("page").arg(offset).arg(stop).arg(BoardReads.this.rankingArg);
			return slice(call, this.board);
		}

		@Override
		public Optional<RankEntry> rank(String userId) {
			ScriptArgs call = this.board.call();
			call.arg(RankKeys.encode(userId)).arg(BoardReads.this.rankingArg);
			List<Object> reply = read(BoardReads.this.rank, call, this.board);
			if (reply.isEmpty()) {
				return Optional.empty();
			}
			long points = BoardReads.this.access.points.applyAsLong(RedisReplies.asDouble(reply.get(1)));
			return Optional.of(new RankEntry(userId, RedisReplies.asLong(reply.get(0)) + 1, points, null));
		}

		@Override
		public List<RankEntry> around(String userId, int radius) {
			ScriptArgs call = this.board.call();
			call.arg("around").arg(RankKeys.encode(userId)).arg(radius).arg(BoardReads.this.rankingArg);
			return slice(call, this.board);
		}

		@Override
		public long size() {
			return BoardReads.this.access.size(List.of(this.board));
		}

		@Override
		public List<RankEntry> among(List<String> userIds) {
			return BoardReads.this.access.among(List.of(this.board), (userId) -> 0, userIds);
		}

	}

}
