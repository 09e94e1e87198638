package io.github.activityrank.engine;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.activityrank.RankEntry;
import io.github.activityrank.Streak;
import io.github.activityrank.test.RedisKeysCleaner;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Streaks on a real Redis with a moved clock: day boundaries in the configured zone,
 * breaks that nothing writes, milestones once per streak, rules, concurrency, the board
 * and removal.
 */
class StreakTests {

	private static final LocalTime NOON = LocalTime.NOON;

	private static StreakFixture fixture(LocalDate first) {
		return new StreakFixture(first.atTime(NOON), Set.of("check-in", "comment"), Map.of(7, 20L, 30, 100L));
	}

	private static void checkInDays(StreakFixture engine, String user, LocalDate first, int days) {
		for (int d = 0; d < days; d++) {
			engine.checkIn(user, first.plusDays(d).atTime(NOON));
		}
	}

	@Test
	void streakRunsAcrossAMonthEndAndAWholeDayWithoutActivityBreaksIt() {
		LocalDate jan30 = LocalDate.of(2026, 1, 30);
		try (StreakFixture engine = fixture(jan30)) {
			checkInDays(engine, "ann", jan30, 3);
			assertThat(engine.streaks.streak("ann")).isEqualTo(new Streak(3, 3, LocalDate.of(2026, 2, 1)));
			// Feb 2 is not over: the streak is still alive
			engine.clock.set(LocalDate.of(2026, 2, 2).atTime(23, 59));
			assertThat(engine.streaks.streak("ann").current()).isEqualTo(3);
			// Feb 2 passed without activity: broken, although nothing was written
			engine.clock.set(LocalDate.of(2026, 2, 3).atTime(0, 1));
			assertThat(engine.streaks.streak("ann")).isEqualTo(new Streak(0, 3, LocalDate.of(2026, 2, 1)));
			engine.checkIn("ann", LocalDate.of(2026, 2, 3).atTime(NOON));
			assertThat(engine.streaks.streak("ann")).isEqualTo(new Streak(1, 3, LocalDate.of(2026, 2, 3)));
		}
	}

	@Test
	void streakRunsAcrossAYearEndAndActiveDaysReadBothYears() {
		LocalDate dec30 = LocalDate.of(2026, 12, 30);
		try (StreakFixture engine = fixture(dec30)) {
			checkInDays(engine, "ann", dec30, 3);
			assertThat(engine.streaks.streak("ann").current()).isEqualTo(3);
			assertThat(engine.streaks.activeDays("ann", LocalDate.of(2026, 12, 1), LocalDate.of(2027, 1, 31)))
				.containsExactly(dec30, LocalDate.of(2026, 12, 31), LocalDate.of(2027, 1, 1));
			assertThat(engine.streaks.activeDays("ann", LocalDate.of(2027, 1, 1), LocalDate.of(2027, 1, 1)))
				.containsExactly(LocalDate.of(2027, 1, 1));
		}
	}

	@Test
	void streakRunsAcrossALeapDay() {
		LocalDate feb28 = LocalDate.of(2028, 2, 28);
		try (StreakFixture engine = fixture(feb28)) {
			checkInDays(engine, "ann", feb28, 3);
			assertThat(engine.streaks.streak("ann")).isEqualTo(new Streak(3, 3, LocalDate.of(2028, 3, 1)));
			assertThat(engine.streaks.activeDays("ann", feb28, LocalDate.of(2028, 3, 31))).containsExactly(feb28,
					LocalDate.of(2028, 2, 29), LocalDate.of(2028, 3, 1));
		}
	}

	@Test
	void streakRunsAcrossADaylightSavingChange() {
		// Berlin moves to summer time on 2026-03-29 (a 23-hour day) and back on
		// 2026-10-25
		try (StreakFixture engine = fixture(LocalDate.of(2026, 3, 28))) {
			engine.checkIn("ann", LocalDateTime.of(2026, 3, 28, 23, 30));
			engine.checkIn("ann", LocalDateTime.of(2026, 3, 29, 0, 30));
			engine.checkIn("ann", LocalDateTime.of(2026, 3, 30, 23, 59));
			engine.checkIn("bob", LocalDateTime.of(2026, 10, 24, 23, 30));
			engine.checkIn("bob", LocalDateTime.of(2026, 10, 25, 23, 30));
			assertThat(engine.streaks.streak("bob").current()).isEqualTo(2);
			engine.clock.set(LocalDateTime.of(2026, 3, 30, 23, 59));
			assertThat(engine.streaks.streak("ann")).isEqualTo(new Streak(3, 3, LocalDate.of(2026, 3, 30)));
		}
	}

