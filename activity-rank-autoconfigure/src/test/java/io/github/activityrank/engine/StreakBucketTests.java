package io.github.activityrank.engine;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.github.activityrank.Streak;
import io.github.activityrank.test.RedisKeysCleaner;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConnection;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How streak data are laid out (docs/streaks.md): fields of bucket hashes that Redis
 * keeps listpack-encoded, a 58-byte field per user for the header and its latest year and
 * a 46-byte field per earlier year, so that no value exceeds 64 bytes; Java reads the
 * bucket the script wrote; removing a user leaves the bucket's other users alone.
 */
class StreakBucketTests {

	private static final LocalTime NOON = LocalTime.NOON;

	private static StreakFixture fixture(LocalDate first, int buckets) {
		return new StreakFixture(first.atTime(NOON), Set.of("check-in"), Map.of(7, 20L), EngineFixture.factory(), 1,
				buckets);
	}

	@Test
	void aYearIsOneFieldOfA12ByteHeaderAnd46BytesAndAnEarlierYearMovesToAFieldOf46() {
		LocalDate jan1 = LocalDate.of(2028, 1, 1);
		try (StreakFixture engine = fixture(jan1, StreakSettings.DEFAULT_BUCKETS)) {
			for (int d = 0; d < 366; d++) {
				engine.checkIn("ann", jan1.plusDays(d).atTime(NOON));
			}
			assertThat(engine.streaks.streak("ann")).isEqualTo(new Streak(366, 366, LocalDate.of(2028, 12, 31)));
			assertThat(engine.streaks.activeDays("ann", jan1, LocalDate.of(2028, 12, 31))).hasSize(366);
			assertThat(fields(engine)).containsExactly(Map.entry("ann", 12L + 46));
			// the next year's first day: last year's bits move to a field of their own
			engine.checkIn("ann", LocalDate.of(2029, 1, 1).atTime(NOON));
			assertThat(fields(engine)).containsExactly(Map.entry("ann", 12L + 46), Map.entry("ann:2028", 46L));
			assertThat(engine.streaks.streak("ann")).isEqualTo(new Streak(367, 367, LocalDate.of(2029, 1, 1)));
			assertThat(engine.streaks.activeDays("ann", LocalDate.of(2028, 12, 30), LocalDate.of(2029, 1, 31)))
				.containsExactly(LocalDate.of(2028, 12, 30), LocalDate.of(2028, 12, 31), LocalDate.of(2029, 1, 1));
		}
	}

	@Test
	void yearsWithoutActivityHaveNoFieldAndALateDayOfAnEarlierYearIsMarked() {
		LocalDate day = LocalDate.of(2026, 6, 1);
		try (StreakFixture engine = fixture(day, StreakSettings.DEFAULT_BUCKETS)) {
			engine.checkIn("ann", day.atTime(NOON));
			engine.checkIn("ann", LocalDate.of(2028, 3, 1).atTime(NOON));
			assertThat(fields(engine)).containsExactly(Map.entry("ann", 12L + 46), Map.entry("ann:2026", 46L));
			assertThat(engine.streaks.activeDays("ann", LocalDate.of(2027, 6, 1), LocalDate.of(2028, 5, 31)))
				.containsExactly(LocalDate.of(2028, 3, 1));
			assertThat(engine.streaks.activeDays("ann", LocalDate.of(2026, 1, 1), LocalDate.of(2026, 12, 31)))
				.containsExactly(day);
			// a late award of a day before the first year (a relay catching up) gets
			// that year's field; the run stays
			engine.checkIn("ann", LocalDate.of(2025, 12, 31).atTime(NOON));
			assertThat(fields(engine)).containsExactly(Map.entry("ann", 12L + 46), Map.entry("ann:2025", 46L),
					Map.entry("ann:2026", 46L));
			assertThat(engine.streaks.activeDays("ann", LocalDate.of(2025, 12, 1), LocalDate.of(2026, 6, 30)))
				.containsExactly(LocalDate.of(2025, 12, 31), day);
			// and one of the latest year sets its bit in the user's own field
			engine.checkIn("ann", LocalDate.of(2028, 2, 29).atTime(NOON));
			engine.clock.set(LocalDate.of(2028, 3, 1).atTime(NOON));
			assertThat(engine.streaks.streak("ann")).isEqualTo(new Streak(1, 1, LocalDate.of(2028, 3, 1)));
			assertThat(engine.streaks.activeDays("ann", LocalDate.of(2028, 2, 28), LocalDate.of(2028, 3, 1)))
				.containsExactly(LocalDate.of(2028, 2, 29), LocalDate.of(2028, 3, 1));
			// removing the user deletes every field the header names, the earliest too
			engine.service.removeUser("ann");
			assertThat(fields(engine)).isEmpty();
		}
	}

