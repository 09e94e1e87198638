package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiFunction;

import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.BoardSource;
import io.github.activityrank.engine.RollingBoards;
import io.github.activityrank.engine.RollingWindow;
import io.github.activityrank.engine.UserErasure;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The rolling boards on Redis: each the sum of the day boards of its window, on each
 * shard, read like any board ({@link ShardedBoards}) once built.
 * <p>
 * Before a read, the board's age decides: younger than the refresh interval (known to
 * this instance, or read from the state hash), it is read as it is. Older, the reader
 * claims its rebuild ({@code rolling-state.lua}); the instance that gets the claim
 * rebuilds it ({@link RollingBuilder}) before it reads, once per refresh interval over
 * every instance. A reader that does not get the claim reads the board in place while it
 * is younger than twice the interval, and otherwise (or when no board was ever built)
 * waits for the rebuild under way while its builder renews the claim, and takes the claim
 * over when it saw no renewal for as long as a claim holds. So a read answers a board
 * built at most the refresh interval ago, or twice that while another instance rebuilds
 * it, and never one built before today's start, whose window ends on another day.
 * <p>
 * The builder renews its claim as its calls go (a third of the claim's time after the
 * last renewal), so a rebuild longer than the claim keeps it. Each claim has a
 * generation, written on every shard before the build starts; a part is put in place only
 * under the generation its shard names, and the build stops at its next renewal once
 * another instance took the claim over. So one instance builds a board at a time, and a
 * build whose instance stalled past its claim puts nothing in place after its successor
 * began.
 */
public class RedisRollingBoards implements RollingBoards, UserErasure {

	private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

	private static final Log logger = LogFactory.getLog(RedisRollingBoards.class);

	private final RedisConnectionFactory connectionFactory;

	private final ShardMap shards;

	private final ActivityCalendar calendar;

	private final List<Integer> days;

	private final long refresh;

	/** How long a claim holds without a renewal, ms. */
	private final long hold;

	private final ShardedBoards reads;

	private final RollingBuilder builder;

	private final LuaScript state = LuaScript.load("rolling-state.lua");

	/** Per board name, when the board in place was built, as last learnt. */
	private final Map<String, Long> built = new ConcurrentHashMap<>();

	private final AtomicLong builds = new AtomicLong();

	private final WarnOnce failures = new WarnOnce(logger, "further failed rebuilds are logged at debug level");

	/**
	 * Create the rolling boards.
	 * @param connectionFactory connections to Redis (a cluster, or one server)
	 * @param shards the shards and their keys
	 * @param calendar today, the zone and the application's clock
	 * @param order how boards order and number their members
	 * @param days the windows, in days, 1 to
	 * {@link io.github.activityrank.ActivityLimits#MAX_HISTORY_DAYS}
	 * @param refresh how often a board is rebuilt at most
	 */
	public RedisRollingBoards(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			BoardOrder order, List<Integer> days, Duration refresh) {
		this(connectionFactory, shards, calendar, order, days, refresh, refresh, RollingBuilder.CHUNK);
	}

	/**
	 * Rolling boards whose claims hold {@code claim} without a renewal and whose builds
	 * do about {@code unitsPerCall} units of work per call.
	 */
	RedisRollingBoards(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			BoardOrder order, List<Integer> days, Duration refresh, Duration claim, int unitsPerCall) {
		this.connectionFactory = connectionFactory;
		this.shards = shards;
		this.calendar = calendar;
		this.days = List.copyOf(days);
		this.refresh = refresh.toMillis();
		this.hold = claim.toMillis();
		this.reads = new ShardedBoards(connectionFactory, shards, calendar, order);
		this.builder = new RollingBuilder(connectionFactory, new BoardLayout(order, calendar.zone()), calendar.zone(),
				unitsPerCall);
	}

	@Override
	public List<Integer> days() {
		return this.days;
	}

