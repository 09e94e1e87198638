package io.github.activityrank.engine;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.EnumSet;
import java.util.Map;

import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every outcome of award and revoke, on a real Redis.
 */
class AwardAndRevokeTests {

	private final EngineFixture engine = EngineFixture.forumRules(LocalDateTime.of(2026, 11, 18, 10, 0));

	@AfterEach
	void cleanUp() {
		this.engine.close();
	}

	private long score(String user, Period period) {
		return this.engine.service.board(period).rankOf(user).map(RankEntry::score).orElse(0L);
	}

	@Test
	void awardAddsTheRulePointsToEveryBoard() {
		AwardResult result = this.engine.service.award("u1", "42_praise", "praise");

		assertThat(result).isEqualTo(new AwardResult(Outcome.AWARDED, 2, null));
		for (Period period : Period.values()) {
			assertThat(score("u1", period)).as(period.name()).isEqualTo(2);
		}
	}

	@Test
	void sameFieldTheSameDayIsAlreadyAwarded() {
		this.engine.service.award("u1", "42_praise", "praise");

		assertThat(this.engine.service.award("u1", "42_praise", "praise").outcome()).isEqualTo(Outcome.ALREADY_AWARDED);
		assertThat(score("u1", Period.DAY)).isEqualTo(2);
	}

	@Test
	void onceADayRuleScoresAgainTheNextDay() {
		this.engine.service.award("u1", "/article/1", "page-view");
		this.engine.clock.advance(Duration.ofDays(1));

		assertThat(this.engine.service.award("u1", "/article/1", "page-view").outcome()).isEqualTo(Outcome.AWARDED);
		assertThat(score("u1", Period.DAY)).isEqualTo(1);
		assertThat(score("u1", Period.TOTAL)).isEqualTo(2);
	}

	@Test
	void oncePerEverRuleDoesNotScoreAgainOnLaterDays() {
		this.engine.service.award("u1", "article-7", "publish");
		this.engine.clock.advance(Duration.ofDays(20));

		assertThat(this.engine.service.award("u1", "article-7", "publish").outcome())
			.isEqualTo(Outcome.ALREADY_AWARDED);
		assertThat(score("u1", Period.TOTAL)).isEqualTo(10);
	}

	@Test
	void explicitPointsScoreOncePerDay() {
		assertThat(this.engine.service.award("u1", "bonus", 7)).isEqualTo(new AwardResult(Outcome.AWARDED, 7, null));
		assertThat(this.engine.service.award("u1", "bonus", 7).outcome()).isEqualTo(Outcome.ALREADY_AWARDED);
		assertThat(this.engine.service.revoke("u1", "bonus")).isEqualTo(new AwardResult(Outcome.REVOKED, 7, null));
		assertThat(score("u1", Period.MONTH)).isZero();
	}

	@Test
	void explicitPointsAreRevokedInTheFormTheyWereAwarded() {
		this.engine.service.award("u1", "bonus", 7);
		assertThat(this.engine.service.revoke("u1", "bonus", 7)).isEqualTo(new AwardResult(Outcome.REVOKED, 7, null));
		assertThat(this.engine.service.revoke("u1", "bonus", 7).outcome()).isEqualTo(Outcome.NOTHING_TO_REVOKE);
		assertThat(score("u1", Period.MONTH)).isZero();
	}

	@Test
	void revokeTakesBackWhatWasGivenAndRemovesTheRecord() {
		this.engine.service.award("u1", "42_praise", "praise");
		this.engine.service.award("u1", "43_praise", "praise");

		assertThat(this.engine.service.revoke("u1", "42_praise", "praise"))
			.isEqualTo(new AwardResult(Outcome.REVOKED, 2, null));
		assertThat(score("u1", Period.DAY)).isEqualTo(2);
		assertThat(this.engine.service.revoke("u1", "42_praise", "praise").outcome())
			.isEqualTo(Outcome.NOTHING_TO_REVOKE);
		assertThat(score("u1", Period.DAY)).isEqualTo(2);
	}

	@Test
	void revokeWithoutRecordChangesNothing() {
		this.engine.service.award("u1", "1_praise", "praise");

		assertThat(this.engine.service.revoke("u1", "2_praise", "praise").outcome())
			.isEqualTo(Outcome.NOTHING_TO_REVOKE);
		assertThat(score("u1", Period.TOTAL)).isEqualTo(2);
	}

