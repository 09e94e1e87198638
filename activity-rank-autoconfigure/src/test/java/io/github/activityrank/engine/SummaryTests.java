package io.github.activityrank.engine;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.EnumSet;

import io.github.activityrank.ActivitySummary;
import io.github.activityrank.Period;
import io.github.activityrank.RuleTally;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConnection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.entry;

/**
 * What a user did in a day, week or month, per rule: the awards that still stand and
 * their points, read from the day records (whose values name each award's rule); an award
 * writes nothing for summaries.
 */
class SummaryTests {

	private static final LocalDate SUNDAY = LocalDate.of(2026, 11, 29);

	private static final LocalDate MONDAY = LocalDate.of(2026, 11, 30);

	private static final LocalDate TUESDAY = LocalDate.of(2026, 12, 1);

	// Wednesday 25 November 2026, 10:00 in Shanghai; forum rules: page-view 1, praise 2,
	// comment 3 (at most 9 a day), publish 10 (once ever), spam -5
	private final EngineFixture engine = EngineFixture.forumRules(LocalDateTime.of(2026, 11, 25, 10, 0));

	@AfterEach
	void cleanUp() {
		this.engine.close();
	}

	private void at(LocalDate day, int hour) {
		this.engine.clock.set(day.atTime(hour, 0));
	}

	@Test
	void summaryCountsTheStandingAwardsOfEachRuleAndTheirPoints() {
		for (int i = 0; i < 3; i++) {
			this.engine.service.award("u1", i + "_praise", "praise");
		}
		this.engine.service.award("u1", "c1", "comment");
		this.engine.service.award("u1", "c2", "comment");
		for (int i = 0; i < 4; i++) {
			this.engine.service.award("u1", "/article/" + i, "page-view");
		}

		ActivitySummary summary = this.engine.service.summary("u1", Period.WEEK);

		assertThat(summary.userId()).isEqualTo("u1");
		assertThat(summary.period()).isEqualTo(Period.WEEK);
		assertThat(summary.start()).isEqualTo(LocalDate.of(2026, 11, 23));
		assertThat(summary.byRule()).containsOnly(entry("praise", new RuleTally(3, 6)),
				entry("comment", new RuleTally(2, 6)), entry("page-view", new RuleTally(4, 4)));
		assertThat(summary.points()).isEqualTo(16);
		assertThat(summary.tally("publish")).isEqualTo(RuleTally.NONE);
	}

	@Test
	void revokedAwardsAreNotCounted() {
		this.engine.service.award("u1", "1_praise", "praise");
		this.engine.service.award("u1", "2_praise", "praise");
		this.engine.service.award("u1", "c1", "comment");
		this.engine.service.revoke("u1", "1_praise", "praise");
		this.engine.service.revoke("u1", "c1", "comment");
		this.engine.service.revoke("u1", "c1", "comment"); // nothing left to revoke

		for (Period period : new Period[] { Period.DAY, Period.WEEK, Period.MONTH }) {
			ActivitySummary summary = this.engine.service.summary("u1", period);
			assertThat(summary.byRule()).as(period.name()).containsOnly(entry("praise", new RuleTally(1, 2)));
			assertThat(summary.points()).as(period.name()).isEqualTo(2);
		}
	}

	@Test
	void explicitPointsAreTalliedUnderTheEmptyRuleName() {
		this.engine.service.award("u1", "bonus", 7);
		this.engine.service.award("u1", "welcome", 5);
		assertThat(this.engine.service.summary("u1", Period.DAY).tally("")).isEqualTo(new RuleTally(2, 12));

		this.engine.service.revoke("u1", "bonus");

		assertThat(this.engine.service.summary("u1", Period.DAY).byRule()).containsOnly(entry("", new RuleTally(1, 5)));
	}

	@Test
	void dayWeekAndMonthSummariesCoverTheirOwnDays() {
		// Sunday ends week 48; Monday starts week 49, still in November; Tuesday is in
		// December and week 49
		at(SUNDAY, 23);
		this.engine.service.award("u1", "sun", "praise");
		at(MONDAY, 0);
		this.engine.service.award("u1", "mon", "praise");
		at(TUESDAY, 9);
		this.engine.service.award("u1", "tue", "praise");

		assertThat(count(Period.DAY, TUESDAY)).isEqualTo(1);
		assertThat(count(Period.DAY, SUNDAY)).isEqualTo(1);
		assertThat(count(Period.WEEK, SUNDAY)).isEqualTo(1);
		assertThat(count(Period.WEEK, TUESDAY)).isEqualTo(2);
		assertThat(count(Period.MONTH, MONDAY)).isEqualTo(2);
		assertThat(count(Period.MONTH, TUESDAY)).isEqualTo(1);
		assertThat(this.engine.service.summary("u1", Period.DAY, TUESDAY).start()).isEqualTo(TUESDAY);
		assertThat(this.engine.service.summary("u1", Period.WEEK, TUESDAY).start()).isEqualTo(MONDAY);
		assertThat(this.engine.service.summary("u1", Period.MONTH, MONDAY).start())
			.isEqualTo(LocalDate.of(2026, 11, 1));
		assertThat(this.engine.service.summary("u1", Period.MONTH).start()).isEqualTo(TUESDAY);
	}

