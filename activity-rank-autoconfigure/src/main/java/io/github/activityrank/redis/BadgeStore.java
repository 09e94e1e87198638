package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.Badge;
import io.github.activityrank.BadgeService;
import io.github.activityrank.Level;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BadgeDefinition;
import io.github.activityrank.engine.BadgeSettings;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.support.InputCheck;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import static io.github.activityrank.redis.RedisReplies.asLong;

/**
 * {@link BadgeService} on Redis, and the grants made outside an award: the top badges
 * when a board ends. Each user's badges are read from the user's shard
 * ({@link BadgeKeys}); a level is computed from the points of the levels' board, so it
 * always follows them; holders are summed over the shards.
 */
public class BadgeStore implements BadgeService {

	private final LuaScript top = LuaScript.load("badge-top.lua");

	private final LuaScript restore = LuaScript.load("badge-top-restore.lua");

	private final BadgeSources redis;

	/**
	 * Create the store.
	 * @param connectionFactory connections to Redis
	 * @param shards the shards and their keys
	 * @param calendar today, for the levels' board of a period
	 * @param order how boards order their members (whether scores hold a time part)
	 * @param settings the levels and badges
	 */
	public BadgeStore(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			BoardOrder order, BadgeSettings settings) {
		this.redis = new BadgeSources(connectionFactory, shards, calendar, order, settings);
	}

	@Override
	public List<Badge> badges(String userId) {
		checkUser(userId);
		BadgeKeys keys = keysOf(userId);
		String member = RankKeys.encode(userId);
		Map<String, String> fields = new LinkedHashMap<>();
		withConnection((connection) -> {
			// the badges awards earned, then those the ends of boards granted
			for (String hash : List.of(keys.hash(member), keys.topHash(member))) {
				Map<byte[], byte[]> held = connection.hashCommands().hGetAll(bytes(hash));
				if (held != null) {
					held.forEach(
							(field, value) -> fields.put(RedisReplies.asString(field), RedisReplies.asString(value)));
				}
			}
			return null;
		});
		List<Badge> badges = new ArrayList<>();
		for (BadgeDefinition badge : this.redis.settings().badges()) {
			String value = fields.get(badge.name());
			if (value != null) {
				String[] parts = value.split(":");
				badges.add(new Badge(badge.name(), Integer.parseInt(parts[0]),
						Instant.ofEpochMilli(Long.parseLong(parts[1])), Long.parseLong(parts[2])));
			}
		}
		return List.copyOf(badges);
	}

	@Override
	public Level level(String userId) {
		return levels(List.of(userId)).get(userId);
	}

	@Override
	public Map<String, Level> levels(Collection<String> userIds) {
		if (userIds.size() > ActivityLimits.MAX_PAGE_SIZE) {
			throw new IllegalArgumentException(
					"At most " + ActivityLimits.MAX_PAGE_SIZE + " users at once, not " + userIds.size());
		}
		userIds.forEach(BadgeStore::checkUser);
		List<List<String>> byShard = new ArrayList<>();
		for (int s = 0; s < this.redis.shards().shards(); s++) {
			byShard.add(new ArrayList<>());
		}
		userIds.forEach((userId) -> byShard.get(this.redis.shards().shardOf(userId)).add(userId));
		LocalDate today = this.redis.calendar().today();
		Map<String, Long> points = new LinkedHashMap<>();
		withConnection((connection) -> {
			for (int s = 0; s < byShard.size(); s++) {
				List<String> users = byShard.get(s);
				if (users.isEmpty()) {
					continue;
				}
				byte[] board = bytes(this.redis.shards().keys(s).board(this.redis.settings().levelPeriod(), today));
				byte[][] members = users.stream().map((u) -> bytes(RankKeys.encode(u))).toArray(byte[][]::new);
				List<Double> scores = connection.zSetCommands().zMScore(board, members);
				for (int u = 0; u < users.size(); u++) {
					Double score = (scores != null) ? scores.get(u) : null;
					points.put(users.get(u), (score != null) ? this.redis.layout().points(score) : 0L);
				}
			}
			return null;
		});
		Map<String, Level> levels = new LinkedHashMap<>();
		for (String userId : userIds) {
			levels.put(userId, levelOf(points.getOrDefault(userId, 0L)));
		}
		return levels;
	}

