package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.function.Function;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.Streak;
import io.github.activityrank.StreakService;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ActivityObservations;
import io.github.activityrank.engine.BoardKind;
import io.github.activityrank.engine.CheckedLeaderboard;
import io.github.activityrank.engine.ObservationsAware;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link StreakService} on the keys the award script's streak module writes
 * (docs/streaks.md): a user's fields (run record and the bits of every year) live in one
 * bucket hash of the user's shard, the board is read over every shard
 * ({@link StreakBoard}) behind the same {@link CheckedLeaderboard} as every board. Broken
 * streaks leave the board through {@link StreakPruning}.
 */
public class RedisStreakService implements StreakService, ObservationsAware {

	private final RedisConnectionFactory connectionFactory;

	private final ShardMap shards;

	private final ActivityCalendar calendar;

	private final Leaderboard unobserved;

	private volatile Leaderboard board;

	private final StreakBuckets buckets;

	/**
	 * Create the service.
	 * @param connectionFactory connections to Redis
	 * @param shards the shards and their keys
	 * @param calendar today in the configured zone
	 * @param buckets the number of bucket hashes per shard, as the award script was given
	 * it ({@code activity-rank.streaks.buckets})
	 */
	public RedisStreakService(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			int buckets) {
		this.connectionFactory = connectionFactory;
		this.shards = shards;
		this.calendar = calendar;
		// no user lookup: a streak entry's details are the day the streak started
		this.unobserved = new CheckedLeaderboard(new StreakBoard(connectionFactory, shards, calendar), null);
		this.board = this.unobserved;
		this.buckets = new StreakBuckets(buckets);
	}

	@Override
	public Streak streak(String userId) {
		String member = RankKeys.encode(userId);
		byte[] key = bytes(bucketOf(userId, member));
		byte[] record = withConnection((c) -> c.hashCommands().hGet(key, bytes(member)));
		return StreakValue.streak(record, this.calendar.today());
	}

	@Override
	public List<LocalDate> activeDays(String userId, LocalDate from, LocalDate to) {
		if (from == null || to == null || to.isBefore(from)
				|| ChronoUnit.DAYS.between(from, to) >= ActivityLimits.MAX_HISTORY_DAYS) {
			throw new IllegalArgumentException("activeDays reads from one day to a later one, at most "
					+ ActivityLimits.MAX_HISTORY_DAYS + " days per call; got " + from + " to " + to);
		}
		String member = RankKeys.encode(userId);
		byte[] key = bytes(bucketOf(userId, member));
		// the user's own field and those of the one or two years asked for, in one HMGET
		List<byte[]> values = withConnection((c) -> c.hashCommands()
			.hMGet(key, bytes(member), bytes(StreakBuckets.yearField(member, from.getYear())),
					bytes(StreakBuckets.yearField(member, to.getYear()))));
		return StreakValue.activeDays(values.get(0), (year) -> values.get((year == from.getYear()) ? 1 : 2), from, to);
	}

	@Override
	public Leaderboard board() {
		return this.board;
	}

	/**
	 * Observe reads of the streak board.
	 * @param observations where observations go
	 */
	@Override
	public void setObservations(ActivityObservations observations) {
		this.board = (observations != null) ? observations.board(this.unobserved, BoardKind.STREAK, null)
				: this.unobserved;
	}

	private String bucketOf(String userId, String member) {
		return new StreakKeys(this.shards.keys(this.shards.shardOf(userId))).bucket(this.buckets.of(member));
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