	@Override
	public BoardSource rolling(int days) {
		return read(Window.global(check(days)));
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Each scope id read gets boards of its own, named in the registry of scoped boards
	 * ({@link RollingKeys#scoped}) so that a removal finds them; like every rolling board
	 * they expire a day after their last rebuild.
	 */
	@Override
	public BoardSource rolling(int days, String kind, String scopeId) {
		return read(Window.scoped(check(days), kind, RankKeys.encode(scopeId)));
	}

	private BoardSource read(Window board) {
		fresh(board);
		return this.reads.source((keys) -> RollingKeys.board(keys, board.name()));
	}

	/**
	 * How many rebuilds this instance made.
	 * @return the count since the start
	 */
	public long builds() {
		return this.builds.get();
	}

	/**
	 * Take a user off every rolling board, global and scoped (those of the registry,
	 * built in the last two days); their dense companions are built anew.
	 */
	@Override
	public long erase(String userId) {
		RankKeys keys = this.shards.keys(this.shards.shardOf(userId));
		byte[] member = bytes(RankKeys.encode(userId));
		long changed = 0;
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			List<String> names = new ArrayList<>();
			this.days.forEach((window) -> names.add(Integer.toString(window)));
			Set<byte[]> scoped = connection.zSetCommands()
				.zRange(bytes(RollingKeys.scoped(this.shards.keys(0))), 0, -1);
			if (scoped != null) {
				scoped.forEach((name) -> names.add(new String(name, StandardCharsets.UTF_8)));
			}
			for (String name : names) {
				BoardKeys board = RollingKeys.board(keys, name);
				Long removed = connection.zSetCommands().zRem(bytes(board.key()), member);
				if (removed != null && removed > 0) {
					changed++;
					connection.keyCommands().del(bytes(board.dense()), bytes(board.building()));
				}
			}
		}
		return changed;
	}

	/** Make sure the board in place is fresh enough to read, rebuilding it if need be. */
	private void fresh(Window board) {
		long now = this.calendar.now().toEpochMilli();
		Long known = this.built.get(board.name());
		if (known != null && now - known < freshFor(now, this.refresh)) {
			return;
		}
		long beat = -1;
		long deadline = 0;
		String takeOver = "";
		while (true) {
			long[] reply = state(stateKey(0, board), "claim", now, takeOver);
			if (reply[0] == 0) {
				this.built.put(board.name(), reply[1]);
				return;
			}
			if (reply[0] == 1) {
				if (rebuildOrKeep(board, now, reply[1], reply[2])) {
					return;
				}
				// another instance took the claim over: read or wait as for any claim
			}
			else if (reply[1] >= 0 && now - reply[1] < freshFor(now, 2 * this.refresh)) {
				// another instance rebuilds: a board of the last two intervals serves
				return;
			}
			else if (reply[3] != beat) {
				// a new or renewed claim (its builder is alive): wait a claim's time
				beat = reply[3];
				deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(this.hold);
			}
			takeOver = (beat >= 0 && System.nanoTime() - deadline > 0) ? Long.toString(beat) : "";
			if (reply[0] != 1 && takeOver.isEmpty()) {
				LockSupport.parkNanos(POLL_NANOS);
			}
			now = this.calendar.now().toEpochMilli();
		}
	}

	/**
	 * Rebuild; when that fails and a board was built before, answer that board (the claim
	 * expires after a claim's time, and a later read tries again).
	 * @return {@code false} when another instance took the claim over
	 */
	private boolean rebuildOrKeep(Window board, long now, long built, long generation) {
		try {
			return rebuild(board, now, generation);
		}
		catch (RuntimeException ex) {
			if (built < 0) {
				throw ex;
			}
			this.failures.log("The rebuild of the rolling board " + board.name() + " failed; reads answer the "
					+ "board built at " + Instant.ofEpochMilli(built) + " until a rebuild succeeds (a rebuild must "
					+ "finish within the Redis command timeout, see docs/rolling.md): " + ex.getMessage(), ex);
			return true;
		}
	}

	/**
	 * Build the board of the window ending today, as the day boards are now, under the
	 * claim of that generation.
	 * @return {@code false} when another instance took the claim over
	 */
	private boolean rebuild(Window board, long now, long generation) {
		String token = RollingBuilder.token();
		List<LocalDate> window = RollingWindow.days(this.calendar.today(), board.days());
		List<List<String>> sources = new ArrayList<>();
		List<BoardKeys> targets = new ArrayList<>();
		List<String> builds = new ArrayList<>();
		List<String> fences = new ArrayList<>();
		for (int s = 0; s < this.shards.shards(); s++) {
			RankKeys keys = this.shards.keys(s);
			sources.add(window.stream().map((day) -> board.dayBoard().apply(keys, day)).toList());
			targets.add(RollingKeys.board(keys, board.name()));
			builds.add(RollingKeys.build(keys, board.name(), token));
			fences.add(stateKey(s, board));
		}
		// every shard names this claim before any part is built: an older build still
		// running is refused its swaps everywhere
		for (String fence : fences) {
			if (state(fence, "fence", now, Long.toString(generation))[0] != 1) {
				return lost(board);
			}
		}
		if (board.scoped()) {
			register(board, now);
		}
		long started = System.nanoTime();
		long members = this.builder.build(window, sources, targets, builds, fences,
				new HeldClaim(board, generation, now));
		if (members == RollingBuilder.LOST) {
			return lost(board);
		}
		if (logger.isDebugEnabled()) {
			logger.debug("Rebuilt the rolling board " + board.name() + " in "
					+ TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) + " ms: "
					+ ((members >= 0) ? members + " members" : "a part's build went missing, the board before stays")
					+ "; the longest call of the builder so far took "
					+ TimeUnit.NANOSECONDS.toMillis(this.builder.longestCallNanos()) + " ms");
		}
		long[] reply = state(stateKey(0, board), "done", now, Long.toString(generation));
		if (reply[0] != 1) {
			return lost(board);
		}
		this.built.put(board.name(), reply[1]);
		this.builds.incrementAndGet();
		return true;
	}

	private boolean lost(Window board) {
		logger.debug("The rebuild of the rolling board " + board.name() + " stopped: another instance took its "
				+ "claim over (this one did not renew it within " + this.hold + " ms)");
		return false;
	}

	/**
	 * Name a scoped board in the registry before its build, and forget those not built
	 * for two days (gone since, {@link RollingBuilder#BOARD_TTL}).
	 */
	private void register(Window board, long now) {
		byte[] registry = bytes(RollingKeys.scoped(this.shards.keys(0)));
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			connection.zSetCommands().zAdd(registry, now, bytes(board.name()));
			connection.zSetCommands().zRemRangeByScore(registry, 0, now - 2 * RollingBuilder.BOARD_TTL);
		}
	}

