package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.github.activityrank.Leaderboard;
import io.github.activityrank.Streak;
import io.github.activityrank.StreakService;
import io.github.activityrank.engine.ActivityCalendar;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link StreakService} on the keys the award script's streak module writes
 * (docs/streaks.md): a user's run record and yearly bitmaps live in the user's shard, the
 * board is read over every shard ({@link StreakBoard}).
 */
public class RedisStreakService implements StreakService {

	private final RedisConnectionFactory connectionFactory;

	private final ShardMap shards;

	private final ActivityCalendar calendar;

	private final StreakBoard board;

	/**
	 * Create the service.
	 * @param connectionFactory connections to Redis
	 * @param shards the shards and their keys
	 * @param calendar today in the configured zone
	 */
	public RedisStreakService(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar) {
		this.connectionFactory = connectionFactory;
		this.shards = shards;
		this.calendar = calendar;
		this.board = new StreakBoard(connectionFactory, shards, calendar);
	}

	@Override
	public Streak streak(String userId) {
		StreakKeys keys = keysOf(userId);
		byte[] value = withConnection((c) -> c.stringCommands().get(bytes(keys.record(RankKeys.encode(userId)))));
		if (value == null) {
			return new Streak(0, 0, null);
		}
		String[] parts = new String(value, StandardCharsets.UTF_8).split(",");
		long start = Long.parseLong(parts[0]);
		LocalDate last = LocalDate.ofEpochDay(Long.parseLong(parts[1]));
		int longest = Integer.parseInt(parts[2]);
		// alive until a whole day passes without activity
		boolean alive = !last.isBefore(this.calendar.today().minusDays(1));
		int current = alive ? (int) (last.toEpochDay() - start + 1) : 0;
		return new Streak(current, longest, last);
	}

	@Override
	public List<LocalDate> activeDays(String userId, LocalDate from, LocalDate to) {
		if (from == null || to == null || to.isBefore(from) || ChronoUnit.DAYS.between(from, to) >= MAX_DAYS) {
			throw new IllegalArgumentException("activeDays reads from one day to a later one, at most " + MAX_DAYS
					+ " days per call; got " + from + " to " + to);
		}
		StreakKeys keys = keysOf(userId);
		String member = RankKeys.encode(userId);
		List<LocalDate> days = new ArrayList<>();
		for (int year = from.getYear(); year <= to.getYear(); year++) {
			String key = keys.days(year, member);
			byte[] bits = withConnection((c) -> c.stringCommands().get(bytes(key)));
			if (bits == null) {
				continue;
			}
			LocalDate first = LocalDate.of(year, 1, 1);
			for (int b = 0; b < bits.length * 8; b++) {
				// SETBIT numbers bits from the most significant bit of the first byte
				if ((bits[b >> 3] & (0x80 >> (b & 7))) != 0) {
					LocalDate day = first.plusDays(b);
					if (!day.isBefore(from) && !day.isAfter(to)) {
						days.add(day);
					}
				}
			}
		}
		return days;
	}

	@Override
	public Leaderboard board() {
		return this.board;
	}

	private StreakKeys keysOf(String userId) {
		return new StreakKeys(this.shards.keys(this.shards.shardOf(userId)));
	}

	private <T> T withConnection(Function<RedisConnection, T> action) {
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			return action.apply(connection);
		}
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
