package io.github.activityrank.engine;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.RuleTally;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.RedisActivityStore;
import io.github.activityrank.redis.RedisStores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConnection;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Weekly and monthly caps, per rule and over all rules: they clip like the daily caps,
 * follow ISO weeks and calendar months of the configured zone (Asia/Shanghai), and a
 * revoke gives back to the week and month the award was made in.
 */
class WeeklyAndMonthlyCapTests {

	static final Set<Period> PERIODS = EnumSet.of(Period.DAY, Period.WEEK, Period.MONTH);

	// "answer": 4 points, at most 10 a week; "comment": 3 points, at most 7 a month;
	// "tip": 4 points, at most 6 a day and 10 a week
	private static final Map<String, ScoringRule> RULES = Map.of("answer",
			new ScoringRule("answer", 4, false, null, 10L, null), "comment",
			new ScoringRule("comment", 3, false, null, null, 7L), "tip",
			new ScoringRule("tip", 4, false, 6L, 10L, null), "praise", new ScoringRule("praise", 2, false, null));

	private static final LocalDate SUNDAY = LocalDate.of(2026, 11, 29);

	private static final LocalDate MONDAY = LocalDate.of(2026, 11, 30);

	private static final LocalDate TUESDAY = LocalDate.of(2026, 12, 1);

	// Wednesday 25 November 2026, 10:00 in Shanghai: week 2026-W48 runs 23 to 29 November
	private final EngineFixture engine = new EngineFixture(LocalDateTime.of(2026, 11, 25, 10, 0), PERIODS, RULES, null,
			null);

	@AfterEach
	void cleanUp() {
		this.engine.close();
	}

	/**
	 * A service over the fixture's Redis, prefix and clock with caps over all rules,
	 * built as the auto-configuration builds it.
	 */
	static DefaultActivityRankService serviceWith(EngineFixture engine, Set<Period> periods, ActivityRules rules) {
		ActivityStore store = new CoalescingActivityStore(
				new RedisActivityStore(engine.connections, engine.keys, engine.calendar, periods),
				RedisActivityStore.MAX_BATCH, 2);
		return new DefaultActivityRankService(
				rules, store, new RedisStores(engine.connections, engine.shards, engine.calendar, BoardOrder.DEFAULT)
					.userRecords(periods, Map.of()),
				engine.boards, engine.calendar, periods, null, new ActivityRankCounters());
	}

	private AwardResult award(String field, String rule) {
		return this.engine.service.award("u1", field, rule);
	}

	private long score(Period period, LocalDate day) {
		return this.engine.service.board(period, day).rankOf("u1").map(RankEntry::score).orElse(0L);
	}

	private String field(Period period, LocalDate day, String field) {
		return field(this.engine, period, day, field);
	}

	private static String field(EngineFixture engine, Period period, LocalDate day, String field) {
		String key = engine.keys.tallies(period, day, "u1");
		try (RedisConnection connection = engine.connections.getConnection()) {
			byte[] value = connection.hashCommands()
				.hGet(key.getBytes(StandardCharsets.UTF_8), field.getBytes(StandardCharsets.UTF_8));
			return (value != null) ? new String(value, StandardCharsets.UTF_8) : null;
		}
	}

	private void at(LocalDate day, int hour, int minute, int second) {
		this.engine.clock.set(day.atTime(hour, minute, second));
	}

	@Test
	void ruleWeeklyCapClipsThenCapsOverTheDaysOfTheWeek() {
		at(LocalDate.of(2026, 11, 23), 9, 0, 0);
		assertThat(award("a1", "answer")).isEqualTo(new AwardResult(Outcome.AWARDED, 4, null));
		at(LocalDate.of(2026, 11, 25), 9, 0, 0);
		assertThat(award("a2", "answer").points()).isEqualTo(4);
		at(SUNDAY, 9, 0, 0);
		assertThat(award("a3", "answer")).isEqualTo(new AwardResult(Outcome.AWARDED, 2, null));
		assertThat(award("a4", "answer")).isEqualTo(new AwardResult(Outcome.CAPPED, 0, null));

		assertThat(score(Period.WEEK, SUNDAY)).isEqualTo(10);
		assertThat(this.engine.service.history("u1", SUNDAY, SUNDAY).get(0).awards()).containsOnlyKeys("a3");
		// other rules are not held back by this rule's cap
		assertThat(award("p1", "praise").outcome()).isEqualTo(Outcome.AWARDED);
	}

