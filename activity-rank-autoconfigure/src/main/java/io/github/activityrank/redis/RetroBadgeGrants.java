package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.DoubleToLongFunction;

import io.github.activityrank.engine.BadgeDefinition;
import io.github.activityrank.engine.BadgeDefinition.Kind;
import io.github.activityrank.engine.BadgeGrants;

import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.Limit;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;

import static io.github.activityrank.redis.RedisReplies.asLong;

/**
 * Grants the badges users already qualify for, from what Redis holds, shard by shard:
 * points badges from the levels' board (as far back as that board reaches: all time for
 * {@code total}), streak badges from the current streaks on the streak board, count
 * badges from the per-user counters of their rule, which the award script keeps from the
 * moment a count badge of that rule is configured. Each grant is one call of
 * {@code badge-grant.lua}, which never lowers a tier; no event is published. With the
 * ledger on, {@code LedgerBadgeGrants} adds what the ledger records through
 * {@link #grant(String, BadgeDefinition, long)}.
 */
public class RetroBadgeGrants implements BadgeGrants {

	private static final int PAGE = 500;

	private final LuaScript grant = LuaScript.load("badge-grant.lua");

	private final BadgeSources redis;

	/**
	 * Create the grants, reading where the store reads: its Redis, shards, calendar (now,
	 * for the levels' board and the grants' instant), boards and badges.
	 * @param store the badge store
	 */
	public RetroBadgeGrants(BadgeStore store) {
		this.redis = store.sources();
	}

	@Override
	public long grantBadges() {
		Instant now = this.redis.calendar().now();
		long granted = 0;
		try (RedisConnection connection = this.redis.connectionFactory().getConnection()) {
			for (RankKeys keys : this.redis.shards().allKeys()) {
				BadgeKeys badgeKeys = new BadgeKeys(keys);
				String board = keys.board(this.redis.settings().levelPeriod(), this.redis.calendar().today());
				granted += fromBoard(connection, badgeKeys, board, Kind.POINTS, this.redis.layout()::points, now);
				granted += fromBoard(connection, badgeKeys, new StreakKeys(keys).board(), Kind.STREAK,
						(score) -> Math.round(score) / StreakBoard.SPAN, now);
				granted += fromCounters(connection, badgeKeys, now);
			}
		}
		return granted;
	}

	private long fromBoard(RedisConnection connection, BadgeKeys keys, String board, Kind kind,
			DoubleToLongFunction decode, Instant now) {
		List<BadgeDefinition> badges = of(kind);
		if (badges.isEmpty()) {
			return 0;
		}
		long granted = 0;
		byte[] key = board.getBytes(StandardCharsets.UTF_8);
		for (int offset = 0;; offset += PAGE) {
			Set<Tuple> page = connection.zSetCommands()
				.zRangeByScoreWithScores(key, Range.unbounded(), Limit.limit().offset(offset).count(PAGE));
			if (page == null || page.isEmpty()) {
				return granted;
			}
			for (Tuple member : page) {
				long value = decode.applyAsLong(member.getScore());
				String encoded = new String(member.getValue(), StandardCharsets.UTF_8);
				for (BadgeDefinition badge : badges) {
					granted += grant(connection, keys, encoded, badge, badge.tierOf(value), now);
				}
			}
		}
	}

	private long fromCounters(RedisConnection connection, BadgeKeys keys, Instant now) {
		List<BadgeDefinition> badges = of(Kind.COUNT);
		if (badges.isEmpty()) {
			return 0;
		}
		long granted = 0;
		ScanOptions options = ScanOptions.scanOptions().match(keys.hashPrefix() + "*").count(PAGE).build();
		try (Cursor<byte[]> cursor = connection.keyCommands().scan(options)) {
			while (cursor.hasNext()) {
				byte[] hash = cursor.next();
				String member = new String(hash, StandardCharsets.UTF_8).substring(keys.hashPrefix().length());
				for (BadgeDefinition badge : badges) {
					byte[] count = connection.hashCommands()
						.hGet(hash, counterField(badge).getBytes(StandardCharsets.UTF_8));
					long value = (count != null) ? Long.parseLong(new String(count, StandardCharsets.UTF_8)) : 0;
					granted += grant(connection, keys, member, badge, badge.tierOf(value), now);
				}
			}
		}
		return granted;
	}

	/**
	 * Grant a user the tier of a count or points badge that a value the ledger gives
	 * reaches, unless the user holds it or a higher one; for a count badge, also raise
	 * the counter Redis keeps of its rule to that count when it holds fewer, so the next
	 * tiers follow from there.
	 * @param userId the user
	 * @param badge a count or points badge
	 * @param value the user's standing awards of the badge's rule, or points on the
	 * levels' board
	 * @return how many tiers were granted: the tier less the one the user held
	 */
	public long grant(String userId, BadgeDefinition badge, long value) {
		RankKeys keys = this.redis.shards().keys(this.redis.shards().shardOf(userId));
		String counter = (badge.kind() == Kind.COUNT) ? counterField(badge) : "";
		try (RedisConnection connection = this.redis.connectionFactory().getConnection()) {
			return grant(connection, new BadgeKeys(keys), RankKeys.encode(userId), badge, badge.tierOf(value),
					this.redis.calendar().now(), counter, value);
		}
	}

	private long grant(RedisConnection connection, BadgeKeys keys, String member, BadgeDefinition badge, int tier,
			Instant now) {
		return (tier == 0) ? 0 : grant(connection, keys, member, badge, tier, now, "", 0);
	}

	private long grant(RedisConnection connection, BadgeKeys keys, String member, BadgeDefinition badge, int tier,
			Instant now, String counter, long count) {
		ScriptArgs call = new ScriptArgs();
		call.key(keys.hash(member));
		call.key(keys.holders(badge.name()));
		call.arg(member).arg(badge.name()).arg(tier).arg(now.toEpochMilli()).arg(counter).arg(count);
		List<Object> reply = this.grant.run(connection, call.keyCount(), call.keysAndArgs());
		return asLong(reply.get(0));
	}

	private static String counterField(BadgeDefinition badge) {
		return "#n:" + badge.rule();
	}

	private List<BadgeDefinition> of(Kind kind) {
		List<BadgeDefinition> badges = new ArrayList<>();
		for (BadgeDefinition badge : this.redis.settings().badges()) {
			if (badge.kind() == kind) {
				badges.add(badge);
			}
		}
		return badges;
	}

}
