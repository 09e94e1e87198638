package io.github.activityrank.engine;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;

import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Periods follow the calendar of the configured zone (Asia/Shanghai, UTC+8), and TTLs are
 * set once.
 */
class PeriodBoundaryTests {

	// Sunday 31 May 2026, 23:59:30 in Shanghai: end of a day, an ISO week and a month at
	// once.
	private final EngineFixture engine = EngineFixture.forumRules(LocalDateTime.of(2026, 5, 31, 23, 59, 30));

	@AfterEach
	void cleanUp() {
		this.engine.close();
	}

	private long score(Period period, LocalDate day) {
		return this.engine.service.board(period, day).rankOf("u1").map(RankEntry::score).orElse(0L);
	}

	@Test
	void awardsJustBeforeAndAfterLocalMidnightGoToDifferentDaysWeeksAndMonths() {
		LocalDate sunday = LocalDate.of(2026, 5, 31);
		LocalDate monday = LocalDate.of(2026, 6, 1);
		assertThat(this.engine.calendar.today()).isEqualTo(sunday);
		this.engine.service.award("u1", "before", 3);

		this.engine.clock.advance(Duration.ofSeconds(60));
		assertThat(this.engine.calendar.today()).isEqualTo(monday);
		this.engine.service.award("u1", "after", 5);

		assertThat(score(Period.DAY, sunday)).isEqualTo(3);
		assertThat(score(Period.DAY, monday)).isEqualTo(5);
		assertThat(score(Period.WEEK, sunday)).isEqualTo(3);
		assertThat(score(Period.WEEK, monday)).isEqualTo(5);
		assertThat(score(Period.MONTH, sunday)).isEqualTo(3);
		assertThat(score(Period.MONTH, monday)).isEqualTo(5);
		assertThat(score(Period.TOTAL, monday)).isEqualTo(8);
	}

	@Test
	void theDayFollowsTheConfiguredZoneNotUtc() {
		// 23:59:30 in Shanghai is 15:59:30 UTC: still the same UTC day after crossing
		// local midnight
		this.engine.service.award("u1", "before", 3);
		this.engine.clock.advance(Duration.ofSeconds(60));
		this.engine.service.award("u1", "after", 5);

		assertThat(this.engine.storedKeys()).contains(this.engine.keys.tag() + ":day:20260531",
				this.engine.keys.tag() + ":day:20260601", this.engine.keys.tag() + ":week:2026-W22",
				this.engine.keys.tag() + ":week:2026-W23", this.engine.keys.tag() + ":month:2026-05",
				this.engine.keys.tag() + ":month:2026-06");
	}

	@Test
	void weekRunsMondayToSunday() {
		this.engine.clock.set(LocalDateTime.of(2026, 11, 23, 0, 0, 1)); // Monday
		this.engine.service.award("u1", "mon", 1);
		this.engine.clock.set(LocalDateTime.of(2026, 11, 29, 23, 59)); // Sunday
		this.engine.service.award("u1", "sun", 2);

		assertThat(score(Period.WEEK, LocalDate.of(2026, 11, 25))).isEqualTo(3);
		assertThat(score(Period.WEEK, LocalDate.of(2026, 11, 30))).isZero();
	}

	@Test
	void keysGetTheirTtlWhenCreatedAndLaterWritesNeverPushItForward() {
		this.engine.clock.set(LocalDateTime.of(2026, 11, 30, 8, 0));
		this.engine.service.award("u1", "first", 1);
		String day = this.engine.keys.board(Period.DAY, LocalDate.of(2026, 11, 30));
		String record = this.engine.keys.record(LocalDate.of(2026, 11, 30), "u1");
		long dayTtl = this.engine.pttl(day);
		long recordTtl = this.engine.pttl(record);
		// the day ends at 16:00 after 08:00 local, then 31 days of retention
		assertThat(dayTtl).isBetween(Duration.ofHours(16).plusDays(31).toMillis() - 60_000,
				Duration.ofHours(16).plusDays(31).toMillis());
		assertThat(recordTtl).isPositive();

		// an earlier clock would compute a longer TTL: it must not be applied to existing
		// keys
		this.engine.clock.set(LocalDateTime.of(2026, 11, 30, 2, 0));
		this.engine.service.award("u1", "second", 1);
		this.engine.service.award("u2", "first", 1);

		assertThat(this.engine.pttl(day)).isLessThanOrEqualTo(dayTtl);
		assertThat(this.engine.pttl(record)).isLessThanOrEqualTo(recordTtl);
		assertThat(this.engine.pttl(this.engine.keys.board(Period.TOTAL, LocalDate.of(2026, 11, 30)))).isEqualTo(-1);
		assertThat(this.engine.pttl(this.engine.keys.board(Period.MONTH, LocalDate.of(2026, 11, 30))))
			.isGreaterThan(Duration.ofDays(365).toMillis());
	}

	@Test
	void earlierBoardsStayReadableWhileRetained() {
		this.engine.service.award("u1", "old", 4);
		this.engine.clock.advance(Duration.ofDays(10));

		assertThat(this.engine.service.board(Period.DAY, LocalDate.of(2026, 5, 31)).top(5)).extracting(RankEntry::score)
			.containsExactly(4L);
		assertThat(this.engine.service.board(Period.DAY).top(5)).isEmpty();
	}

}