	private long count(Period period, LocalDate day) {
		return this.engine.service.summary("u1", period, day).tally("praise").count();
	}

	@Test
	void aRevokeOnALaterDayTakesTheAwardOutOfTheDayWeekAndMonthItWasMadeIn() {
		at(SUNDAY, 20);
		this.engine.service.award("u1", "7_praise", "praise");
		this.engine.service.award("u1", "8_praise", "praise");
		at(TUESDAY, 9);
		this.engine.service.award("u1", "9_praise", "praise");

		this.engine.service.revoke("u1", "7_praise", "praise");

		assertThat(this.engine.service.summary("u1", Period.DAY, SUNDAY).tally("praise"))
			.isEqualTo(new RuleTally(1, 2));
		assertThat(this.engine.service.summary("u1", Period.WEEK, SUNDAY).tally("praise"))
			.isEqualTo(new RuleTally(1, 2));
		assertThat(this.engine.service.summary("u1", Period.MONTH, SUNDAY).tally("praise"))
			.isEqualTo(new RuleTally(1, 2));
		assertThat(this.engine.service.summary("u1", Period.WEEK).tally("praise")).isEqualTo(new RuleTally(1, 2));
		assertThat(this.engine.service.summary("u1", Period.MONTH).tally("praise")).isEqualTo(new RuleTally(1, 2));
	}

	@Test
	void aClippedAwardCountsWithThePointsItReallyGave() {
		this.engine.service.award("u1", "c1", "comment");
		this.engine.service.award("u1", "c2", "comment");
		this.engine.service.award("u1", "c3", "comment");
		this.engine.service.award("u1", "c4", "comment"); // capped: not an award

		assertThat(this.engine.service.summary("u1", Period.DAY).tally("comment")).isEqualTo(new RuleTally(3, 9));
	}

	@Test
	void penaltiesCountWithTheirNegativePoints() {
		this.engine.service.award("u1", "1_praise", "praise");
		this.engine.service.award("u1", "report-1", "spam");

		ActivitySummary summary = this.engine.service.summary("u1", Period.MONTH);

		assertThat(summary.tally("spam")).isEqualTo(new RuleTally(1, -5));
		assertThat(summary.points()).isEqualTo(-3);
	}

	@Test
	void alreadyAwardedAndOncePerEverRepeatsCountOnce() {
		this.engine.service.award("u1", "article-7", "publish");
		this.engine.service.award("u1", "article-7", "publish");
		this.engine.clock.advance(Duration.ofDays(1));
		this.engine.service.award("u1", "article-7", "publish");

		assertThat(this.engine.service.summary("u1", Period.WEEK).tally("publish")).isEqualTo(new RuleTally(1, 10));
	}

	@Test
	void summariesNeedNoBoardOfTheirPeriod() {
		EngineFixture dayOnly = new EngineFixture(LocalDateTime.of(2026, 11, 25, 10, 0), EnumSet.of(Period.DAY),
				EngineFixture.FORUM_RULES, null, null);
		try {
			dayOnly.service.award("u1", "1_praise", "praise");

			assertThat(dayOnly.service.summary("u1", Period.WEEK).tally("praise")).isEqualTo(new RuleTally(1, 2));
			assertThat(dayOnly.service.summary("u1", Period.MONTH).points()).isEqualTo(2);
		}
		finally {
			dayOnly.close();
		}
	}

	@Test
	void usersWithoutAwardsAndInvalidIdsHaveAnEmptySummary() {
		this.engine.service.award("u1", "1_praise", "praise");

		for (String user : new String[] { "u2", null, " ", "x".repeat(500) }) {
			ActivitySummary summary = this.engine.service.summary(user, Period.WEEK);
			assertThat(summary.byRule()).isEmpty();
			assertThat(summary.points()).isZero();
			assertThat(summary.start()).isEqualTo(LocalDate.of(2026, 11, 23));
		}
	}