	@Test
	void revokeOnALaterDayTakesFromTheBoardsOfTheAwardDay() {
		this.engine.service.award("u1", "42_praise", "praise");
		this.engine.service.award("u1", "7_praise", "praise");
		this.engine.clock.advance(Duration.ofDays(1));
		this.engine.service.award("u1", "9_praise", "praise");

		assertThat(this.engine.service.revoke("u1", "42_praise", "praise"))
			.isEqualTo(new AwardResult(Outcome.REVOKED, 2, null));

		var yesterday = this.engine.calendar.today().minusDays(1);
		assertThat(this.engine.service.board(Period.DAY, yesterday).rankOf("u1").map(RankEntry::score)).contains(2L);
		assertThat(score("u1", Period.DAY)).isEqualTo(2);
		assertThat(score("u1", Period.MONTH)).isEqualTo(4);
		assertThat(score("u1", Period.TOTAL)).isEqualTo(4);
	}

	@Test
	void togglingOnAndOffAcrossDaysNeverEarnsMoreThanOneAward() {
		for (int i = 0; i < 50; i++) {
			this.engine.service.award("u1", "42_praise", "praise");
			this.engine.service.revoke("u1", "42_praise", "praise");
			this.engine.service.award("u1", "42_praise", "praise");
			if (i % 10 == 9) {
				this.engine.clock.advance(Duration.ofHours(13));
			}
			this.engine.service.revoke("u1", "42_praise", "praise");
		}
		this.engine.service.award("u1", "42_praise", "praise");

		assertThat(score("u1", Period.TOTAL)).isEqualTo(2);
		assertThat(score("u1", Period.MONTH)).isEqualTo(2);
	}

	@Test
	void aThousandTogglesAcrossADayBoundaryEarnOneAwardAtMost() {
		this.engine.clock.set(LocalDateTime.of(2026, 11, 18, 23, 59, 50));
		for (int i = 0; i < 1000; i++) {
			this.engine.service.award("u1", "42_praise", "praise");
			this.engine.clock.advance(Duration.ofMillis(10));
			this.engine.service.revoke("u1", "42_praise", "praise");
			this.engine.clock.advance(Duration.ofMillis(10));
		}
		this.engine.service.award("u1", "42_praise", "praise");

		assertThat(this.engine.calendar.today()).isEqualTo(java.time.LocalDate.of(2026, 11, 19));
		assertThat(score("u1", Period.TOTAL)).isEqualTo(2);
		assertThat(score("u1", Period.WEEK)).isEqualTo(2);
		long yesterday = this.engine.service.board(Period.DAY, java.time.LocalDate.of(2026, 11, 18))
			.rankOf("u1")
			.map(RankEntry::score)
			.orElse(0L);
		assertThat(yesterday + score("u1", Period.DAY)).isEqualTo(2);
	}

	@Test
	void aThousandTogglesOfAnEverRuleAcrossADayBoundaryEarnOneAwardAtMost() {
		// "publish" is once-per: ever (10 points), as README recommends for praise,
		// collect and follow
		this.engine.clock.set(LocalDateTime.of(2026, 11, 18, 23, 59, 50));
		int awarded = 0;
		for (int i = 0; i < 1000; i++) {
			if (this.engine.service.award("u1", "7_praise", "publish").outcome() == Outcome.AWARDED) {
				awarded++;
			}
			this.engine.clock.advance(Duration.ofMillis(7));
			this.engine.service.award("u1", "7_praise", "publish"); // a second "on"
																	// without an "off"
			this.engine.service.revoke("u1", "7_praise", "publish");
			this.engine.clock.advance(Duration.ofMillis(7));
			assertThat(score("u1", Period.TOTAL)).isZero();
		}
		this.engine.service.award("u1", "7_praise", "publish");
		this.engine.service.award("u1", "7_praise", "publish");

		assertThat(this.engine.calendar.today()).isEqualTo(java.time.LocalDate.of(2026, 11, 19));
		assertThat(awarded).isEqualTo(1000);
		assertThat(score("u1", Period.TOTAL)).isEqualTo(10);
		assertThat(score("u1", Period.MONTH)).isEqualTo(10);
		long yesterday = this.engine.service.board(Period.DAY, java.time.LocalDate.of(2026, 11, 18))
			.rankOf("u1")
			.map(RankEntry::score)
			.orElse(0L);
		assertThat(yesterday).isZero();
		assertThat(score("u1", Period.DAY)).isEqualTo(10);
	}

