package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;

import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.Ranking;

import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.Limit;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.util.ClassUtils;

/**
 * The leaderboard queries over a board split into shards (one sorted set per shard, each
 * user on exactly one), answering exactly what one sorted set holding every member would:
 * the same order (score descending, then member descending, as ZREVRANGE orders equal
 * scores), the same ranks in every ranking.
 * <p>
 * Every step sends one call to each shard at once (on Lettuce's asynchronous API, else
 * from {@link ShardCalls}' threads). On Lettuce a rank and a deep page send their second
 * step from the I/O thread that receives the first step's last reply, so the caller waits
 * and wakes once, not once per step:
 * <ul>
 * <li>a page near the top reads each shard's first {@code offset + limit} entries and
 * merges them;</li>
 * <li>a deep page takes two steps as a rule: each shard's size and its scores at 7
 * positions (about 3 us of server time each) around its share of the offset
 * ({@code shard-sample.lua}); from those, {@link ShardSamples} estimates how many members
 * score at least any score and picks the window of scores {@code [z, x)} that should
 * start a margin before the page and end a margin after it; then each shard counts its
 * members scoring {@code x} or more and reads its entries in the window ({@code ZCOUNT}
 * and {@code ZREVRANGEBYSCORE ... LIMIT}, sent together as plain commands: a script doing
 * both costs more on the server, handing every entry to Lua and back), which are merged:
 * the counts give the window's exact global position, so the page is exact whenever the
 * window holds it, and the competition rank comes from the window (everything before it
 * scores higher), the dense rank from the window and the distinct points from {@code x}
 * up read with it ({@code shard-dense-above.lua}). A window the estimate missed, one
 * estimated to read more than 2,048 entries, or a shard whose read reaches 2,049 (a long
 * run of equal scores between two samples) falls back to counting rounds: the sampled
 * scores counted on every shard ({@code shard-before.lua}, one ZCOUNT each) bracket the
 * offset, rounds of entries inside a bracket too wide to read narrow it
 * ({@code shard-seek.lua}), and a window of positions is read on each shard. Nothing
 * reads a shard's first {@code offset} members;</li>
 * <li>a rank is 1 + the members before the user on every shard: on its own shard its
 * score and the members before it come from one {@code rank.lua} call, then every other
 * shard counts at once, ZCOUNT above that score (competition) or {@code shard-before.lua}
 * (ordinal), so each shard gets one call; dense ranks read the score, then the union of
 * the distinct points above it on the shards' dense companions
 * ({@code shard-dense-above.lua}, O(V) for the V distinct values above: the one read
 * whose cost grows with the board);</li>
 * <li>size is the sum of ZCARD, among one ZMSCORE per shard that holds one of the
 * users.</li>
 * </ul>
 */
final class ShardedReads {

	/** Pages ending within this many entries read each shard's head directly. */
	static final long SHALLOW = 1024;

	/**
	 * A deep page reads at most this many entries in one window of scores, and stops
	 * narrowing once its window of positions reads at most this many.
	 */
	private static final long WINDOW = 2048;

	/**
	 * A narrowing round takes {@code 2 * CANDIDATES + 1} entries inside each shard's
	 * bracket.
	 */
	private static final int CANDIDATES = 4;

	/** Most correcting rounds of a deep page before it reads a wider window. */
	private static final int ROUNDS = 6;

	private static final Comparator<Entry> BOARD_ORDER = Comparator.comparingLong(Entry::score)
		.thenComparing(Entry::member)
		.reversed();

	private final RedisConnectionFactory connectionFactory;

	private final BoardLayout layout;

	private final Ranking ranking;

	private final ShardCalls calls;

	private final LuaScript before = LuaScript.load("shard-before.lua");

	private final LuaScript seek = LuaScript.load("shard-seek.lua");

	private final LuaScript sample = LuaScript.load("shard-sample.lua");

	/** Deep pages answered from one window of scores (after the samples). */
	private final LongAdder windowPages = new LongAdder();

	private final LuaScript denseAbove = LuaScript.load("shard-dense-above.lua");

	private final LuaScript dense = LuaScript.load("dense.lua");

	private final LuaScript ownRank = LuaScript.load("rank.lua");

	ShardedReads(RedisConnectionFactory connectionFactory, BoardLayout layout, BoardOrder order, ShardCalls calls) {
		this.connectionFactory = connectionFactory;
		this.layout = layout;
		this.ranking = order.effectiveRanking();
		this.calls = calls;
	}

