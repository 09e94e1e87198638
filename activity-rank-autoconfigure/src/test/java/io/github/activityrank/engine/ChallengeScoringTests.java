package io.github.activityrank.engine;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConnection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Which awards reach a challenge board: those made while it runs, under its rules, by its
 * participants, with the points really given; and what a revoke takes back.
 */
class ChallengeScoringTests {

	// Monday 16 November 2026, 10:00 in Shanghai; the challenge runs from 12:00 that day
	// to 12:00 on Wednesday
	private static final LocalDateTime MONDAY = LocalDateTime.of(2026, 11, 16, 10, 0);

	private static final LocalDateTime START = MONDAY.withHour(12);

	private static final LocalDateTime END = START.plusDays(2);

	private static final Map<String, ScoringRule> RULES = Map.of("comment", new ScoringRule("comment", 3, false, null),
			"publish", new ScoringRule("publish", 10, true, null), "answer", new ScoringRule("answer", 5, false, 7L),
			"spam", new ScoringRule("spam", -5, false, null));

	private final EngineFixture engine = new EngineFixture(MONDAY, EnumSet.allOf(Period.class), RULES, null, null);

	@AfterEach
	void cleanUp() {
		this.engine.close();
	}

	private static Instant at(LocalDateTime time) {
		return time.atZone(EngineFixture.ZONE).toInstant();
	}

	private ChallengeDefinition create(String id, boolean openToAll, String... rules) {
		return this.engine.challenges.create(new ChallengeDefinition(id, at(START), at(END), Set.of(rules), openToAll));
	}

	private void award(String user, String field, String rule, long points) {
		assertThat(this.engine.service.award(user, field, rule))
			.isEqualTo(new AwardResult(Outcome.AWARDED, points, null));
	}

	private long score(String challenge, String user) {
		return this.engine.challenges.board(challenge).rankOf(user).map(RankEntry::score).orElse(0L);
	}

	private long total(String user) {
		return this.engine.service.board(Period.TOTAL).rankOf(user).map(RankEntry::score).orElse(0L);
	}

	@Test
	void countsAwardsFromTheStartUntilJustBeforeTheEnd() {
		create("sprint", false);
		assertThat(this.engine.challenges.join("sprint", "u")).isTrue();

		this.engine.clock.set(START.minusNanos(1_000_000));
		award("u", "before-start", "comment", 3);
		assertThat(this.engine.challenges.board("sprint").size()).isZero();
		this.engine.clock.set(START);
		award("u", "at-start", "comment", 3);
		assertThat(score("sprint", "u")).isEqualTo(3);
		this.engine.clock.set(END.minusNanos(1_000_000));
		award("u", "before-end", "comment", 3);
		assertThat(score("sprint", "u")).isEqualTo(6);
		this.engine.clock.set(END);
		award("u", "at-end", "comment", 3);

		assertThat(score("sprint", "u")).isEqualTo(6);
		assertThat(total("u")).isEqualTo(12);
	}

	@Test
	void anAwardBeforeJoiningNeverCountsNotEvenWhenRevoked() {
		create("sprint", false);
		this.engine.clock.set(START.plusHours(1));
		award("u", "early", "comment", 3);
		this.engine.challenges.join("sprint", "u");
		award("u", "late", "comment", 3);

		assertThat(score("sprint", "u")).isEqualTo(3);
		assertThat(this.engine.service.revoke("u", "early", "comment").points()).isEqualTo(3);
		assertThat(score("sprint", "u")).isEqualTo(3);
		assertThat(total("u")).isEqualTo(3);
	}

	@Test
	void aRevokeWhileTheChallengeRunsTakesBackWhatTheAwardGave() {
		create("sprint", false);
		this.engine.challenges.join("sprint", "u");
		this.engine.clock.set(START.plusHours(1));
		award("u", "a", "comment", 3);
		award("u", "b", "comment", 3);
		// a day later, from an older day's record
		this.engine.clock.set(START.plusDays(1));

		assertThat(this.engine.service.revoke("u", "a", "comment"))
			.isEqualTo(new AwardResult(Outcome.REVOKED, 3, null));
		assertThat(score("sprint", "u")).isEqualTo(3);
		assertThat(this.engine.service.revoke("u", "b", "comment").points()).isEqualTo(3);
		assertThat(this.engine.challenges.board("sprint").rankOf("u")).isEmpty();
		assertThat(this.engine.challenges.board("sprint").size()).isZero();
	}