	@Test
	void theTimeZoneDecidesTheDay() {
		try (StreakFixture engine = fixture(LocalDate.of(2026, 6, 1))) {
			// 23:30 and 00:30 in Berlin are one UTC day (21:30, 22:30) but two days here
			engine.checkIn("ann", LocalDateTime.of(2026, 6, 1, 23, 30));
			engine.checkIn("ann", LocalDateTime.of(2026, 6, 2, 0, 30));
			assertThat(engine.streaks.streak("ann").current()).isEqualTo(2);
			assertThat(engine.streaks.activeDays("ann", LocalDate.of(2026, 6, 1), LocalDate.of(2026, 6, 2)))
				.containsExactly(LocalDate.of(2026, 6, 1), LocalDate.of(2026, 6, 2));
		}
	}

	@Test
	void twoAwardsOnOneDayCountOnce() {
		LocalDate day = LocalDate.of(2026, 5, 5);
		try (StreakFixture engine = fixture(day)) {
			engine.checkIn("ann", day.atTime(9, 0));
			engine.service.award("ann", "post-1", "comment");
			engine.service.award("ann", "post-2", "comment");
			assertThat(engine.streaks.streak("ann")).isEqualTo(new Streak(1, 1, day));
			assertThat(engine.streaks.activeDays("ann", day.minusDays(3), day.plusDays(3))).containsExactly(day);
		}
	}

	@Test
	void onlyTheConfiguredRulesMakeADayActiveAndARevokeDoesNotUndoIt() {
		LocalDate day = LocalDate.of(2026, 5, 5);
		try (StreakFixture engine = fixture(day)) {
			engine.service.award("ann", "post-1", "praise");
			engine.service.award("ann", "x", 5);
			assertThat(engine.streaks.streak("ann")).isEqualTo(new Streak(0, 0, null));
			assertThat(engine.streaks.board().rankOf("ann")).isEmpty();
			engine.service.award("ann", "post-2", "comment");
			engine.service.revoke("ann", "post-2", "comment");
			assertThat(engine.streaks.streak("ann")).isEqualTo(new Streak(1, 1, day));
		}
	}

	@Test
	void emptyRulesMeanAnyAward() {
		LocalDate day = LocalDate.of(2026, 5, 5);
		try (StreakFixture engine = new StreakFixture(day.atTime(NOON), Set.of(), Map.of())) {
			engine.service.award("ann", "post-1", "praise");
			engine.service.award("bob", "x", 5);
			assertThat(engine.streaks.streak("ann").current()).isEqualTo(1);
			assertThat(engine.streaks.streak("bob").current()).isEqualTo(1);
		}
	}

	@Test
	void milestonesPayOncePerStreakAndAgainAfterABreak() {
		LocalDate first = LocalDate.of(2026, 1, 1);
		try (StreakFixture engine = fixture(first)) {
			checkInDays(engine, "ann", first, 6);
			assertThat(engine.total("ann")).isEqualTo(6);
			engine.checkIn("ann", first.plusDays(6).atTime(NOON));
			assertThat(engine.total("ann")).isEqualTo(7 + 20);
			// a second check-in on day 7 pays nothing more
			engine.service.award("ann", "post-1", "comment");
			assertThat(engine.total("ann")).isEqualTo(7 + 20 + 3);
			checkInDays(engine, "ann", first.plusDays(7), 23);
			assertThat(engine.streaks.streak("ann").current()).isEqualTo(30);
			assertThat(engine.total("ann")).isEqualTo(30 + 20 + 3 + 100);
			checkInDays(engine, "ann", first.plusDays(30), 5);
			assertThat(engine.total("ann")).isEqualTo(35 + 20 + 3 + 100);
			// a whole day off, then seven days again: the 7-day bonus once more, not the
			// 30-day one
			checkInDays(engine, "ann", first.plusDays(36), 7);
			assertThat(engine.streaks.streak("ann")).isEqualTo(new Streak(7, 35, first.plusDays(42)));
			assertThat(engine.total("ann")).isEqualTo(42 + 20 + 3 + 100 + 20);
		}
	}

	@Test
	void fiftyThreadsOnOneDayGiveOneActiveDayAndOneBonus() throws Exception {
		LocalDate day = LocalDate.of(2026, 5, 5);
		try (StreakFixture engine = new StreakFixture(day.atTime(NOON), Set.of("comment"), Map.of(1, 5L))) {
			ExecutorService pool = Executors.newFixedThreadPool(50);
			try {
				List<Future<?>> done = new ArrayList<>();
				for (int t = 0; t < 50; t++) {
					String field = "post-" + t;
					done.add(pool.submit(() -> engine.service.award("ann", field, "comment")));
				}
				for (Future<?> future : done) {
					future.get(30, TimeUnit.SECONDS);
				}
			}
			finally {
				pool.shutdown();
			}
			assertThat(engine.streaks.streak("ann")).isEqualTo(new Streak(1, 1, day));
			assertThat(engine.streaks.activeDays("ann", day, day)).containsExactly(day);
			assertThat(engine.total("ann")).isEqualTo(50 * 3 + 5);
		}
	}

