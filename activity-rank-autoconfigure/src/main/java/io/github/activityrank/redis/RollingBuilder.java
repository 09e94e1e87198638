package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.UUID;

import io.github.activityrank.ActivityLimits;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.zset.Aggregate;
import org.springframework.data.redis.connection.zset.Weights;

/**
 * Builds one rolling board from the boards of its days, on every shard: each shard's part
 * under a temporary name first, then every part put in place by a rename
 * ({@code rolling-swap.lua}), so a read sees a whole board, the one before or the one
 * after. The boards it sums are given per shard, so any day boards (global or scoped)
 * make a rolling board alike.
 * <p>
 * With plain points a shard's part is one {@code ZUNIONSTORE}, summing in Redis; with the
 * earliest tie-break, {@code rolling-earliest.lua} sums the points and keeps the time of
 * each member's last award of the window, counted from the window's start.
 */
final class RollingBuilder {

	/** How long a build that is never put in place stays, ms. */
	static final long BUILD_TTL = Duration.ofHours(1).toMillis();

	/** How long a rolling board lives when no read rebuilds it, ms. */
	static final long BOARD_TTL = Duration.ofDays(1).toMillis();

	private final LuaScript earliest = LuaScript.load("rolling-earliest.lua");

	private final LuaScript swap = LuaScript.load("rolling-swap.lua");

	private final RedisConnectionFactory connectionFactory;

	private final BoardLayout layout;

	private final ZoneId zone;

	RollingBuilder(RedisConnectionFactory connectionFactory, BoardLayout layout, ZoneId zone) {
		this.connectionFactory = connectionFactory;
		this.layout = layout;
		this.zone = zone;
	}

	/**
	 * Build a rolling board and put it in place.
	 * @param days the window's days, oldest first
	 * @param sources per shard, the boards of those days, in the same order
	 * @param targets per shard, the rolling board
	 * @param builds per shard, the temporary name of its build
	 * @return the members put in place over the shards; -1 when a part could not be put
	 * in place because its build was gone (expired after {@link #BUILD_TTL})
	 */
	long build(List<LocalDate> days, List<List<String>> sources, List<BoardKeys> targets, List<String> builds) {
		long[] members = new long[targets.size()];
		for (int s = 0; s < targets.size(); s++) {
			members[s] = this.layout.timed() ? buildEarliest(days, sources.get(s), builds.get(s))
					: buildPlain(sources.get(s), builds.get(s));
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
			call.arg((members[s] > 0) ? "1" : "0").arg(BOARD_TTL);
			complete &= RedisReplies.asLong(this.swap.run(this.connectionFactory, call).get(0)) == 1;
			total += members[s];
		}
		return complete ? total : -1;
	}

	/** One ZUNIONSTORE: Redis sums the points. */
	private long buildPlain(List<String> sources, String build) {
		byte[][] sets = sources.stream().map(RollingBuilder::bytes).toArray(byte[][]::new);
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			Long members = connection.zSetCommands()
				.zUnionStore(bytes(build), Aggregate.SUM, Weights.fromSetCount(sets.length), sets);
			if (members != null && members > 0) {
				connection.keyCommands().pExpire(bytes(build), BUILD_TTL);
			}
			return (members != null) ? members : 0;
		}
	}

	/**
	 * The points summed and each member's last award of the window kept, in one script.
	 */
	private long buildEarliest(List<LocalDate> days, List<String> sources, String build) {
		long origin = start(days.get(0));
		// the time part counts 2^32 units: milliseconds cover 49 days (with an hour for a
		// change of clocks), seconds any longer window
		long windowMillis = Duration.ofDays(days.size()).plusHours(1).toMillis();
		ScriptArgs call = new ScriptArgs();
		call.key(build);
		sources.forEach(call::key);
		call.arg((windowMillis < BoardLayout.TIME_SPAN) ? 1 : 1000)
			.arg(ActivityLimits.MAX_BOARD_SCORE_EARLIEST)
			.arg(BUILD_TTL);
		for (LocalDate day : days) {
			call.arg(start(day) - origin);
		}
		return RedisReplies.asLong(this.earliest.run(this.connectionFactory, call).get(0));
	}

	private long start(LocalDate day) {
		return day.atStartOfDay(this.zone).toInstant().toEpochMilli();
	}

	/** A name no other build uses, for the temporary keys of one build. */
	static String token() {
		return UUID.randomUUID().toString().substring(0, 8);
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