	@Test
	void usersWithUnusualIdsHaveTheirOwnSummary() {
		this.engine.service.award("a:b {x}", "1_praise", "praise");
		this.engine.service.award("a", "2_praise", "praise");

		assertThat(this.engine.service.summary("a:b {x}", Period.DAY).tally("praise")).isEqualTo(new RuleTally(1, 2));
	}

	@Test
	void totalHasNoSummary() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.engine.service.summary("u1", Period.TOTAL))
			.withMessageContaining("DAY, WEEK or MONTH")
			.withMessageContaining("rankOf");
		assertThatIllegalArgumentException().isThrownBy(() -> this.engine.service.summary("u1", null));
		assertThatIllegalArgumentException().isThrownBy(() -> this.engine.service.summary("u1", Period.DAY, null));
	}

	@Test
	void historyStillListsOnlyTheAwards() {
		this.engine.service.award("u1", "1_praise", "praise");
		this.engine.service.award("u1", "c1", "comment");

		assertThat(this.engine.service.history("u1", this.engine.calendar.today(), this.engine.calendar.today())
			.get(0)
			.awards()).containsOnlyKeys("1_praise", "c1");
	}

	@Test
	void anAwardWritesNothingForSummaries() {
		this.engine.service.award("u1", "1_praise", "praise");
		this.engine.service.award("u1", "2_praise", "praise");

		// no week or month hash without a weekly or monthly cap, no tally field
		assertThat(this.engine.storedKeys()).noneMatch((key) -> key.contains(":wsum:") || key.contains(":msum:"));
		String record = this.engine.keys.record(this.engine.calendar.today(), "u1");
		assertThat(hash(record)).containsOnlyKeys("1_praise", "2_praise");
		assertThat(this.engine.service.summary("u1", Period.MONTH).tally("praise")).isEqualTo(new RuleTally(2, 4));
	}

	@Test
	void rulesAreNumberedInTheOrderFirstAwardedSoSmallAwardsStoreSmallValues() {
		this.engine.service.award("u1", "1_praise", "praise");
		this.engine.service.award("u1", "c1", "comment");
		this.engine.service.award("u1", "x1", 7);

		// praise is rule 1 and comment rule 2: (2 points, 1) -> 4*4+4+1, (3 points, 2) ->
		// 6*6+6+2,
		// explicit 7 points (number 0) -> 14*14+14
		String record = this.engine.keys.record(this.engine.calendar.today(), "u1");
		assertThat(hash(record)).containsEntry("1_praise", "21").containsEntry("c1", "44").containsEntry("x1", "210");
		assertThat(hash(this.engine.keys.rules())).containsEntry("1", "praise")
			.containsEntry("=praise", "1")
			.containsEntry("2", "comment")
			.containsEntry("#last", "2");
		assertThat(this.engine.service.summary("u1", Period.DAY).byRule()).containsOnly(
				entry("praise", new RuleTally(1, 2)), entry("comment", new RuleTally(1, 3)),
				entry("", new RuleTally(1, 7)));
	}

	@Test
	void aNumberTheRegistryAlreadyHoldsIsSkipped() {
		// as if the registry held number 1 for a name no longer awarded
		try (RedisConnection connection = this.engine.connections.getConnection()) {
			connection.hashCommands().hSet(bytes(this.engine.keys.rules()), bytes("1"), bytes("another-rule"));
		}
		this.engine.service.award("u1", "1_praise", "praise");
		this.engine.service.award("u1", "c1", "comment");
		this.engine.service.revoke("u1", "c1", "comment");
		this.engine.service.award("u1", "c2", "comment");

		assertThat(hash(this.engine.keys.rules())).containsEntry("1", "another-rule")
			.containsEntry("2", "praise")
			.containsEntry("3", "comment");
		assertThat(this.engine.service.summary("u1", Period.DAY).byRule())
			.containsOnly(entry("praise", new RuleTally(1, 2)), entry("comment", new RuleTally(1, 3)));
		assertThat(this.engine.service.history("u1", this.engine.calendar.today(), this.engine.calendar.today())
			.get(0)
			.awards()).containsEntry("1_praise", 2L);
		assertThat(this.engine.service.revoke("u1", "1_praise", "praise").points()).isEqualTo(2);
	}

	private java.util.Map<String, String> hash(String key) {
		try (RedisConnection connection = this.engine.connections.getConnection()) {
			java.util.Map<String, String> out = new java.util.TreeMap<>();
			connection.hashCommands()
				.hGetAll(bytes(key))
				.forEach((k, v) -> out.put(new String(k, StandardCharsets.UTF_8),
						new String(v, StandardCharsets.UTF_8)));
			return out;
		}
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

}