	@Test
	void weeklyCapStartsAgainAtLocalMidnightBetweenSundayAndMonday() {
		// 23:59:59 on Sunday in Shanghai is 15:59:59 UTC: the UTC week has days to go
		at(SUNDAY, 23, 59, 59);
		award("a1", "answer");
		award("a2", "answer");
		award("a3", "answer");
		assertThat(award("a4", "answer").outcome()).isEqualTo(Outcome.CAPPED);

		this.engine.clock.advance(Duration.ofSeconds(1));
		assertThat(this.engine.calendar.today()).isEqualTo(MONDAY);
		assertThat(award("a4", "answer")).isEqualTo(new AwardResult(Outcome.AWARDED, 4, null));

		assertThat(score(Period.WEEK, SUNDAY)).isEqualTo(10);
		assertThat(score(Period.WEEK, MONDAY)).isEqualTo(4);
	}

	@Test
	void ruleMonthlyCapClipsThenCapsAndStartsAgainOnTheFirstAtLocalMidnight() {
		at(LocalDate.of(2026, 11, 2), 12, 0, 0);
		assertThat(award("c1", "comment").points()).isEqualTo(3);
		at(MONDAY, 23, 59, 59);
		assertThat(award("c2", "comment").points()).isEqualTo(3);
		assertThat(award("c3", "comment")).isEqualTo(new AwardResult(Outcome.AWARDED, 1, null));
		assertThat(award("c4", "comment").outcome()).isEqualTo(Outcome.CAPPED);

		this.engine.clock.advance(Duration.ofSeconds(1));
		assertThat(this.engine.calendar.today()).isEqualTo(TUESDAY);
		assertThat(award("c4", "comment")).isEqualTo(new AwardResult(Outcome.AWARDED, 3, null));

		assertThat(score(Period.MONTH, MONDAY)).isEqualTo(7);
		assertThat(score(Period.MONTH, TUESDAY)).isEqualTo(3);
	}

	@Test
	void weeklyCapHoldsAcrossAMonthEdgeInsideTheWeek() {
		at(MONDAY, 20, 0, 0);
		award("a1", "answer");
		at(TUESDAY, 8, 0, 0);

		assertThat(award("a2", "answer").points()).isEqualTo(4);
		assertThat(award("a3", "answer").points()).isEqualTo(2);
		assertThat(award("a4", "answer").outcome()).isEqualTo(Outcome.CAPPED);
	}

	@Test
	void theSmallestAllowanceLeftOfTheDailyAndWeeklyCapsWins() {
		at(LocalDate.of(2026, 11, 23), 9, 0, 0);
		assertThat(award("t1", "tip").points()).isEqualTo(4);
		assertThat(award("t2", "tip").points()).isEqualTo(2); // daily cap 6
		assertThat(award("t3", "tip").outcome()).isEqualTo(Outcome.CAPPED);
		this.engine.clock.advance(Duration.ofDays(1));
		assertThat(award("t4", "tip").points()).isEqualTo(4); // the week is at 10 now
		assertThat(award("t5", "tip").outcome()).isEqualTo(Outcome.CAPPED);
		this.engine.clock.advance(Duration.ofDays(1));
		assertThat(award("t6", "tip").outcome()).isEqualTo(Outcome.CAPPED);
	}

	@Test
	void globalWeeklyAndMonthlyCapsCoverEveryRuleAndExplicitPoints() {
		DefaultActivityRankService service = serviceWith(this.engine, PERIODS,
				new ActivityRules(RULES, null, 12L, 20L));
		at(LocalDate.of(2026, 11, 23), 9, 0, 0);
		assertThat(service.award("u1", "bonus", 5).points()).isEqualTo(5);
		assertThat(service.award("u1", "p1", "praise").points()).isEqualTo(2);
		assertThat(service.award("u1", "a1", "answer").points()).isEqualTo(4);
		assertThat(service.award("u1", "a2", "answer")).isEqualTo(new AwardResult(Outcome.AWARDED, 1, null));
		assertThat(service.award("u1", "more", 3).outcome()).isEqualTo(Outcome.CAPPED);
		assertThat(service.award("u1", "p2", "praise").outcome()).isEqualTo(Outcome.CAPPED);

		// the next week has 12 again, but November only 8 more
		at(MONDAY, 9, 0, 0);
		assertThat(service.award("u1", "bonus", 7).points()).isEqualTo(7);
		assertThat(service.award("u1", "extra", 5)).isEqualTo(new AwardResult(Outcome.AWARDED, 1, null));
		at(TUESDAY, 9, 0, 0);
		assertThat(service.award("u1", "a3", "answer").points()).isEqualTo(4); // December
		at(MONDAY.plusDays(7), 9, 0, 0);
		assertThat(service.award("u1", "a4", "answer").points()).isEqualTo(4);
	}

