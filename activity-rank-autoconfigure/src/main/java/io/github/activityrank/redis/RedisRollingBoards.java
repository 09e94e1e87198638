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
 * waits for the rebuild under way, at most as long as a claim holds. So a read answers a
 * board built at most the refresh interval ago, or twice that while another instance
 * rebuilds it.
 */
public class RedisRollingBoards implements RollingBoards, UserErasure {

	private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

	private static final Log logger = LogFactory.getLog(RedisRollingBoards.class);

	private final RedisConnectionFactory connectionFactory;

	private final ShardMap shards;

	private final ActivityCalendar calendar;

	private final List<Integer> days;

	private final long refresh;

	private final ShardedBoards reads;

	private final RollingBuilder builder;

	private final LuaScript state = LuaScript.load("rolling-state.lua");

	/**
	 * Per board name, when the board in place was built, as this instance last learnt.
	 */
	private final Map<String, Long> built = new ConcurrentHashMap<>();

	private final AtomicLong builds = new AtomicLong();

	private final WarnOnce failures = new WarnOnce(logger, "further failed rebuilds are logged at debug level");

	/**
	 * Create the rolling boards.
	 * @param connectionFactory connections to Redis (a cluster, or one server)
	 * @param shards the shards and their keys
	 * @param calendar today, the zone and the application's clock
	 * @param order how boards order and number their members
	 * @param days the windows, in days, 1 to {@link RollingWindow#MAX_DAYS}
	 * @param refresh how often a board is rebuilt at most
	 */
	public RedisRollingBoards(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			BoardOrder order, List<Integer> days, Duration refresh) {
		this.connectionFactory = connectionFactory;
		this.shards = shards;
		this.calendar = calendar;
		this.days = List.copyOf(days);
		this.refresh = refresh.toMillis();
		this.reads = new ShardedBoards(connectionFactory, shards, calendar, order);
		this.builder = new RollingBuilder(connectionFactory, new BoardLayout(order, calendar.zone()), calendar.zone());
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
		if (known != null && now - known < this.refresh) {
			return;
		}
		long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(this.refresh);
		while (true) {
			long[] reply = state(board, "claim", now);
			if (reply[0] == 0) {
				this.built.put(board.name(), reply[1]);
				return;
			}
			if (reply[0] == 1 || System.nanoTime() > deadline) {
				rebuildOrKeep(board, now, reply[1]);
				return;
			}
			// another instance rebuilds it: a board of the last interval or two serves
			if (reply[1] >= 0 && now - reply[1] < 2 * this.refresh) {
				return;
			}
			LockSupport.parkNanos(POLL_NANOS);
			now = this.calendar.now().toEpochMilli();
		}
	}

	/**
	 * Rebuild; when that fails and a board was built before, answer that board (the claim
	 * expires after the refresh interval, and a later read tries again).
	 */
	private void rebuildOrKeep(Window board, long now, long built) {
		try {
			rebuild(board, now);
		}
		catch (RuntimeException ex) {
			if (built < 0) {
				throw ex;
			}
			this.failures.log("The rebuild of the rolling board " + board.name() + " failed; reads answer the "
					+ "board built at " + Instant.ofEpochMilli(built) + " until a rebuild succeeds (a rebuild must "
					+ "finish within the Redis command timeout, see docs/rolling.md): " + ex.getMessage(), ex);
		}
	}

	/** Build the board of the window ending today, as the day boards are now. */
	private void rebuild(Window board, long now) {
		String token = RollingBuilder.token();
		List<LocalDate> window = RollingWindow.days(this.calendar.today(), board.days());
		List<List<String>> sources = new ArrayList<>();
		List<BoardKeys> targets = new ArrayList<>();
		List<String> builds = new ArrayList<>();
		for (RankKeys keys : this.shards.allKeys()) {
			sources.add(window.stream().map((day) -> board.dayBoard().apply(keys, day)).toList());
			targets.add(RollingKeys.board(keys, board.name()));
			builds.add(RollingKeys.build(keys, board.name(), token));
		}
		if (board.scoped()) {
			register(board, now);
		}
		long started = System.nanoTime();
		long members = this.builder.build(window, sources, targets, builds);
		if (logger.isDebugEnabled()) {
			logger.debug("Rebuilt the rolling board " + board.name() + " in "
					+ TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) + " ms: "
					+ ((members >= 0) ? members + " members" : "a part's build went missing, the board before stays")
					+ "; the longest call of the builder so far took "
					+ TimeUnit.NANOSECONDS.toMillis(this.builder.longestCallNanos()) + " ms");
		}
		long[] reply = state(board, "done", now);
		this.built.put(board.name(), reply[1]);
		this.builds.incrementAndGet();
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

	private long[] state(Window board, String operation, long now) {
		ScriptArgs call = new ScriptArgs();
		call.key(RollingKeys.state(this.shards.keys(0), board.name()));
		call.arg(operation).arg(now).arg(this.refresh).arg(this.refresh).arg(RollingBuilder.BOARD_TTL);
		List<Object> reply = this.state.run(this.connectionFactory, call);
		return new long[] { RedisReplies.asLong(reply.get(0)), RedisReplies.asLong(reply.get(1)) };
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
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
