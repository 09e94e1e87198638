package io.github.activityrank.redis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.Ranking;
import io.github.activityrank.redis.ShardAccess.Entry;
import io.github.activityrank.redis.shard.ShardCommands;

/**
 * A member's rank and its neighbours on a board split into shards. A rank is 1 + the
 * members before the member on every shard: on its own shard its score and the members
 * before it come from one {@code rank.lua} call, then every other shard counts at once,
 * ZCOUNT above that score (competition) or {@code shard-before.lua} (ordinal), so each
 * shard gets one call; the second step is sent as the first one's reply arrives, so the
 * caller waits once. Dense ranks read the score, then the union of the distinct points
 * above it on the shards' dense companions ({@code shard-dense-above.lua}, O(V) for the V
 * distinct values above: the one read whose cost grows with the board).
 *
 * @param access the shards' commands and keys
 * @param windows the neighbours' reads
 */
record ShardRanks(ShardAccess access, ShardWindows windows) {

	private static final LuaScript OWN_RANK = LuaScript.load("rank.lua");

	Optional<RankEntry> rank(List<BoardKeys> boards, int shard, String userId) {
		String member = RankKeys.encode(userId);
		if (this.access.ranking == Ranking.DENSE) {
			Double score = this.access.score(boards.get(shard), member);
			if (score == null) {
				return Optional.empty();
			}
			long value = score.longValue();
			return Optional.of(new RankEntry(userId, this.access.denseHigher(boards, value) + 1,
					this.access.points.applyAsLong(value), null));
		}
		String mode = (this.access.ranking == Ranking.ORDINAL) ? "ordinal" : "competition";
		ScriptArgs ownCall = ShardAccess.call(boards.get(shard), member, mode);
		List<BoardKeys> others = new ArrayList<>(boards);
		others.remove(shard);
		long[] found = this.access.run((commands) -> rank(commands, ownCall, others, member));
		return (found.length == 0) ? Optional.empty()
				: Optional.of(new RankEntry(userId, found[0] + 1, this.access.points.applyAsLong(found[1]), null));
	}

	/**
	 * A rank's two steps as one chain: the other shards' counts are sent as the own
	 * shard's reply arrives. Completes with {before, score}, or nothing when the member
	 * is not on the board.
	 */
	private CompletionStage<long[]> rank(ShardCommands commands, ScriptArgs ownCall, List<BoardKeys> others,
			String member) {
		return commands.script(OWN_RANK, ownCall).thenCompose((own) -> {
			if (own.isEmpty()) {
				return CompletableFuture.completedFuture(new long[0]);
			}
			long value = (long) Double.parseDouble(RedisReplies.asString(own.get(1)));
			CompletableFuture<long[]> total = CompletableFuture
				.completedFuture(new long[] { RedisReplies.asLong(own.get(0)), value });
			for (BoardKeys board : others) {
				CompletionStage<Long> count = (this.access.ranking == Ranking.ORDINAL)
						? this.access.before(commands, board, value, member)
						: commands.countAbove(ShardAccess.bytes(board.key()), value);
				total = total.thenCombine(count, (sum, more) -> new long[] { sum[0] + more, sum[1] });
			}
			return total;
		});
	}

	List<RankEntry> around(List<BoardKeys> boards, int shard, String userId, int radius) {
		String member = RankKeys.encode(userId);
		Double score = this.access.score(boards.get(shard), member);
		if (score == null) {
			return List.of();
		}
		// the members scoring higher too (one ZCOUNT more in the same call): the usual
		// competition rank of the window's first entry, which mostly shares the user's
		// score
		long value = score.longValue();
		List<long[]> counts = this.access.counts(boards, new Entry(member, value), new Entry("", value + 1));
		long position = ShardAccess.sum(counts, 1);
		long size = ShardAccess.sum(counts, 0);
		long width = 2L * radius + 1;
		long start = Math.max(0, Math.min(position - radius, size - width));
		long[] lo = new long[boards.size()];
		long lows = 0;
		for (int s = 0; s < lo.length; s++) {
			// at most (position - start) members of any shard lie between start and the
			// user
			lo[s] = Math.max(0, counts.get(s)[1] - (position - start));
			lows += lo[s];
		}
		int limit = (int) Math.min(width, size);
		long[] hi = new long[lo.length];
		Arrays.fill(hi, Long.MAX_VALUE);
		return this.windows.numbered(boards, this.windows.window(boards, lo, hi, start - lows, limit), start, limit,
				new long[] { value, ShardAccess.sum(counts, 2) });
	}

}