	/** Whether Lettuce is there, so that its asynchronous API may be used. */
	private static final boolean LETTUCE = ClassUtils.isPresent("io.lettuce.core.RedisClient",
			ShardedReads.class.getClassLoader());

	/**
	 * One call per shard at once: on Lettuce's asynchronous API when the connection is
	 * Lettuce's (no thread hand-off), else from {@link ShardCalls}' threads.
	 */
	private <T> List<T> each(int count, AsyncCall<T> async, IntFunction<T> sync) {
		return chained((nativeConnection) -> {
			List<CompletionStage<T>> stages = new ArrayList<>(count);
			for (int s = 0; s < count; s++) {
				stages.add(async.call(nativeConnection, s));
			}
			return LettuceShardCalls.all(stages);
		}, () -> this.calls.each(count, sync));
	}

	/**
	 * Calls started on Lettuce's shared native connection, whose later steps the I/O
	 * thread sends as earlier replies arrive, awaited once; else {@code blocking}.
	 */
	private <T> T chained(Function<Object, CompletionStage<T>> chain, Supplier<T> blocking) {
		if (LETTUCE) {
			try (RedisConnection connection = this.connectionFactory.getConnection()) {
				Object nativeConnection = connection.getNativeConnection();
				if (LettuceShardCalls.supports(nativeConnection)) {
					return LettuceShardCalls.await(chain.apply(nativeConnection));
				}
			}
		}
		return blocking.get();
	}

	/** One shard's call on Lettuce's asynchronous commands. */
	@FunctionalInterface
	private interface AsyncCall<T> {

		CompletionStage<T> call(Object nativeConnection, int shard);

	}

	List<RankEntry> range(List<BoardKeys> boards, long offset, int limit) {
		if (limit <= 0) {
			return List.of();
		}
		long[] lo = new long[boards.size()];
		long[] hi = new long[boards.size()];
		Arrays.fill(hi, Long.MAX_VALUE);
		long skip = offset;
		if (offset + limit > SHALLOW) {
			DeepRead read = deepRead(boards, offset, limit);
			ShardSamples samples = read.samples();
			if (offset >= samples.total()) {
				return List.of();
			}
			if (read.slices() != null) {
				List<RankEntry> page = scoreWindow(boards, read.slices(), read.window()[1], offset, limit);
				if (page != null) {
					this.windowPages.increment();
					return page;
				}
			}
			Long start = deepStart(boards, offset, limit, lo, hi, samples);
			if (start == null) {
				return List.of();
			}
			skip = offset - start;
		}
		return numbered(boards, window(boards, lo, hi, skip, limit), offset, limit, null);
	}

	/**
	 * A deep page's first two steps: each shard's size and scores around its share of the
	 * offset, then, when those pick a window of scores, each shard's slice of it. On
	 * Lettuce the second step is sent from the I/O thread that receives the last sample,
	 * so the caller waits once.
	 */
	private DeepRead deepRead(List<BoardKeys> boards, long offset, int limit) {
		String[] args = Arrays.stream(ShardSamples.positions(offset, boards.size()))
			.mapToObj(Long::toString)
			.toArray(String[]::new);
		return chained((nativeConnection) -> {
			List<CompletionStage<List<Object>>> samples = new ArrayList<>(boards.size());
			for (BoardKeys board : boards) {
				samples.add(LettuceShardCalls.script(nativeConnection, this.sample, call(board, args)));
			}
			return LettuceShardCalls.all(samples).thenCompose((replies) -> {
				ShardSamples sampled = new ShardSamples(offset, replies);
				long[] window = windowOf(sampled, offset, limit);
				if (window == null) {
					return CompletableFuture.completedFuture(new DeepRead(sampled, null, null));
				}
				List<CompletionStage<Slice>> slices = new ArrayList<>(boards.size());
				for (BoardKeys board : boards) {
					slices.add(sliceStage(nativeConnection, board, window[0], window[1]));
				}
				return LettuceShardCalls.all(slices).thenApply((read) -> new DeepRead(sampled, window, read));
			});
		}, () -> {
			ShardSamples sampled = new ShardSamples(offset, this.calls.each(boards.size(),
					(s) -> this.sample.run(this.connectionFactory, call(boards.get(s), args))));
			long[] window = windowOf(sampled, offset, limit);
			return new DeepRead(sampled, window, (window != null)
					? this.calls.each(boards.size(), (s) -> slice(boards.get(s), window[0], window[1])) : null);
		});
	}