	@Test
	void aRevokeAfterTheEndChangesThePeriodBoardsButNotTheChallengeBoard() {
		create("sprint", false);
		this.engine.challenges.join("sprint", "u");
		this.engine.clock.set(START.plusHours(1));
		award("u", "a", "comment", 3);
		award("u", "b", "comment", 3);
		this.engine.clock.set(END);

		assertThat(this.engine.service.revoke("u", "a", "comment").points()).isEqualTo(3);

		assertThat(total("u")).isEqualTo(3);
		assertThat(this.engine.service.board(Period.MONTH).rankOf("u").map(RankEntry::score)).contains(3L);
		assertThat(score("sprint", "u")).isEqualTo(6);
	}

	@Test
	void theChallengeGetsWhatCapsLeft() {
		create("sprint", false);
		this.engine.challenges.join("sprint", "u");
		this.engine.clock.set(START.plusHours(1));

		award("u", "a", "answer", 5);
		award("u", "b", "answer", 2);
		assertThat(this.engine.service.award("u", "c", "answer").outcome()).isEqualTo(Outcome.CAPPED);

		assertThat(score("sprint", "u")).isEqualTo(7);
		assertThat(this.engine.service.revoke("u", "b", "answer").points()).isEqualTo(2);
		assertThat(score("sprint", "u")).isEqualTo(5);
	}

	@Test
	void onlyTheChallengesRulesCountAndNoRulesMeansEveryAward() {
		create("writers", false, "publish");
		create("everything", false);
		this.engine.challenges.join("writers", "u");
		this.engine.challenges.join("everything", "u");
		this.engine.clock.set(START.plusHours(1));

		award("u", "c", "comment", 3);
		assertThat(this.engine.service.award("u", "p", 4)).isEqualTo(new AwardResult(Outcome.AWARDED, 4, null));
		award("u", "article-1", "publish", 10);

		assertThat(score("writers", "u")).isEqualTo(10);
		assertThat(score("everything", "u")).isEqualTo(17);
		assertThat(this.engine.service.revoke("u", "p").points()).isEqualTo(4);
		assertThat(score("everything", "u")).isEqualTo(13);
		assertThat(score("writers", "u")).isEqualTo(10);
	}

	@Test
	void aRevokeUnderAnotherRuleTakesBackFromTheBoardsTheAwardsRuleReached() {
		create("writers", false, "publish");
		this.engine.challenges.join("writers", "u");
		this.engine.clock.set(START.plusHours(1));
		award("u", "article-1", "publish", 10);
		award("u", "c", "comment", 3);

		assertThat(this.engine.service.revoke("u", "article-1", "comment").points()).isEqualTo(10);
		assertThat(this.engine.challenges.board("writers").rankOf("u")).isEmpty();
		assertThat(total("u")).isEqualTo(3);
	}

	@Test
	void aChallengeCreatedAfterAnAwardIsNotTouchedByItsRevoke() {
		create("season", true);
		this.engine.clock.set(START.plusHours(1));
		award("u", "a", "comment", 3);
		// created later, each running since START: the award of "a" reached neither
		this.engine.clock.set(START.plusHours(2));
		create("late-open", true);
		create("late-joined", false);
		assertThat(this.engine.challenges.join("late-joined", "u")).isTrue();
		award("u", "b", "comment", 3);

		assertThat(this.engine.service.revoke("u", "a", "comment").points()).isEqualTo(3);
		assertThat(score("season", "u")).isEqualTo(3);
		assertThat(score("late-open", "u")).isEqualTo(3);
		assertThat(score("late-joined", "u")).isEqualTo(3);
		assertThat(this.engine.service.revoke("u", "b", "comment").points()).isEqualTo(3);
		assertThat(score("season", "u")).isZero();
		assertThat(score("late-open", "u")).isZero();
		assertThat(score("late-joined", "u")).isZero();
	}

