package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import io.github.activityrank.ActivityLimits;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Builds one rolling board from the boards of its days, on every shard: each shard's part
 * under a temporary name first, then every part put in place by a rename
 * ({@code rolling-swap.lua}), so a read sees a whole board, the one before or the one
 * after. The boards it sums are given per shard, so any day boards (global or scoped)
 * make a rolling board alike.
 * <p>
 * A shard's part is built by calls of {@code rolling-chunk.lua}, each doing about
 * {@link #CHUNK} units of work (scanning an entry of a day board is one, writing a member
 * found with its points of the N days of the window N more), until every day board is
 * scanned: however large the boards, no call holds Redis longer than a chunk takes (tens
 * of milliseconds), so a rebuild neither makes other clients wait nor runs into
 * {@code BUSY} or the command timeout. With the earliest tie-break the same calls keep
 * the time of each member's last award of the window, counted from the window's start.
 * Plain points of a small window (at most 4 x {@link #CHUNK} entries) are summed by one
 * {@code ZUNIONSTORE} in the first call instead, which costs less.
 * <p>
 * A build runs under its instance's claim ({@link Claim}), renewed before each call, and
 * stops as soon as another instance took the claim over; each part is put in place only
 * while the shard's fence still names the claim's generation, so a build that lost its
 * claim (its instance stalled past it) puts nothing in place.
 */
final class RollingBuilder {

	/** How long a build that is never put in place stays, ms. */
	static final long BUILD_TTL = Duration.ofHours(1).toMillis();

	/** How long a rolling board lives when no read rebuilds it, ms. */
	static final long BOARD_TTL = Duration.ofDays(1).toMillis();

	/**
	 * About how much work one call does: 10,000 entries scanned, or about 1,250 members
	 * written with their 7 days; 15 to 45 ms of Redis CPU on average on a loaded 2-core
	 * machine, more on larger boards (see docs/rolling.md).
	 */
	static final int CHUNK = 10_000;

	/**
	 * What {@link #build} answers when another instance took the claim over: the parts
	 * not in place by then are discarded.
	 */
	static final long LOST = -2;

	private final LuaScript chunk = LuaScript.load("rolling-chunk.lua");

	private final LuaScript swap = LuaScript.load("rolling-swap.lua");

	private final RedisConnectionFactory connectionFactory;

	private final BoardLayout layout;

	private final ZoneId zone;

	private final int unitsPerCall;

	private final AtomicLong calls = new AtomicLong();

	private final AtomicLong longestCall = new AtomicLong();

	RollingBuilder(RedisConnectionFactory connectionFactory, BoardLayout layout, ZoneId zone) {
		this(connectionFactory, layout, zone, CHUNK);
	}

	/**
	 * A builder whose calls do about {@code unitsPerCall} units of work each.
	 */
	RollingBuilder(RedisConnectionFactory connectionFactory, BoardLayout layout, ZoneId zone, int unitsPerCall) {
		this.connectionFactory = connectionFactory;
		this.layout = layout;
		this.zone = zone;
		this.unitsPerCall = unitsPerCall;
	}

	/**
	 * Build a rolling board and put it in place.
	 * @param days the window's days, oldest first
	 * @param sources per shard, the boards of those days, in the same order
	 * @param targets per shard, the rolling board
	 * @param builds per shard, the temporary name of its build
	 * @param fences per shard, the board's state hash, whose generation the claim's must
	 * be for a part to be put in place there (fenced by the caller before the build)
	 * @param claim the claim the build runs under
	 * @return the members put in place over the shards; -1 when a part could not be put
	 * in place because its build was gone (expired after {@link #BUILD_TTL}, or a ledger
	 * rebuild switched the key space); {@link #LOST} when another instance took the claim
	 * over: the parts not in place yet are discarded
	 */
	long build(List<LocalDate> days, List<List<String>> sources, List<BoardKeys> targets, List<String> builds,
			List<String> fences, Claim claim) {
		long[] members = new long[targets.size()];
		try {
			for (int s = 0; s < targets.size(); s++) {
				members[s] = buildPart(days, sources.get(s), builds.get(s), claim);
				if (members[s] == LOST) {
					discard(builds);
					return LOST;
				}
			}
		}
		catch (RuntimeException ex) {
			discard(builds);
			throw ex;
		}
		long total = 0;
		boolean complete = true;
		for (int s = 0; s < targets.size(); s++) {
			BoardKeys target = targets.get(s);
			ScriptArgs call = new ScriptArgs();
			call.key(builds.get(s));
			call.key(target.key());
			call.key(target.dense());
			call.key(target.building());
			call.key(fences.get(s));
			// a part whose build went missing (-1) must not delete the board in place
			call.arg((members[s] != 0) ? "1" : "0").arg(BOARD_TTL).arg(claim.generation());
			long swapped = RedisReplies.asLong(this.swap.run(this.connectionFactory, call).get(0));
			if (swapped == -1) {
				discard(builds.subList(s + 1, builds.size()));
				return LOST;
			}
			complete &= swapped == 1;
			total += Math.max(members[s], 0);
		}
		return complete ? total : -1;
	}

	/**
	 * How many script calls built parts of boards, since the start.
	 * @return the count
	 */
	long calls() {
		return this.calls.get();
	}

	/**
	 * The longest of those calls, round trip included.
	 * @return nanoseconds
	 */
	long longestCallNanos() {
		return this.longestCall.get();
	}

	/**
	 * Build one shard's part by chunks, each call going on where the last one stopped.
	 * @return the members written; -1 when the build went missing meanwhile;
	 * {@link #LOST} when the claim was taken over
	 */
	private long buildPart(List<LocalDate> days, List<String> sources, String build, Claim claim) {
		long origin = start(days.get(0));
		// the time part counts 2^32 units: milliseconds cover 49 days (with an hour for a
		// change of clocks), seconds any longer window
		long windowMillis = Duration.ofDays(days.size()).plusHours(1).toMillis();
		long unit = !this.layout.timed() ? 0 : (windowMillis < BoardLayout.TIME_SPAN) ? 1 : 1000;
		long board = 1;
		String cursor = "0";
		long written = 0;
		while (board <= sources.size()) {
			if (!claim.renew()) {
				return LOST;
			}
			ScriptArgs call = new ScriptArgs();
			call.key(build);
			sources.forEach(call::key);
			call.arg(unit)
				.arg(ActivityLimits.MAX_BOARD_SCORE_EARLIEST)
				.arg(BUILD_TTL)
				.arg(board)
				.arg(cursor)
				.arg(written)
				.arg(this.unitsPerCall);
			if (unit != 0) {
				for (LocalDate day : days) {
					call.arg(start(day) - origin);
				}
			}
			long started = System.nanoTime();
			List<Object> reply = this.chunk.run(this.connectionFactory, call);
			this.longestCall.accumulateAndGet(System.nanoTime() - started, Math::max);
			this.calls.incrementAndGet();
			board = RedisReplies.asLong(reply.get(0));
			cursor = RedisReplies.asString(reply.get(1));
			written = RedisReplies.asLong(reply.get(2));
		}
		return written;
	}

	/** Delete the parts of a failed build now rather than when they expire. */
	private void discard(List<String> builds) {
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			for (String build : builds) {
				connection.keyCommands().unlink(build.getBytes(StandardCharsets.UTF_8));
			}
		}
		catch (RuntimeException ex) {
			// they expire after BUILD_TTL
		}
	}

	private long start(LocalDate day) {
		return day.atStartOfDay(this.zone).toInstant().toEpochMilli();
	}

	/** A name no other build uses, for the temporary keys of one build. */
	static String token() {
		return UUID.randomUUID().toString().substring(0, 8);
	}

	/**
	 * The claim on a board's rebuild that a build runs under ({@code rolling-state.lua}).
	 */
	interface Claim {

		/**
		 * The claim's generation, which the fence of each shard names while no newer
		 * claim was made.
		 * @return the generation
		 */
		long generation();

		/**
		 * Renew the claim when it is due (a call when it is not costs nothing); called
		 * before each call of the build.
		 * @return {@code false} once another instance took the claim over: the build
		 * stops
		 */
		boolean renew();

	}

}