	/** The window of scores {x, z} the samples pick for a page, or null. */
	private static long[] windowOf(ShardSamples samples, long offset, int limit) {
		return (offset < samples.total()) ? samples.window(offset, limit, WINDOW) : null;
	}

	/**
	 * A deep page's samples and, when they picked a window of scores ({x, z}), each
	 * shard's slice of it.
	 */
	private record DeepRead(ShardSamples samples, long[] window, List<Slice> slices) {

	}

	/**
	 * One shard's members scoring {@code x} or more, counted, and its entries scoring
	 * less than {@code x} and at least {@code z}, sent together; with dense ranks also
	 * the distinct points from {@code x} up.
	 */
	private CompletionStage<Slice> sliceStage(Object nativeConnection, BoardKeys board, long x, long z) {
		CompletionStage<Slice> slice = LettuceShardCalls.scoreWindow(nativeConnection, bytes(board.key()), x, z,
				WINDOW + 1);
		return (this.ranking == Ranking.DENSE) ? slice.thenCombine(
				LettuceShardCalls.script(nativeConnection, this.denseAbove, call(board, Long.toString(x - 1))),
				Slice::withDense) : slice;
	}

	/** {@link #sliceStage} on a blocking connection. */
	private Slice slice(BoardKeys board, long x, long z) {
		Slice slice;
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			byte[] key = bytes(board.key());
			Long before = connection.zSetCommands()
				.zCount(key, Range.rightUnbounded(Range.Bound.inclusive((double) x)));
			Set<Tuple> tuples = connection.zSetCommands()
				.zRevRangeByScoreWithScores(key,
						Range.of((z == ShardSamples.TO_END) ? Range.Bound.<Double>unbounded()
								: Range.Bound.inclusive((double) z), Range.Bound.exclusive((double) x)),
						Limit.limit().count((int) WINDOW + 1));
			List<Tuple> entries = new ArrayList<>((tuples != null) ? tuples : Set.<Tuple>of());
			byte[][] members = new byte[entries.size()][];
			long[] scores = new long[entries.size()];
			for (int i = 0; i < members.length; i++) {
				members[i] = entries.get(i).getValue();
				scores[i] = entries.get(i).getScore().longValue();
			}
			slice = new Slice((before != null) ? before : 0, members, scores, null);
		}
		return (this.ranking == Ranking.DENSE)
				? slice.withDense(this.denseAbove.run(this.connectionFactory, call(board, Long.toString(x - 1))))
				: slice;
	}

	/**
	 * The page from each shard's slice of a window of scores reaching down to {@code z}
	 * ({@link ShardSamples#TO_END}: to the end), whose counts of the members scoring at
	 * least its upper bound place it; {@code null} when the window does not hold the
	 * whole page (the estimate that chose it missed).
	 */
	private List<RankEntry> scoreWindow(List<BoardKeys> boards, List<Slice> slices, long z, long offset, int limit) {
		long before = 0;
		int read = 0;
		for (Slice slice : slices) {
			if (slice.scores().length > WINDOW) {
				// far more than estimated (a long run of equal scores between two
				// samples)
				return null;
			}
			before += slice.before();
			read += slice.scores().length;
		}
		long skip = offset - before;
		if (skip < 0 || (z != ShardSamples.TO_END && before + read < offset + limit)) {
			return null;
		}
		if (skip >= read) {
			return List.of();
		}
		// merge the shards' windows (each in board order) as far as the page's end
		int wanted = (int) Math.min(read, skip + limit);
		long[] scores = new long[wanted];
		byte[][] members = new byte[wanted][];
		int[] next = new int[slices.size()];
		for (int i = 0; i < wanted; i++) {
			int from = -1;
			for (int s = 0; s < next.length; s++) {
				Slice slice = slices.get(s);
				if (next[s] < slice.scores().length
						&& (from < 0 || slice.precedes(next[s], slices.get(from), next[from]))) {
					from = s;
				}
			}
			scores[i] = slices.get(from).scores()[next[from]];
			members[i] = slices.get(from).members()[next[from]];
			next[from]++;
		}
		int first = (int) skip;
		long firstScore = scores[first];
		// every member before the window scores x or more, above all of the window
		long higher = switch (this.ranking) {
			case ORDINAL -> offset;
			case COMPETITION -> before + Arrays.stream(scores, 0, first).filter((v) -> v > firstScore).count();
			case DENSE -> {
				// the values from x up, then those of the window above its first entry
				long above = (before == 0) ? 0 : denseFrom(slices);
				yield (above < 0) ? denseHigher(boards, firstScore)
						: above + Arrays.stream(scores, 0, first).filter((v) -> v > firstScore).distinct().count();
			}
		};
		RankNumbering numbering = new RankNumbering(this.ranking, higher, offset);
		List<RankEntry> entries = new ArrayList<>(wanted - first);
		for (int i = first; i < wanted; i++) {
			long points = this.layout.points(scores[i]);
			entries.add(new RankEntry(RankKeys.decode(new String(members[i], StandardCharsets.UTF_8)),
					numbering.next(points), points, null));
		}
		return entries;
	}

	/**
	 * One shard's members scoring {@code x} or more ({@code before}) and its entries
	 * scoring in a window below {@code x}, in board order.
	 */
	record Slice(long before, byte[][] members, long[] scores, List<Object> dense) {

		/** This slice with the reply of {@code shard-dense-above.lua} from its bound. */
		Slice withDense(List<Object> reply) {
			return new Slice(this.before, this.members, this.scores, reply);
		}

		/**
		 * Whether this slice's entry {@code i} comes before {@code other}'s entry
		 * {@code j}.
		 */
		boolean precedes(int i, Slice other, int j) {
			if (this.scores[i] != other.scores[j]) {
				return this.scores[i] > other.scores[j];
			}
			return Arrays.compareUnsigned(this.members[i], other.members[j]) > 0;
		}

	}

	/** How many deep pages were answered from one window of scores after the samples. */
	long windowPages() {
		return this.windowPages.sum();
	}

	/**
	 * A user's rank: its own shard first, one call ({@code rank.lua}) giving its score
	 * and the members before it there; then every other shard at once, counting the
	 * members before that score (competition) or that entry (ordinal). Dense ranks count
	 * the distinct points above over all shards' companions together.
	 */
	Optional<RankEntry> rank(List<BoardKeys> boards, int shard, String userId) {
		String member = RankKeys.encode(userId);
		if (this.ranking == Ranking.DENSE) {
			Double score = score(boards.get(shard), member);
			if (score == null) {
				return Optional.empty();
			}
			long value = score.longValue();
			return Optional.of(new RankEntry(userId, denseHigher(boards, value) + 1, this.layout.points(value), null));
		}
		String mode = (this.ranking == Ranking.ORDINAL) ? "ordinal" : "competition";
		ScriptArgs ownCall = call(boards.get(shard), member, mode);
		List<BoardKeys> others = new ArrayList<>(boards);
		others.remove(shard);
		long[] found = chained((nativeConnection) -> chainedRank(nativeConnection, ownCall, others, member), () -> {
			List<Object> own = this.ownRank.run(this.connectionFactory, ownCall);
			if (own.isEmpty()) {
				return new long[0];
			}
			long value = (long) Double.parseDouble(RedisReplies.asString(own.get(1)));
			return new long[] { RedisReplies.asLong(own.get(0)) + ((this.ranking == Ranking.ORDINAL)
					? sum(counts(others, new Entry(member, value)), 1) : higher(others, value)), value };
		});
		return (found.length == 0) ? Optional.empty()
				: Optional.of(new RankEntry(userId, found[0] + 1, this.layout.points(found[1]), null));
	}

	/**
	 * A rank's two steps as one chain on Lettuce: the other shards' counts are sent from
	 * the I/O thread that receives the own shard's reply, so the caller waits once and
	 * wakes once. Completes with {before, score}, or nothing when the user is not on the
	 * board.
	 */
	private CompletionStage<long[]> chainedRank(Object nativeConnection, ScriptArgs ownCall, List<BoardKeys> others,
			String member) {
		return LettuceShardCalls.script(nativeConnection, this.ownRank, ownCall).thenCompose((own) -> {
			if (own.isEmpty()) {
				return CompletableFuture.completedFuture(new long[0]);
			}
			long value = (long) Double.parseDouble(RedisReplies.asString(own.get(1)));
			CompletableFuture<long[]> total = CompletableFuture
				.completedFuture(new long[] { RedisReplies.asLong(own.get(0)), value });
			for (BoardKeys board : others) {
				CompletionStage<Long> count = (this.ranking == Ranking.ORDINAL)
						? LettuceShardCalls
							.script(nativeConnection, this.before, call(board, Long.toString(value), member))
							.thenApply((reply) -> RedisReplies.asLong(reply.get(1)))
						: LettuceShardCalls.countAbove(nativeConnection, bytes(board.key()), value);
				total = total.thenCombine(count, (sum, more) -> new long[] { sum[0] + more, sum[1] });
			}
			return total;
		});
	}

	List<RankEntry> around(List<BoardKeys> boards, int shard, String userId, int radius) {
		String member = RankKeys.encode(userId);
		Double score = score(boards.get(shard), member);
		if (score == null) {
			return List.of();
		}
		// the members scoring higher too (one ZCOUNT more in the same call): the usual
		// competition rank of the window's first entry, which mostly shares the user's
		// score
		long value = score.longValue();
		List<long[]> counts = counts(boards, new Entry(member, value), new Entry("", value + 1));
		long position = sum(counts, 1);
		long size = sum(counts, 0);
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
		return numbered(boards, window(boards, lo, hi, start - lows, limit), start, limit,
				new long[] { value, sum(counts, 2) });
	}

	long size(List<BoardKeys> boards) {
		return each(boards.size(), (commands, s) -> LettuceShardCalls.card(commands, bytes(boards.get(s).key())),
				(s) -> {
					try (RedisConnection connection = this.connectionFactory.getConnection()) {
						Long size = connection.zSetCommands().zCard(bytes(boards.get(s).key()));
						return (size != null) ? size : 0L;
					}
				})
			.stream()
			.mapToLong(Long::longValue)
			.sum();
	}

	/**
	 * One ZMSCORE per shard holding one of the users, then the users present in board
	 * order, numbered from 1 among themselves.
	 */
	List<RankEntry> among(List<BoardKeys> boards, IntFunction<Integer> shardOfUser, List<String> userIds) {
		List<List<Integer>> byShard = new ArrayList<>();
		for (int s = 0; s < boards.size(); s++) {
			byShard.add(new ArrayList<>());
		}
		for (int i = 0; i < userIds.size(); i++) {
			byShard.get(shardOfUser.apply(i)).add(i);
		}
		List<List<Double>> scores = this.calls.each(boards.size(), (s) -> {
			List<Integer> users = byShard.get(s);
			if (users.isEmpty()) {
				return List.of();
			}
			byte[][] members = users.stream().map((i) -> bytes(RankKeys.encode(userIds.get(i)))).toArray(byte[][]::new);
			try (RedisConnection connection = this.connectionFactory.getConnection()) {
				List<Double> found = connection.zSetCommands().zMScore(bytes(boards.get(s).key()), members);
				return (found != null) ? found : List.of();
			}
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
		present.sort(BOARD_ORDER);
		List<RankEntry> entries = new ArrayList<>(present.size());
		RankNumbering numbering = new RankNumbering(this.ranking, 0, 0);
		for (Entry entry : present) {
			long points = this.layout.points(entry.score());
			entries.add(new RankEntry(RankKeys.decode(entry.member()), numbering.next(points), points, null));
		}
		return entries;
	}

	/**
	 * Find, for a deep page whose window of scores missed, how many members of each shard
	 * come before its first entry at most ({@code lo}), with their sum as close to the
	 * offset as the search gets, and how many come before a bound past the offset
	 * ({@code hi}, {@code Long.MAX_VALUE} where none was found), so that the window read
	 * on each shard ends near the page.
	 * <p>
	 * The first round counts the sampled scores as bounds: each gives the bound after
	 * every member with that score, and the members before it cost one ZCOUNT per shard,
	 * where an entry costs a binary search among equal scores. Only a bracket wider than
	 * {@link #WINDOW} (one long run of equal scores) is narrowed by further rounds of
	 * entries.
	 * @return the sum of {@code lo}, or {@code null} when the board is shorter than the
	 * offset
	 */
	private Long deepStart(List<BoardKeys> boards, long offset, int limit, long[] lo, long[] hi, ShardSamples samples) {
		int shards = boards.size();
		long[][] positions = null;
		long best = 0;
		long bestAbove = Long.MAX_VALUE;
		long total = -1;
		long[] sizes = new long[shards];
		for (int round = 0; round < ROUNDS; round++) {
			Set<Entry> found = new LinkedHashSet<>();
			if (round == 0) {
				// the bound after every member of each sampled score
				for (long score : samples.allScores()) {
					found.add(new Entry("", score));
				}
				total = samples.total();
				for (int s = 0; s < shards; s++) {
					sizes[s] = samples.size(s);
				}
			}
			else {
				long[][] at = positions;
				List<List<Object>> seeks = each(shards,
						(commands, s) -> LettuceShardCalls.script(commands, this.seek, seekCall(boards.get(s), at[s])),
						(s) -> this.seek.run(this.connectionFactory, seekCall(boards.get(s), at[s])));
				total = 0;
				for (int s = 0; s < shards; s++) {
					List<Object> reply = seeks.get(s);
					sizes[s] = RedisReplies.asLong(reply.get(0));
					total += sizes[s];
					for (int i = 1; i + 1 < reply.size(); i += 2) {
						long score = (long) RedisReplies.asDouble(reply.get(i + 1));
						found.add(new Entry(RedisReplies.asString(reply.get(i)), score));
					}
				}
			}
			if (offset >= total) {
				return null;
			}
			if (found.isEmpty()) {
				break;
			}
			List<Entry> pivots = new ArrayList<>(found);
			List<long[]> counts = counts(boards, pivots.toArray(Entry[]::new));
			// the candidate closest below the offset gives lower bounds on every shard,
			// the
			// closest above it upper bounds
			int below = -1;
			long belowAt = -1;
			int above = -1;
			long aboveAt = Long.MAX_VALUE;
			for (int p = 0; p < pivots.size(); p++) {
				long g = 0;
				for (long[] shardCounts : counts) {
					g += shardCounts[1 + p];
				}
				if (g <= offset && g > belowAt) {
					below = p;
					belowAt = g;
				}
				if (g > offset && g < aboveAt) {
					above = p;
					aboveAt = g;
				}
			}
			if (below >= 0 && belowAt >= best) {
				best = belowAt;
				for (int s = 0; s < shards; s++) {
					lo[s] = counts.get(s)[1 + below];
				}
			}
			if (above >= 0 && aboveAt < bestAbove) {
				bestAbove = aboveAt;
				for (int s = 0; s < shards; s++) {
					hi[s] = counts.get(s)[1 + above];
				}
			}
			long gap = offset - best;
			if (windowSize(lo, hi, gap, limit) <= WINDOW) {
				break;
			}
			// next candidates: entries spread over each shard's share of the bracket, or
			// of
			// the distance from the closest candidate below the offset when none was
			// above
			long[][] next = new long[shards][2 * CANDIDATES + 1];
			for (int s = 0; s < shards; s++) {
				long from = lo[s];
				long span = (hi[s] != Long.MAX_VALUE) ? hi[s] - lo[s] : (long) ((double) gap * sizes[s] / total) + 1;
				for (int j = 0; j < next[s].length; j++) {
					long target = from + span * (j + 1) / (next[s].length + 1);
					next[s][j] = Math.max(lo[s], Math.min(Math.max(0, sizes[s] - 1), target));
				}
			}
			positions = next;
		}
		return best;
	}

	/** How many entries the window of a page reads over all shards. */
	private static long windowSize(long[] lo, long[] hi, long skip, int limit) {
		long size = 0;
		for (int s = 0; s < lo.length; s++) {
			size += end(lo[s], hi[s], skip, limit) - lo[s];
		}
		return size;
	}

	/**
	 * The end (exclusive) of a shard's window: no further than {@code skip + limit} past
	 * its lower bound, nor {@code limit} past its upper one (entries after {@code hi}
	 * come after the offset, so at most {@code limit - 1} of them are on the page).
	 */
	private static long end(long lo, long hi, long skip, int limit) {
		long end = lo + skip + limit;
		return (hi == Long.MAX_VALUE) ? end : Math.min(end, hi + limit);
	}

	/**
	 * Each shard's entries from {@code lo[s]} to {@code lo[s] + skip + limit - 1}, merged
	 * in board order, plus the entry just before {@code lo[s]} on each shard where
	 * {@code lo[s] > 0}: the entries at global positions {@code sum(lo) + skip} on are at
	 * merged positions {@link Window#skip()} on. The extra entries let a competition rank
	 * be counted from the window when they all score higher than its first entry.
	 */
	private Window window(List<BoardKeys> boards, long[] lo, long[] hi, long skip, int limit) {
		long[] from = new long[lo.length];
		long[] to = new long[lo.length];
		long base = 0;
		int extras = 0;
		for (int s = 0; s < lo.length; s++) {
			from[s] = Math.max(0, lo[s] - 1);
			to[s] = end(lo[s], hi[s], skip, limit) - 1;
			base += from[s];
			extras += (lo[s] > 0) ? 1 : 0;
		}
		long extraSkip = skip + extras;
		List<List<Object[]>> reads = each(boards.size(),
				(commands, s) -> LettuceShardCalls.revRange(commands, bytes(boards.get(s).key()), from[s], to[s]),
				(s) -> {
					try (RedisConnection connection = this.connectionFactory.getConnection()) {
						Set<Tuple> tuples = connection.zSetCommands()
							.zRevRangeWithScores(bytes(boards.get(s).key()), from[s], to[s]);
						List<Object[]> entries = new ArrayList<>();
						for (Tuple tuple : (tuples != null) ? tuples : Set.<Tuple>of()) {
							entries.add(new Object[] { new String(tuple.getValue(), StandardCharsets.UTF_8),
									tuple.getScore() });
						}
						return entries;
					}
				});
		List<Entry> merged = new ArrayList<>();
		long lowestExtra = Long.MAX_VALUE;
		for (int s = 0; s < reads.size(); s++) {
			List<Object[]> entries = reads.get(s);
			for (int i = 0; i < entries.size(); i++) {
				Entry entry = new Entry((String) entries.get(i)[0], ((Double) entries.get(i)[1]).longValue());
				merged.add(entry);
				if (i == 0 && lo[s] > 0) {
					lowestExtra = Math.min(lowestExtra, entry.score());
				}
			}
		}
		merged.sort(BOARD_ORDER);
		return new Window(merged, base, extraSkip, lowestExtra);
	}

	/**
	 * Merged entries of every shard.
	 *
	 * @param merged the entries, in board order
	 * @param base the global position of the first of them
	 * @param skip the merged position of the first entry asked for
	 * @param lowestExtra the lowest score of the entries read before each shard's bound
	 * ({@code Long.MAX_VALUE} when none was)
	 */
	private record Window(List<Entry> merged, long base, long skip, long lowestExtra) {
	}

	/**
	 * Number the entries at merged positions {@code skip} to {@code skip + limit - 1},
	 * the first at global position {@code start}. Competition ranks are counted from the
	 * window when everything before it scores higher than its first entry (the entry read
	 * just before each shard's bound does), dense ranks when the window starts at the top
	 * of the board, or from {@code higher} ({score, members scoring higher}, may be
	 * {@code null}) when the first entry has that score; else one more call per shard
	 * counts them.
	 */
	private List<RankEntry> numbered(List<BoardKeys> boards, Window window, long start, int limit, long[] higher) {
		List<Entry> merged = window.merged();
		int skip = (int) window.skip();
		if (skip >= merged.size()) {
			return List.of();
		}
		List<Entry> slice = merged.subList(skip, (int) Math.min(merged.size(), (long) skip + limit));
		long first = slice.get(0).score();
		long before = switch (this.ranking) {
			case ORDINAL -> start;
			case COMPETITION -> (window.lowestExtra() > first)
					? window.base() + merged.subList(0, skip).stream().filter((e) -> e.score() > first).count()
					: (higher != null && higher[0] == first) ? higher[1] : higher(boards, first);
			case DENSE -> (window.base() == 0 && window.lowestExtra() == Long.MAX_VALUE) ? merged.subList(0, skip)
				.stream()
				.filter((e) -> e.score() > first)
				.map(Entry::score)
				.distinct()
				.count() : denseHigher(boards, first);
		};
		RankNumbering numbering = new RankNumbering(this.ranking, before, start);
		List<RankEntry> entries = new ArrayList<>(slice.size());
		for (Entry entry : slice) {
			long points = this.layout.points(entry.score());
			entries.add(new RankEntry(RankKeys.decode(entry.member()), numbering.next(points), points, null));
		}
		return entries;
	}

	/** The members scoring higher, on every shard: one ZCOUNT each. */
	private long higher(List<BoardKeys> boards, long score) {
		return each(boards.size(),
				(commands, s) -> LettuceShardCalls.countAbove(commands, bytes(boards.get(s).key()), score), (s) -> {
					try (RedisConnection connection = this.connectionFactory.getConnection()) {
						Long count = connection.zSetCommands()
							.zCount(bytes(boards.get(s).key()),
									Range.rightUnbounded(Range.Bound.exclusive((double) score)));
						return (count != null) ? count : 0L;
					}
				})
			.stream()
			.mapToLong(Long::longValue)
			.sum();
	}

	/**
	 * The distinct points from a window's upper bound up over every shard, from the
	 * companions' replies read with the window; -1 when a companion has yet to be built
	 * ({@code denseHigher} builds it).
	 */
	private static long denseFrom(List<Slice> slices) {
		Set<String> values = new HashSet<>();
		for (Slice slice : slices) {
			List<Object> reply = slice.dense();
			if (reply == null || reply.isEmpty() || RedisReplies.asLong(reply.get(0)) == 0) {
				return -1;
			}
			for (int i = 1; i < reply.size(); i++) {
				values.add(RedisReplies.asString(reply.get(i)));
			}
		}
		return values.size();
	}

	/** The distinct points higher than {@code score} over every shard's companion. */
	private long denseHigher(List<BoardKeys> boards, long score) {
		List<List<Object>> replies = this.calls.each(boards.size(), (s) -> {
			BoardKeys board = boards.get(s);
			List<Object> reply = this.denseAbove.run(this.connectionFactory, call(board, Long.toString(score)));
			if (RedisReplies.asLong(reply.get(0)) == 0) {
				this.dense.run(this.connectionFactory, board.call());
				reply = this.denseAbove.run(this.connectionFactory, call(board, Long.toString(score)));
			}
			return reply;
		});
		Set<String> values = new HashSet<>();
		for (List<Object> reply : replies) {
			for (int i = 1; i < reply.size(); i++) {
				values.add(RedisReplies.asString(reply.get(i)));
			}
		}
		return values.size();
	}

	/** Per shard: {size, before pivot 1, before pivot 2, ...}. */
	private List<long[]> counts(List<BoardKeys> boards, Entry... pivots) {
		String[] args = new String[pivots.length * 2];
		for (int p = 0; p < pivots.length; p++) {
			args[2 * p] = Long.toString(pivots[p].score());
			args[2 * p + 1] = pivots[p].member();
		}
		List<List<Object>> replies = each(boards.size(),
				(commands, s) -> LettuceShardCalls.script(commands, this.before, call(boards.get(s), args)),
				(s) -> this.before.run(this.connectionFactory, call(boards.get(s), args)));
		List<long[]> counts = new ArrayList<>(replies.size());
		for (List<Object> reply : replies) {
			long[] shardCounts = new long[reply.size()];
			for (int i = 0; i < shardCounts.length; i++) {
				shardCounts[i] = RedisReplies.asLong(reply.get(i));
			}
			counts.add(shardCounts);
		}
		return counts;
	}

	/**
	 * A member's score on one shard's board, on the same asynchronous path as the rest.
	 */
	private Double score(BoardKeys board, String member) {
		return each(1, (commands, s) -> LettuceShardCalls.score(commands, bytes(board.key()), bytes(member)), (s) -> {
			try (RedisConnection connection = this.connectionFactory.getConnection()) {
				return connection.zSetCommands().zScore(bytes(board.key()), bytes(member));
			}
		}).get(0);
	}

	private static long sum(List<long[]> counts, int index) {
		long sum = 0;
		for (long[] shardCounts : counts) {
			sum += shardCounts[index];
		}
		return sum;
	}

	private static ScriptArgs seekCall(BoardKeys board, long[] positions) {
		return call(board, Arrays.stream(positions).mapToObj(Long::toString).toArray(String[]::new));
	}

	/** A script call on a board alone (KEYS[1]) with its companion (KEYS[2]). */
	private static ScriptArgs call(BoardKeys board, String... args) {
		ScriptArgs call = board.call();
		for (String arg : args) {
			call.arg(arg);
		}
		return call;
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

	/** A board entry: encoded member and raw score, an integer below 2^53. */
	private record Entry(String member, long score) {
	}

}