	@Test
	void anEverRuleSwitchedOnTwiceAcrossDaysScoresOnce() {
		this.engine.service.award("u1", "7_follow", "publish");
		this.engine.clock.advance(Duration.ofDays(1));
		assertThat(this.engine.service.award("u1", "7_follow", "publish").outcome()).isEqualTo(Outcome.ALREADY_AWARDED);
		this.engine.service.revoke("u1", "7_follow", "publish");
		this.engine.service.award("u1", "7_follow", "publish");

		assertThat(score("u1", Period.TOTAL)).isEqualTo(10);
	}

	@Test
	void revokeOfTheLastPointsRemovesTheUserFromTheBoard() {
		this.engine.service.award("u1", "42_praise", "praise");
		this.engine.service.revoke("u1", "42_praise", "praise");

		assertThat(this.engine.service.board(Period.DAY).rankOf("u1")).isEmpty();
		assertThat(this.engine.service.board(Period.DAY).top(10)).isEmpty();
	}

	@Test
	void ruleDailyCapClipsThenCaps() {
		assertThat(this.engine.service.award("u1", "c1", "comment").points()).isEqualTo(3);
		assertThat(this.engine.service.award("u1", "c2", "comment").points()).isEqualTo(3);
		assertThat(this.engine.service.award("u1", "c3", "comment").points()).isEqualTo(3);
		assertThat(this.engine.service.award("u1", "c4", "comment"))
			.isEqualTo(new AwardResult(Outcome.CAPPED, 0, null));
		assertThat(score("u1", Period.DAY)).isEqualTo(9);
		assertThat(this.engine.service.history("u1", this.engine.calendar.today(), this.engine.calendar.today())
			.get(0)
			.awards()).doesNotContainKey("c4");
	}

	@Test
	void clippedAwardRecordsWhatWasReallyGivenAndRevokeRestoresTheAllowance() {
		EngineFixture capped = new EngineFixture(LocalDateTime.of(2026, 11, 18, 10, 0), EnumSet.of(Period.DAY),
				Map.of("answer", new ScoringRule("answer", 4, false, null)), 10L, null);
		try {
			capped.service.award("u1", "a1", "answer");
			capped.service.award("u1", "a2", "answer");
			assertThat(capped.service.award("u1", "a3", "answer")).isEqualTo(new AwardResult(Outcome.AWARDED, 2, null));
			assertThat(capped.service.award("u1", "bonus", 5).outcome()).isEqualTo(Outcome.CAPPED);

			assertThat(capped.service.revoke("u1", "a3", "answer").points()).isEqualTo(2);
			assertThat(capped.service.award("u1", "bonus", 5).points()).isEqualTo(2);

			capped.clock.advance(Duration.ofDays(1));
			assertThat(capped.service.award("u1", "a4", "answer").points()).isEqualTo(4);
		}
		finally {
			capped.close();
		}
	}

	@Test
	void penaltyNeverTakesAScoreBelowZero() {
		this.engine.service.award("u1", "1_praise", "praise");

		assertThat(this.engine.service.award("u1", "report-1", "spam").outcome()).isEqualTo(Outcome.AWARDED);
		assertThat(this.engine.service.board(Period.DAY).rankOf("u1")).isEmpty();
		assertThat(this.engine.service.board(Period.DAY).top(10)).isEmpty();
	}

	@Test
	void rejectedRequestsStoreNothingAndAreCounted() {
		assertThat(this.engine.service.award("u1", "x", "no-such-rule").outcome()).isEqualTo(Outcome.REJECTED);
		assertThat(this.engine.service.award("u1", "x", 0).reason()).contains("out of range");
		assertThat(this.engine.service.award("u1", "x", -3).outcome()).isEqualTo(Outcome.REJECTED);
		assertThat(this.engine.service.award("u1", "x", Long.MAX_VALUE).outcome()).isEqualTo(Outcome.REJECTED);
		assertThat(this.engine.service.award(null, "x", "praise").reason()).isEqualTo("user id is null");
		assertThat(this.engine.service.apply(null).outcome()).isEqualTo(Outcome.REJECTED);

		assertThat(this.engine.storedKeys()).isEmpty();
		assertThat(this.engine.counters.count(Outcome.REJECTED)).isEqualTo(6);
	}

}
