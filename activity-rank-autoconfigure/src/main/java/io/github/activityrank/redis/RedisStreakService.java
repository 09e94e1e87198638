package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
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
 * (docs/streaks.md): a user's string (run record and the bits of every year) lives in the
 * user's shard, the board is read over every shard ({@link StreakBoard}).
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
		byte[] key = bytes(keysOf(userId).user(RankKeys.encode(userId)));
		byte[] header = withConnection((c) -> c.stringCommands().getRange(key, 0, StreakValue.HEADER - 1));
		return StreakValue.streak(header, this.calendar.today());
	}

	@Override
	public List<LocalDate> activeDays(String userId, LocalDate from, LocalDate to) {
		if (from == null || to == null || to.isBefore(from) || ChronoUnit.DAYS.between(from, to) >= MAX_DAYS) {
			throw new IllegalArgumentException("activeDays reads from one day to a later one, at most " + MAX_DAYS
					+ " days per call; got " + from + " to " + to);
		}
		byte[] key = bytes(keysOf(userId).user(RankKeys.encode(userId)));
		return StreakValue.activeDays(withConnection((c) -> c.stringCommands().get(key)), from, to);
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
