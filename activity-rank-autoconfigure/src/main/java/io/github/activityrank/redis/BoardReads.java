package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleToLongFunction;

import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.engine.Ranking;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The leaderboard queries, each one round trip that reads the board at one instant, and
 * the numbering of their ranks.
 * <p>
 * Commands per query, N members on the board: a page costs ZREVRANGE plus, for its first
 * rank, one ZCOUNT on the board (competition) or on the dense companion (dense) or none
 * (ordinal); rankOf costs ZSCORE plus ZCOUNT (competition, dense) or ZREVRANK (ordinal);
 * around costs ZREVRANK, ZCARD and ZREVRANGE plus the page's ZCOUNT; all O(log N) plus
 * the entries returned. size is ZCARD, among one ZMSCORE. Period boards and challenge
 * boards ({@link BoardKeys}) are read alike.
 */
final class BoardReads {

	private final RedisConnectionFactory connectionFactory;

	/** A member's points from its score: the layout's, or a hot board's decayed sum. */
	private final DoubleToLongFunction points;

	private final Ranking ranking;

	/** The ranking as the read scripts name it. */
	private final String rankingArg;

	private final LuaScript slice = LuaScript.load("slice.lua");

	private final LuaScript rank = LuaScript.load("rank.lua");

	private final LuaScript dense = LuaScript.load("dense.lua");

	BoardReads(RedisConnectionFactory connectionFactory, BoardLayout layout, BoardOrder order) {
		this(connectionFactory, layout::points, order);
	}

	BoardReads(RedisConnectionFactory connectionFactory, DoubleToLongFunction points, BoardOrder order) {
		this.connectionFactory = connectionFactory;
		this.points = points;
		this.ranking = order.effectiveRanking();
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

	/** A user present in an among query; member is the encoded id Redis orders by. */
	private record Scored(String userId, String member, double score) {
	}

	/**
	 * Run a read script; when it finds no dense companion, build one from the board (once
	 * per board, see dense.lua) and read again.
	 */
	private List<Object> read(LuaScript script, ScriptArgs call, BoardKeys board) {
		List<Object> reply = script.run(this.connectionFactory, call);
		if (!needsCompanion(reply)) {
			return reply;
		}
		// chunk by chunk, each call bounded, until the companion is complete
		while (RedisReplies.asLong(this.dense.run(this.connectionFactory, board.buildCall()).get(0)) == 0) {
			Thread.onSpinWait();
		}
		reply = script.run(this.connectionFactory, call);
		if (needsCompanion(reply)) {
			throw new IllegalStateException("The dense companion of " + board.key() + " is missing after it was built");
		}
		return reply;
	}

	private static boolean needsCompanion(List<Object> reply) {
		return reply.size() == 1 && RedisReplies.asLong(reply.get(0)) == -1;
	}

	/** Turn member, score, ... in board order into entries. */
	private List<RankEntry> entries(long before, long firstPosition, List<Object> membersAndScores) {
		List<RankEntry> entries = new ArrayList<>(membersAndScores.size() / 2);
		RankNumbering numbering = new RankNumbering(this.ranking, before, firstPosition);
		for (int i = 0; i + 1 < membersAndScores.size(); i += 2) {
			String userId = RankKeys.decode(RedisReplies.asString(membersAndScores.get(i)));
			long points = this.points.applyAsLong(RedisReplies.asDouble(membersAndScores.get(i + 1)));
			entries.add(new RankEntry(userId, numbering.next(points), points, null));
		}
		return entries;
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
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
			long points = BoardReads.this.points.applyAsLong(RedisReplies.asDouble(reply.get(1)));
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
			try (RedisConnection connection = BoardReads.this.connectionFactory.getConnection()) {
				Long size = connection.zSetCommands().zCard(bytes(this.board.key()));
				return (size != null) ? size : 0;
			}
		}

		/**
		 * One ZMSCORE, then the users present are put in board order (score, then member,
		 * both descending, as ZREVRANGE orders them) and numbered from 1.
		 */
		@Override
		public List<RankEntry> among(List<String> userIds) {
			byte[][] members = new byte[userIds.size()][];
			for (int i = 0; i < members.length; i++) {
				members[i] = bytes(RankKeys.encode(userIds.get(i)));
			}
			List<Double> scores;
			try (RedisConnection connection = BoardReads.this.connectionFactory.getConnection()) {
				scores = connection.zSetCommands().zMScore(bytes(this.board.key()), members);
			}
			List<Scored> present = new ArrayList<>();
			for (int i = 0; scores != null && i < scores.size(); i++) {
				if (scores.get(i) != null) {
					present.add(new Scored(userIds.get(i), RankKeys.encode(userIds.get(i)), scores.get(i)));
				}
			}
			present.sort(Comparator.comparingDouble(Scored::score).thenComparing(Scored::member).reversed());
			RankNumbering numbering = new RankNumbering(BoardReads.this.ranking, 0, 0);
			List<RankEntry> entries = new ArrayList<>(present.size());
			for (Scored scored : present) {
				long points = BoardReads.this.points.applyAsLong(scored.score());
				entries.add(new RankEntry(scored.userId(), numbering.next(points), points, null));
			}
			return entries;
		}

	}

}