	@Test
	void aBucketOfManyUsersOverSeveralYearsStaysAListpack() {
		LocalDate first = LocalDate.of(2026, 1, 1);
		try (StreakFixture engine = fixture(first, 1)) {
			List<String> users = new ArrayList<>();
			for (int u = 0; u < 25; u++) {
				users.add("user-" + u);
			}
			// four years of each of 25 users: 100 fields in the one bucket
			for (int year = 0; year < 4; year++) {
				for (int d : new int[] { 0, 2 }) {
					for (String user : users) {
						engine.checkIn(user, first.plusYears(year).plusDays(d).atTime(NOON));
					}
				}
			}
			List<String> buckets = bucketKeys(engine);
			assertThat(buckets).hasSize(1);
			assertThat(fields(engine)).hasSize(100);
			// the compact encoding: listpack since Redis 7, ziplist on 6.2
			assertThat(encoding(engine, buckets.get(0))).isIn("listpack", "ziplist");
			for (String user : users) {
				assertThat(engine.streaks.activeDays(user, LocalDate.of(2029, 1, 1), LocalDate.of(2029, 12, 31)))
					.containsExactly(LocalDate.of(2029, 1, 1), LocalDate.of(2029, 1, 3));
				assertThat(engine.streaks.activeDays(user, LocalDate.of(2027, 1, 1), LocalDate.of(2027, 12, 31)))
					.containsExactly(LocalDate.of(2027, 1, 1), LocalDate.of(2027, 1, 3));
			}
		}
	}

	@Test
	void removeUserLeavesTheOtherUsersOfTheBucketAlone() {
		LocalDate dec31 = LocalDate.of(2026, 12, 31);
		try (StreakFixture engine = fixture(dec31, 1)) {
			for (String user : List.of("ann", "bob")) {
				engine.checkIn(user, dec31.atTime(NOON));
				engine.checkIn(user, dec31.plusDays(1).atTime(NOON));
			}
			engine.service.removeUser("ann");
			assertThat(fields(engine)).containsOnlyKeys("bob", "bob:2026");
			assertThat(engine.streaks.streak("ann")).isEqualTo(new Streak(0, 0, null));
			assertThat(engine.streaks.streak("bob")).isEqualTo(new Streak(2, 2, dec31.plusDays(1)));
			assertThat(engine.streaks.activeDays("bob", dec31, dec31.plusDays(1))).containsExactly(dec31,
					dec31.plusDays(1));
		}
	}

	@Test
	void everyUserIdIsReadFromTheBucketItWasWrittenTo() {
		LocalDate day = LocalDate.of(2026, 5, 5);
		// 7 buckets, not a power of two; ids encoded or not, short and long
		try (StreakFixture engine = fixture(day, 7)) {
			List<String> users = new ArrayList<>();
			for (int u = 0; u < 150; u++) {
				users.add((u % 3 == 0) ? "ü-" + u
						: (u % 3 == 1) ? Integer.toString(u * 7919) : "user.name+" + u + "@x.org");
			}
			for (String user : users) {
				engine.checkIn(user, day.atTime(NOON));
			}
			assertThat(bucketKeys(engine)).hasSize(7);
			for (String user : users) {
				assertThat(engine.streaks.streak(user)).as(user).isEqualTo(new Streak(1, 1, day));
			}
		}
	}

	@Test
	void aCappedRuleFindsTheBucketAfterTheWeekAndMonthHashes() {
		LocalDate day = LocalDate.of(2026, 5, 5);
		// a capped rule makes the call pass week and month hashes before each bucket key
		try (StreakFixture engine = new StreakFixture(day.atTime(NOON), Set.of("quiz", "check-in"), Map.of(2, 5L))) {
			for (int d = 0; d < 2; d++) {
				engine.clock.set(day.plusDays(d).atTime(NOON));
				engine.service.award("ann", "q" + d, "quiz");
				engine.checkIn("bob", day.plusDays(d).atTime(NOON));
			}
			assertThat(engine.streaks.streak("ann")).isEqualTo(new Streak(2, 2, day.plusDays(1)));
			assertThat(engine.streaks.streak("bob")).isEqualTo(new Streak(2, 2, day.plusDays(1)));
			assertThat(engine.total("ann")).isEqualTo(3 + 3 + 5);
			assertThat(fields(engine)).containsOnlyKeys("ann", "bob");
		}
	}

	private static List<String> bucketKeys(StreakFixture engine) {
		return RedisKeysCleaner.keys(engine.connections, engine.keys.tag() + ":streak-bucket:*");
	}

	/** Every field of every bucket with its value's length, by field. */
	private static Map<String, Long> fields(StreakFixture engine) {
		Map<String, Long> fields = new TreeMap<>();
		try (RedisConnection connection = engine.connections.getConnection()) {
			for (String bucket : bucketKeys(engine)) {
				byte[] key = bucket.getBytes(StandardCharsets.UTF_8);
				connection.hashCommands()
					.hGetAll(key)
					.forEach((field, value) -> fields.put(new String(field, StandardCharsets.UTF_8),
							(long) value.length));
			}
		}
		return fields;
	}

	private static String encoding(StreakFixture engine, String key) {
		try (RedisConnection connection = engine.connections.getConnection()) {
			Object reply = connection.execute("OBJECT", "ENCODING".getBytes(StandardCharsets.UTF_8),
					key.getBytes(StandardCharsets.UTF_8));
			return new String((byte[]) reply, StandardCharsets.UTF_8);
		}
	}

}