	@Test
	void theBoardRanksLiveStreaksEarlierStartFirstAndDropsBrokenOnes() {
		LocalDate first = LocalDate.of(2026, 4, 1);
		try (StreakFixture engine = fixture(first)) {
			checkInDays(engine, "ann", first, 5); // Apr 1-5
			checkInDays(engine, "bob", first.plusDays(1), 4); // Apr 2-5
			checkInDays(engine, "cid", first.plusDays(1), 3); // Apr 2-4, alive on Apr 5
			checkInDays(engine, "dan", first, 2); // Apr 1-2, broken by Apr 5
			checkInDays(engine, "eve", first.plusDays(2), 2); // Apr 3-4: ties with...
																// nobody
			engine.clock.set(first.plusDays(4).atTime(20, 0));
			engine.pruning.prune(); // as at the start of each day
			List<RankEntry> top = engine.streaks.board().top(10);
			assertThat(top).extracting(RankEntry::id).containsExactly("ann", "bob", "cid", "eve");
			assertThat(top).extracting(RankEntry::score).containsExactly(5L, 4L, 3L, 2L);
			assertThat(top.get(0).details()).isEqualTo(first);
			// a tie of length: the streak that started earlier ranks first
			engine.checkIn("eve", first.plusDays(4).atTime(21, 0)); // Apr 3-5: 3 days,
																	// started after cid
			engine.clock.set(first.plusDays(5).atTime(8, 0)); // Apr 6: cid (ended Apr 4)
																// is broken
			engine.pruning.prune();
			assertThat(engine.streaks.board().top(10)).extracting(RankEntry::id).containsExactly("ann", "bob", "eve");
			assertThat(engine.streaks.board().size()).isEqualTo(3);
			assertThat(engine.streaks.board().rankOf("eve")).get().extracting(RankEntry::rank).isEqualTo(3L);
			assertThat(engine.streaks.board().rankOf("cid")).isEmpty();
			assertThat(engine.streaks.board().around("bob", 1)).extracting(RankEntry::id)
				.containsExactly("ann", "bob", "eve");
		}
	}

	@Test
	void equalLengthsRankTheEarlierStartFirst() {
		LocalDate first = LocalDate.of(2026, 4, 1);
		try (StreakFixture engine = fixture(first)) {
			checkInDays(engine, "zed", first, 2); // Apr 1-2, alive on Apr 3
			checkInDays(engine, "amy", first.plusDays(1), 2); // Apr 2-3
			engine.clock.set(first.plusDays(2).atTime(22, 0));
			assertThat(engine.streaks.board().top(5)).extracting(RankEntry::id).containsExactly("zed", "amy");
		}
	}

	@Test
	void activeDaysRefusesMoreThanAYear() {
		try (StreakFixture engine = fixture(LocalDate.of(2026, 1, 1))) {
			assertThatIllegalArgumentException()
				.isThrownBy(() -> engine.streaks.activeDays("ann", LocalDate.of(2025, 1, 1), LocalDate.of(2026, 1, 2)));
			assertThatIllegalArgumentException()
				.isThrownBy(() -> engine.streaks.activeDays("ann", LocalDate.of(2026, 1, 2), LocalDate.of(2026, 1, 1)));
			assertThat(engine.streaks.activeDays("ann", LocalDate.of(2025, 1, 1), LocalDate.of(2025, 12, 31)))
				.isEmpty();
		}
	}

	@Test
	void removeUserDeletesTheStreakData() {
		LocalDate dec31 = LocalDate.of(2026, 12, 31);
		try (StreakFixture engine = fixture(dec31)) {
			checkInDays(engine, "ann", dec31, 2);
			checkInDays(engine, "bob", dec31.plusDays(1), 1);
			engine.service.removeUser("ann");
			assertThat(engine.streaks.streak("ann")).isEqualTo(new Streak(0, 0, null));
			assertThat(engine.streaks.activeDays("ann", dec31, dec31.plusDays(1))).isEmpty();
			assertThat(engine.streaks.board().top(10)).extracting(RankEntry::id).containsExactly("bob");
			// but the removal marker, which refuses her awards made before the removal
			assertThat(RedisKeysCleaner.keys(engine.connections, engine.keys.pattern()))
				.filteredOn((key) -> !key.equals(engine.keys.tag() + ":removed:ann"))
				.noneMatch((key) -> key.contains("ann"));
		}
	}

}