	@Test
	void anOpenChallengeCreatedLaterOnASlowerClockIsNotTouchedByAnEarlierAwardsRevoke() {
		this.engine.clock.set(START.plusHours(2));
		create("season", true);
		award("u", "a", "comment", 3);
		// another instance, its clock an hour behind, creates an open challenge after the
		// award
		this.engine.clock.set(START.plusHours(1));
		create("late", true);
		award("u", "b", "comment", 3);

		assertThat(this.engine.service.revoke("u", "a", "comment").points()).isEqualTo(3);
		assertThat(score("season", "u")).isEqualTo(3);
		assertThat(score("late", "u")).isEqualTo(3);
	}

	@Test
	void anAwardReachesTheChallengesJoinedAndNotLeftOrEnded() {
		create("a", false);
		create("b", false);
		this.engine.challenges
			.create(new ChallengeDefinition("short", at(START), at(START.plusHours(2)), Set.of(), false));
		this.engine.challenges.join("a", "u");
		this.engine.challenges.join("short", "u");
		this.engine.challenges.join("b", "u");
		assertThat(this.engine.challenges.leave("a", "u")).isTrue();
		// past the end of "short", a join drops its entry
		this.engine.clock.set(START.plusHours(3));
		create("c", false);
		this.engine.challenges.join("c", "u");

		award("u", "x", "comment", 3);
		assertThat(score("a", "u")).isZero();
		assertThat(score("short", "u")).isZero();
		assertThat(score("b", "u")).isEqualTo(3);
		assertThat(score("c", "u")).isEqualTo(3);
		assertThat(this.engine.service.revoke("u", "x", "comment").points()).isEqualTo(3);
		assertThat(score("b", "u")).isZero();
		assertThat(score("c", "u")).isZero();
	}

	@Test
	void anOpenChallengeCountsEveryoneWithoutJoining() {
		create("season", true, "comment");
		assertThat(this.engine.challenges.join("season", "u")).isFalse();
		this.engine.clock.set(START.plusHours(1));

		award("u", "a", "comment", 3);
		award("v", "a", "comment", 3);
		award("v", "b", "comment", 3);

		assertThat(this.engine.challenges.board("season").top(10)).extracting(RankEntry::id, RankEntry::score)
			.containsExactly(org.assertj.core.groups.Tuple.tuple("v", 6L),
					org.assertj.core.groups.Tuple.tuple("u", 3L));
		assertThat(this.engine.challenges.leave("season", "u")).isFalse();
		assertThat(this.engine.service.revoke("v", "b", "comment").points()).isEqualTo(3);
		assertThat(score("season", "v")).isEqualTo(3);
	}

	@Test
	void penaltiesTakeFromTheChallengeBoardAndTheirRevokeGivesBack() {
		create("sprint", false);
		this.engine.challenges.join("sprint", "u");
		this.engine.clock.set(START.plusHours(1));
		award("u", "a", "publish", 10);

		award("u", "s", "spam", -5);
		assertThat(score("sprint", "u")).isEqualTo(5);
		assertThat(this.engine.service.revoke("u", "s", "spam").points()).isEqualTo(-5);
		assertThat(score("sprint", "u")).isEqualTo(10);
	}

	@Test
	void aBatchReachesTheChallengesOfEachUserOnly() {
		create("sprint", false);
		create("other", false);
		this.engine.challenges.join("sprint", "u");
		this.engine.challenges.join("other", "v");
		this.engine.clock.set(START.plusHours(1));

		List<AwardResult> results = this.engine.service.applyAll(List.of(ActivityEvent.award("u", "a", "comment"),
				ActivityEvent.award("v", "a", "comment"), ActivityEvent.award("w", "a", "comment"),
				ActivityEvent.award("u", "b", "comment"), ActivityEvent.revoke("v", "a", "comment")));

		assertThat(results).extracting(AwardResult::outcome)
			.containsExactly(Outcome.AWARDED, Outcome.AWARDED, Outcome.AWARDED, Outcome.AWARDED, Outcome.REVOKED);
		assertThat(this.engine.challenges.board("sprint").top(10)).extracting(RankEntry::id, RankEntry::score)
			.containsExactly(org.assertj.core.groups.Tuple.tuple("u", 6L));
		assertThat(this.engine.challenges.board("other").size()).isZero();
	}