	@Test
	void globalMonthlyCapLeavesWhatTheMonthHasLeft() {
		DefaultActivityRankService service = serviceWith(this.engine, PERIODS,
				new ActivityRules(RULES, null, null, 8L));
		at(LocalDate.of(2026, 11, 3), 9, 0, 0);
		service.award("u1", "bonus", 5);
		at(MONDAY, 9, 0, 0);
		assertThat(service.award("u1", "a1", "answer")).isEqualTo(new AwardResult(Outcome.AWARDED, 3, null));
		assertThat(service.award("u1", "p1", "praise").outcome()).isEqualTo(Outcome.CAPPED);
	}

	@Test
	void revokeInTheSameWeekGivesTheAllowanceBack() {
		award("a1", "answer");
		award("a2", "answer");
		award("a3", "answer");

		assertThat(this.engine.service.revoke("u1", "a3", "answer").points()).isEqualTo(2);
		assertThat(award("a4", "answer").points()).isEqualTo(2);
		this.engine.clock.advance(Duration.ofDays(1));
		assertThat(this.engine.service.revoke("u1", "a1", "answer").points()).isEqualTo(4);
		assertThat(award("a5", "answer").points()).isEqualTo(4);
		assertThat(award("a6", "answer").outcome()).isEqualTo(Outcome.CAPPED);
	}

	@Test
	void revokeOfAnAwardOfAnEarlierWeekGivesBackToThatWeek() {
		at(SUNDAY, 22, 0, 0);
		award("a1", "answer");
		award("a2", "answer");
		at(MONDAY, 1, 0, 0);
		award("b1", "answer");
		award("b2", "answer");
		award("b3", "answer");

		assertThat(this.engine.service.revoke("u1", "a1", "answer"))
			.isEqualTo(new AwardResult(Outcome.REVOKED, 4, null));

		// last week's counter and tally lost the award; this week is still full
		assertThat(field(Period.WEEK, SUNDAY, RankKeys.ruleCapField("answer"))).isEqualTo("4");
		assertThat(field(Period.WEEK, MONDAY, RankKeys.ruleCapField("answer"))).isEqualTo("10");
		assertThat(this.engine.service.summary("u1", Period.WEEK, SUNDAY).tally("answer"))
			.isEqualTo(new RuleTally(1, 4));
		assertThat(this.engine.service.summary("u1", Period.WEEK, MONDAY).tally("answer"))
			.isEqualTo(new RuleTally(3, 10));
		assertThat(award("b4", "answer").outcome()).isEqualTo(Outcome.CAPPED);
		assertThat(score(Period.WEEK, SUNDAY)).isEqualTo(4);
	}

	@Test
	void revokeOfAnAwardOfAnEarlierMonthGivesBackToThatMonth() {
		at(MONDAY, 23, 0, 0);
		award("c1", "comment");
		award("c2", "comment");
		at(TUESDAY, 0, 30, 0);
		award("d1", "comment");
		award("d2", "comment");
		award("d3", "comment");

		assertThat(this.engine.service.revoke("u1", "c2", "comment").points()).isEqualTo(3);

		assertThat(field(Period.MONTH, MONDAY, RankKeys.ruleCapField("comment"))).isEqualTo("3");
		assertThat(field(Period.MONTH, TUESDAY, RankKeys.ruleCapField("comment"))).isEqualTo("7");
		assertThat(award("d4", "comment").outcome()).isEqualTo(Outcome.CAPPED);
		assertThat(score(Period.MONTH, MONDAY)).isEqualTo(3);
		assertThat(score(Period.MONTH, TUESDAY)).isEqualTo(7);
	}

	@Test
	void revokeOfTheLastAwardOfAPeriodLeavesNoCounterBehind() {
		award("a1", "answer");
		this.engine.service.revoke("u1", "a1", "answer");

		assertThat(this.engine.storedKeys()).doesNotContain(this.engine.keys.tallies(Period.WEEK, SUNDAY, "u1"),
				this.engine.keys.tallies(Period.MONTH, SUNDAY, "u1"));
	}

	@Test
	void withoutWeeklyOrMonthlyCapsNoCounterIsKept() {
		award("p1", "praise");
		this.engine.service.award("u1", "bonus", 5);

		assertThat(field(Period.WEEK, SUNDAY, "#cap")).isNull();
		assertThat(field(Period.WEEK, SUNDAY, RankKeys.ruleCapField("praise"))).isNull();
		assertThat(field(Period.MONTH, SUNDAY, "#cap")).isNull();
	}

