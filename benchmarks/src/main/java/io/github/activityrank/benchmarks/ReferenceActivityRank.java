package io.github.activityrank.benchmarks;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The baseline: the naive award algorithm of the reference design (shared/reference
 * 000/001), rebuilt here in our own code through Spring Data Redis, one blocking round
 * trip per step.
 * <p>
 * Layout: a hash {@code <prefix>_<user>_<yyyyMMdd>} per user per day holding field &rarr;
 * points, a day board {@code <prefix>_<yyyyMMdd>} and a month board
 * {@code <prefix>_<yyyyMM>}.
 * <p>
 * Award: HGET the field; if absent, HSET it, EXPIRE the hash (31 days), ZINCRBY the day
 * board and the month board, and when the day score equals the points just added (the
 * user's first award of the day) check the TTL of both boards and EXPIRE those that have
 * none. Revoke: HGET; if positive, HDEL, and if that removed it, ZINCRBY both boards by
 * minus the points. Not atomic, as the reference admits; kept that way because it is what
 * is being compared against.
 */
final class ReferenceActivityRank {

	private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyyMMdd");

	private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("yyyyMM");

	private static final Duration RECORD_TTL = Duration.ofDays(31);

	private static final Duration DAY_BOARD_TTL = Duration.ofDays(31);

	private static final Duration MONTH_BOARD_TTL = Duration.ofDays(12 * 30);

	private final StringRedisTemplate redis;

	private final String prefix;

	private final ZoneId zone;

	ReferenceActivityRank(StringRedisTemplate redis, String prefix, ZoneId zone) {
		this.redis = redis;
		this.prefix = prefix;
		this.zone = zone;
	}

	/** Award {@code points} (positive) or take them back ({@code points} negative). */
	void addActivityScore(String userId, String field, int points) {
		LocalDate today = LocalDate.now(this.zone);
		String dayBoard = dayBoard(today);
		String monthBoard = monthBoard(today);
		String recordKey = recordKey(userId, today);
		Object given = this.redis.opsForHash().get(recordKey, field);
		if (given == null) {
			if (points <= 0) {
				return;
			}
			this.redis.opsForHash().put(recordKey, field, Integer.toString(points));
			this.redis.expire(recordKey, RECORD_TTL);
			Double dayScore = this.redis.opsForZSet().incrementScore(dayBoard, userId, points);
			this.redis.opsForZSet().incrementScore(monthBoard, userId, points);
			if (dayScore != null && dayScore <= points) {
				expireIfPersistent(dayBoard, DAY_BOARD_TTL);
				expireIfPersistent(monthBoard, MONTH_BOARD_TTL);
			}
		}
		else if (Integer.parseInt(given.toString()) > 0 && points < 0) {
			Long removed = this.redis.opsForHash().delete(recordKey, field);
			if (removed != null && removed > 0) {
				this.redis.opsForZSet().incrementScore(dayBoard, userId, points);
				this.redis.opsForZSet().incrementScore(monthBoard, userId, points);
			}
		}
	}

	private void expireIfPersistent(String key, Duration ttl) {
		Long seconds = this.redis.getExpire(key);
		if (seconds == null || seconds <= 0) {
			this.redis.expire(key, ttl);
		}
	}

	String recordKey(String userId, LocalDate day) {
		return this.prefix + "_" + userId + "_" + DAY.format(day);
	}

	String dayBoard(LocalDate day) {
		return this.prefix + "_" + DAY.format(day);
	}

	String monthBoard(LocalDate day) {
		return this.prefix + "_" + MONTH.format(day);
	}

}