	@Test
	void leavingTakesTheUserOffTheBoardAndAnEarlierAwardNeverTouchesALaterJoin() {
		create("sprint", false);
		this.engine.challenges.join("sprint", "u");
		this.engine.challenges.join("sprint", "v");
		this.engine.clock.set(START.plusHours(1));
		award("u", "a", "comment", 3);
		award("v", "a", "comment", 3);

		assertThat(this.engine.challenges.leave("sprint", "u")).isTrue();
		assertThat(this.engine.challenges.leave("sprint", "u")).isFalse();
		assertThat(this.engine.challenges.board("sprint").rankOf("u")).isEmpty();
		assertThat(this.engine.challenges.board("sprint").size()).isEqualTo(1);
		award("u", "b", "comment", 3);
		assertThat(this.engine.challenges.board("sprint").rankOf("u")).isEmpty();

		// joined again at the same instant: the award from before still belongs to the
		// first participation
		assertThat(this.engine.challenges.join("sprint", "u")).isTrue();
		award("u", "c", "comment", 3);
		assertThat(this.engine.service.revoke("u", "a", "comment").points()).isEqualTo(3);
		assertThat(score("sprint", "u")).isEqualTo(3);
		assertThat(total("u")).isEqualTo(6);
	}

	@Test
	void anEndedChallengeCannotBeJoinedOrLeftAndKeepsItsBoard() {
		create("sprint", false);
		this.engine.challenges.join("sprint", "u");
		this.engine.clock.set(START.plusHours(1));
		award("u", "a", "comment", 3);
		this.engine.clock.set(END);

		assertThat(this.engine.challenges.join("sprint", "v")).isFalse();
		assertThat(this.engine.challenges.leave("sprint", "u")).isFalse();
		assertThat(score("sprint", "u")).isEqualTo(3);
		assertThat(this.engine.challenges.join("no-such-challenge", "v")).isFalse();
	}

	/**
	 * An id can come back with another definition once the earlier challenge's keys have
	 * expired, while some users' joined hashes still hold entries of the earlier one: in
	 * one call, each entry is read under its own definition, in whichever order they
	 * come.
	 */
	@Test
	void entriesOfTwoDefinitionsOfOneIdAreEachReadUnderTheirOwnInOneCall() {
		create("sprint", false);
		this.engine.challenges.join("sprint", "now");
		long weekAgo = at(START.minusDays(7)).toEpochMilli();
		String earlier = weekAgo + ":" + (weekAgo + 86_400_000L) + ":" + (weekAgo + 2 * 86_400_000L) + ":1:";
		hset(this.engine.keys.joinedChallenges("then1"), "sprint", earlier);
		hset(this.engine.keys.joinedChallenges("then2"), "sprint", earlier);
		this.engine.clock.set(START.plusHours(1));

		this.engine.service.applyAll(List.of(ActivityEvent.award("then1", "a", "comment"),
				ActivityEvent.award("now", "a", "comment"), ActivityEvent.award("then2", "a", "comment")));

		assertThat(this.engine.challenges.board("sprint").top(10)).extracting(RankEntry::id, RankEntry::score)
			.containsExactly(tuple("now", 3L));
		assertThat(total("then1")).isEqualTo(3);
		assertThat(total("then2")).isEqualTo(3);
	}

	private void hset(String key, String field, String value) {
		try (RedisConnection connection = this.engine.connections.getConnection()) {
			connection.hashCommands()
				.hSet(key.getBytes(StandardCharsets.UTF_8), field.getBytes(StandardCharsets.UTF_8),
						value.getBytes(StandardCharsets.UTF_8));
		}
	}

	@Test
	void removingAUserTakesThemOffEveryChallengeBoard() {
		create("sprint", false);
		create("season", true);
		this.engine.challenges.join("sprint", "gone");
		this.engine.challenges.join("sprint", "stays");
		this.engine.clock.set(START.plusHours(1));
		award("gone", "a", "comment", 3);
		award("stays", "a", "comment", 3);

		this.engine.service.removeUser("gone");

		for (String challenge : List.of("sprint", "season")) {
			assertThat(this.engine.challenges.board(challenge).top(10)).extracting(RankEntry::id)
				.containsExactly("stays");
		}
		assertThat(this.engine.exists(this.engine.keys.joinedChallenges("gone"))).isFalse();
		assertThat(this.engine.exists(this.engine.keys.joinedChallenges("stays"))).isTrue();
	}

}