	@Test
	void penaltiesAreNeverCapped() {
		Map<String, ScoringRule> rules = Map.of("spam", new ScoringRule("spam", -5, false, null, 1L, 1L));
		DefaultActivityRankService service = serviceWith(this.engine, PERIODS, new ActivityRules(rules, null, 1L, 1L));
		service.award("u1", "seed", 1);

		assertThat(service.award("u1", "s1", "spam").outcome()).isEqualTo(Outcome.AWARDED);
		assertThat(service.award("u1", "s2", "spam").outcome()).isEqualTo(Outcome.AWARDED);
	}

	@Test
	void anAwardRejectedForPassingTheLargestScoreUsesNoAllowanceAndIsNotTallied() {
		EngineFixture earliest = new EngineFixture(LocalDateTime.of(2026, 11, 25, 10, 0), PERIODS, RULES, null, null,
				new BoardOrder(TieBreak.EARLIEST, Ranking.ORDINAL, BoardOrder.DEFAULT_EPOCH));
		try {
			for (int i = 0; i < 2; i++) {
				earliest.service.award("u1", "big-" + i, ActivityLimits.MAX_POINTS);
			}
			earliest.service.award("u1", "last",
					ActivityLimits.MAX_BOARD_SCORE_EARLIEST - 2 * ActivityLimits.MAX_POINTS);
			RuleTally before = earliest.service.summary("u1", Period.WEEK).tally("");

			assertThat(earliest.service.award("u1", "a1", "answer").outcome()).isEqualTo(Outcome.REJECTED);
			assertThat(earliest.service.award("u1", "one-more", 1).outcome()).isEqualTo(Outcome.REJECTED);

			assertThat(before).isEqualTo(new RuleTally(3, ActivityLimits.MAX_BOARD_SCORE_EARLIEST));
			assertThat(earliest.service.summary("u1", Period.WEEK).byRule()).containsOnlyKeys("");
			assertThat(earliest.service.summary("u1", Period.DAY).tally("")).isEqualTo(before);
			assertThat(field(earliest, Period.WEEK, SUNDAY, RankKeys.ruleCapField("answer"))).isNull();
		}
		finally {
			earliest.close();
		}
	}

	@Test
	void weekAndMonthHashesGetTheirTtlWhenCreatedAndLaterAwardsNeverPushItForward() {
		at(LocalDate.of(2026, 11, 25), 8, 0, 0);
		// the week hash holds answer's weekly cap, the month hash comment's monthly cap
		award("a1", "answer");
		award("c0", "comment");
		String week = this.engine.keys.tallies(Period.WEEK, SUNDAY, "u1");
		String month = this.engine.keys.tallies(Period.MONTH, SUNDAY, "u1");
		long weekTtl = this.engine.pttl(week);
		long monthTtl = this.engine.pttl(month);
		// the week ends on Monday 30 November 00:00, 4 days and 16 hours after Wednesday
		// 08:00; the month a day later; both are kept for retention.record (31 days)
		Duration weekLeft = Duration.ofDays(4).plusHours(16).plusDays(31);
		assertThat(weekTtl).isBetween(weekLeft.toMillis() - 60_000, weekLeft.toMillis());
		Duration monthLeft = weekLeft.plusDays(1);
		assertThat(monthTtl).isBetween(monthLeft.toMillis() - 60_000, monthLeft.toMillis());

		// an earlier clock computes a longer TTL: it must not reach existing hashes, not
		// even for a rule new to the period
		at(LocalDate.of(2026, 11, 23), 2, 0, 0);
		award("a2", "answer");
		award("c1", "comment");

		assertThat(this.engine.pttl(week)).isLessThanOrEqualTo(weekTtl);
		assertThat(this.engine.pttl(month)).isLessThanOrEqualTo(monthTtl);
	}

	@Test
	void everyKeyButTheTotalBoardAndTheRegistryOfRulesExpires() {
		this.engine.service.award("u1", "bonus", 3);
		award("a1", "answer");
		award("c1", "comment");
		this.engine.clock.advance(Duration.ofDays(6));
		this.engine.service.revoke("u1", "a1", "answer");
		award("a2", "answer");

		assertThat(this.engine.storedKeys()).isNotEmpty()
			.filteredOn((key) -> !key.equals(this.engine.keys.rules()))
			.allSatisfy((key) -> assertThat(this.engine.pttl(key)).as(key).isPositive());
	}

}