	private Level levelOf(long points) {
		int number = this.redis.settings().levelOf(points);
		List<Long> at = this.redis.settings().levels();
		Long next = (number < at.size()) ? at.get(number) : null;
		return new Level(number, this.redis.settings().nameOf(number), points, next);
	}

	@Override
	public long holders(String badge) {
		return holders(badge, 1);
	}

	@Override
	public long holders(String badge, int tier) {
		BadgeDefinition definition = this.redis.settings().badge(badge);
		if (definition == null) {
			throw new IllegalArgumentException("No badge '" + badge + "' is configured under activity-rank.badges");
		}
		if (tier < 1) {
			throw new IllegalArgumentException("A tier is 1 or more, not " + tier);
		}
		return withConnection((connection) -> {
			long sum = 0;
			for (RankKeys keys : this.redis.shards().allKeys()) {
				Long count = connection.zSetCommands()
					.zCount(bytes(new BadgeKeys(keys).holders(definition)), tier, Double.POSITIVE_INFINITY);
				sum += (count != null) ? count : 0;
			}
			return sum;
		});
	}

	/**
	 * Grant a top badge to a user for a board that ended, once per board.
	 * @param userId the user
	 * @param badge the badge's name
	 * @param board the board's id, such as {@code week:2026-11-16}
	 * @param at when the board ended
	 * @return {@code true} when this call granted it
	 */
	public boolean grantTop(String userId, String badge, String board, Instant at) {
		String member = RankKeys.encode(userId);
		BadgeKeys keys = keysOf(userId);
		ScriptArgs call = new ScriptArgs();
		call.key(keys.topHash(member));
		call.key(keys.topHolders(badge));
		call.arg(member).arg(badge).arg(board).arg(at.toEpochMilli());
		return asLong(this.top.run(this.redis.connectionFactory(), call).get(0)) > 0;
	}

	/**
	 * Restore a top badge as the ledger recorded it, unless Redis counts as many grants
	 * or the user was removed after it was granted (a removal racing the rebuild wins).
	 * @param userId the user
	 * @param badge the badge's name
	 * @param board the last board that granted it
	 * @param at when that board ended
	 * @param times how often the user earned it
	 * @return {@code true} when this call wrote it
	 */
	public boolean restoreTop(String userId, String badge, String board, Instant at, long times) {
		String member = RankKeys.encode(userId);
		BadgeKeys keys = keysOf(userId);
		ScriptArgs call = new ScriptArgs();
		call.key(keys.topHash(member));
		call.key(keys.topHolders(badge));
		call.key(UserRemoval.marker(rankKeysOf(userId), member));
		call.arg(member).arg(badge).arg(board).arg(at.toEpochMilli()).arg(times);
		return asLong(this.restore.run(this.redis.connectionFactory(), call).get(0)) > 0;
	}

	/**
	 * The settings the store reads with.
	 * @return the levels and badges
	 */
	public BadgeSettings settings() {
		return this.redis.settings();
	}

	/** Where the store reads from, which the retroactive grants read from too. */
	BadgeSources sources() {
		return this.redis;
	}

	private static void checkUser(String userId) {
		String problem = InputCheck.userIdProblem(userId);
		if (problem != null) {
			throw new IllegalArgumentException(problem);
		}
	}

	private BadgeKeys keysOf(String userId) {
		return new BadgeKeys(rankKeysOf(userId));
	}

	private RankKeys rankKeysOf(String userId) {
		return this.redis.shards().keys(this.redis.shards().shardOf(userId));
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	private <T> T withConnection(Function<RedisConnection, T> action) {
		try (RedisConnection connection = this.redis.connectionFactory().getConnection()) {
			return action.apply(connection);
		}
	}

}