	private String stateKey(int shard, Window board) {
		return RollingKeys.state(this.shards.keys(shard), board.name());
	}

	/** The age below which a board is read: interval, and only if built today. */
	private long freshFor(long now, long interval) {
		long today = this.calendar.today().atStartOfDay(this.calendar.zone()).toInstant().toEpochMilli();
		return Math.max(0, Math.min(interval, now - today));
	}

	/** One call of {@code rolling-state.lua}: { outcome, built, generation, beat }. */
	private long[] state(String key, String operation, long now, String generationOrBeat) {
		ScriptArgs call = new ScriptArgs();
		call.key(key);
		call.arg(operation).arg(now).arg(freshFor(now, this.refresh)).arg(this.hold).arg(RollingBuilder.BOARD_TTL);
		call.arg(generationOrBeat);
		List<Object> reply = this.state.run(this.connectionFactory, call);
		long[] values = new long[4];
		for (int i = 0; i < values.length; i++) {
			values[i] = RedisReplies.asLong(reply.get(i));
		}
		return values;
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * This instance's claim on one board's rebuild, renewed when a third of a claim's
	 * time passed since the last renewal, by the application's clock or the JVM's.
	 */
	private final class HeldClaim implements RollingBuilder.Claim {

		private final Window board;

		private final long generation;

		private long renewedAt;

		private long renewedNanos = System.nanoTime();

		HeldClaim(Window board, long generation, long claimedAt) {
			this.board = board;
			this.generation = generation;
			this.renewedAt = claimedAt;
		}

		@Override
		public long generation() {
			return this.generation;
		}

		@Override
		public boolean renew() {
			long now = RedisRollingBoards.this.calendar.now().toEpochMilli();
			long third = RedisRollingBoards.this.hold / 3;
			if (now - this.renewedAt < third
					&& System.nanoTime() - this.renewedNanos < TimeUnit.MILLISECONDS.toNanos(third)) {
				return true;
			}
			this.renewedAt = now;
			this.renewedNanos = System.nanoTime();
			return state(stateKey(0, this.board), "renew", now, Long.toString(this.generation))[0] == 1;
		}

	}

	/**
	 * One rolling board: its name in the keys and the day boards it sums, named on each
	 * shard (a scoped board names its scope's day boards).
	 */
	private record Window(String name, int days, BiFunction<RankKeys, LocalDate, String> dayBoard) {

		static Window global(int days) {
			return new Window(Integer.toString(days), days, (keys, day) -> keys.board(Period.DAY, day));
		}

		/** The board of one scope id: {@code 7:category:java}. */
		static Window scoped(int days, String kind, String encodedId) {
			return new Window(days + ":" + kind + ":" + encodedId, days,
					(keys, day) -> new ScopeKeys(keys).scopeBoard(kind, encodedId, Period.DAY, day));
		}

		boolean scoped() {
			return this.name.indexOf(':') >= 0;
		}

	}

}
