package io.github.activityrank.engine;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.ChallengeService;
import io.github.activityrank.Period;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.data.redis.connection.RedisConnection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Creating, finding and listing challenges, joining them within the limit, and how long
 * their keys live.
 */
class ChallengeServiceTests {

	// Monday 16 November 2026, 10:00 in Shanghai
	private static final LocalDateTime MONDAY = LocalDateTime.of(2026, 11, 16, 10, 0);

	private static final Instant NOW = MONDAY.atZone(EngineFixture.ZONE).toInstant();

	private static final Instant START = NOW.plus(Duration.ofHours(2));

	private static final Instant END = START.plus(Duration.ofDays(2));

	private final EngineFixture engine = new EngineFixture(MONDAY, EnumSet.of(Period.DAY), Map.of("comment",
			new ScoringRule("comment", 3, false, null), "publish", new ScoringRule("publish", 10, true, null)), null,
			null);

	private final ChallengeService challenges = this.engine.challenges;

	@AfterEach
	void cleanUp() {
		this.engine.close();
	}

	private static ChallengeDefinition sprint(String id) {
		return new ChallengeDefinition(id, START, END, Set.of("comment", "publish"), false);
	}

	@Test
	void createsOnceAndFindsTheSameDefinitionAgain() {
		ChallengeDefinition sprint = sprint("sprint");

		assertThat(this.challenges.create(sprint)).isEqualTo(sprint);
		assertThat(this.challenges
			.create(new ChallengeDefinition("sprint", START, END, Set.of("publish", "comment"), false)))
			.isEqualTo(sprint);
		assertThat(this.challenges.find("sprint")).contains(sprint);
		assertThat(this.challenges.find("other")).isEmpty();
	}

	@Test
	void keepsInstantsToTheMillisecond() {
		ChallengeDefinition fine = new ChallengeDefinition("fine", START.plusNanos(1_234_567), END, Set.of(), true);

		assertThat(fine.start()).isEqualTo(START.plusMillis(1));
		assertThat(this.challenges.create(fine)).isEqualTo(fine);
		assertThat(this.challenges.find("fine")).contains(fine);
	}

	@Test
	void refusesADifferentChallengeUnderAnExistingId() {
		this.challenges.create(sprint("sprint"));

		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.challenges.create(new ChallengeDefinition("sprint", START, END, Set.of(), false)))
			.withMessageContaining("A different challenge exists under the id 'sprint'");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.challenges
				.create(new ChallengeDefinition("sprint", START, END, Set.of("comment", "publish"), true)))
			.withMessageContaining("choose another id");
	}

	@Test
	void refusesUnknownRulesAndBadWindows() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.challenges.create(new ChallengeDefinition("c", START, END, Set.of("praise"), false)))
			.withMessageContaining("unknown rule 'praise'")
			.withMessageContaining("comment");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.challenges.create(new ChallengeDefinition("c", END, START, Set.of(), false)))
			.withMessageContaining("is not after its start");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.challenges.create(new ChallengeDefinition("c", START, START, Set.of(), false)))
			.withMessageContaining("is not after its start");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.challenges.create(new ChallengeDefinition("c", null, END, Set.of(), false)))
			.withMessageContaining("needs a start and an end");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.challenges.create(new ChallengeDefinition("c", NOW.minus(Duration.ofDays(3)),
					NOW.minus(Duration.ofDays(1)), Set.of(), false)))
			.withMessageContaining("nothing would ever count");
		assertThatIllegalArgumentException().isThrownBy(() -> this.challenges.create(null));
		assertThat(this.engine.storedKeys()).isEmpty();
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "has space", "colon:", "brace{", "star*", "hash#",
			"x12345678901234567890123456789012345678901234567890123456789012345" })
	void refusesMalformedIdsEverywhere(String id) {
		assertThatIllegalArgumentException().isThrownBy(() -> this.challenges.create(sprint(id)));
		assertThatIllegalArgumentException().isThrownBy(() -> this.challenges.find(id));
		assertThatIllegalArgumentException().isThrownBy(() -> this.challenges.join(id, "u"));
		assertThatIllegalArgumentException().isThrownBy(() -> this.challenges.board(id).top(10));
		assertThatIllegalArgumentException().isThrownBy(() -> this.challenges.board(id).size());
		assertThatIllegalArgumentException().isThrownBy(() -> this.challenges.board(id).rankOf("u"));
	}

	@Test
	void refusesQueriesOutOfRangeLikeThePeriodBoards() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.challenges.board("sprint").top(0));
		assertThatIllegalArgumentException().isThrownBy(() -> this.challenges.board("sprint").top(1001));
		assertThatIllegalArgumentException().isThrownBy(() -> this.challenges.board("sprint").page(-1, 10));
		assertThatIllegalArgumentException().isThrownBy(() -> this.challenges.board("sprint").around("u", 101));
		assertThatIllegalArgumentException().isThrownBy(() -> this.challenges.join("sprint", " "));
		assertThat(this.challenges.board("sprint").rankOf(" ")).isEmpty();
		assertThat(this.challenges.board("sprint").top(10)).isEmpty();
		assertThat(this.challenges.board("sprint").size()).isZero();
	}

	@Test
	void createsAnEndedChallengeOnlyAgain() {
		ChallengeDefinition sprint = this.challenges.create(sprint("sprint"));
		this.engine.clock.set(MONDAY.plusDays(10));

		assertThat(this.challenges.create(sprint("sprint"))).isEqualTo(sprint);
	}

	@Test
	void listsTheChallengesRunningNow() {
		ChallengeDefinition first = this.challenges.create(sprint("first"));
		ChallengeDefinition later = this.challenges.create(
				new ChallengeDefinition("later", END.minusSeconds(1), END.plus(Duration.ofDays(1)), Set.of(), true));
		ChallengeDefinition open = this.challenges.create(new ChallengeDefinition("open", START, END, Set.of(), true));

		assertThat(this.challenges.active()).isEmpty();
		this.engine.clock.set(MONDAY.withHour(12));
		assertThat(this.challenges.active()).containsExactly(first, open);
		this.engine.clock.set(MONDAY.withHour(12).plusDays(2).minusSeconds(1));
		assertThat(this.challenges.active()).containsExactly(first, open, later);
		this.engine.clock.set(MONDAY.withHour(12).plusDays(2));
		assertThat(this.challenges.active()).containsExactly(later);
	}

	@Test
	void listsTheChallengesAUserJoinedUntilTheyEnd() {
		ChallengeDefinition sprint = this.challenges.create(sprint("sprint"));
		ChallengeDefinition later = this.challenges
			.create(new ChallengeDefinition("later", START, END.plus(Duration.ofDays(1)), Set.of(), false));
		this.challenges.create(new ChallengeDefinition("open", START, END, Set.of(), true));
		this.challenges.join("later", "u");
		this.challenges.join("sprint", "u");
		this.challenges.join("open", "u");

		assertThat(this.challenges.joined("u")).containsExactly(later, sprint);
		assertThat(this.challenges.joined("v")).isEmpty();
		assertThat(this.challenges.joined(" ")).isEmpty();
		this.engine.clock.set(MONDAY.plusDays(2).withHour(12));
		assertThat(this.challenges.joined("u")).containsExactly(later);
	}

	@Test
	void joinsAtMostAHundredChallengesThatHaveNotEnded() {
		for (int c = 0; c < ActivityLimits.MAX_JOINED_CHALLENGES; c++) {
			this.challenges.create(sprint("c" + c));
			assertThat(this.challenges.join("c" + c, "u")).isTrue();
		}
		this.challenges.create(new ChallengeDefinition("later", START, END.plus(Duration.ofDays(1)), Set.of(), false));

		assertThat(this.challenges.join("c0", "u")).isFalse();
		assertThatIllegalStateException().isThrownBy(() -> this.challenges.join("later", "u"))
			.withMessageContaining("joined 100 challenges");
		assertThat(this.challenges.join("later", "v")).isTrue();
		// leaving one, or the others ending, makes room
		assertThat(this.challenges.leave("c0", "u")).isTrue();
		assertThat(this.challenges.join("later", "u")).isTrue();
		assertThat(this.challenges.leave("later", "u")).isTrue();
		assertThat(this.challenges.join("c0", "u")).isTrue();
		this.engine.clock.set(MONDAY.plusDays(3));
		assertThat(this.challenges.join("later", "u")).isTrue();
	}

	@Test
	void theServiceNamesTheLimitsOfActivityLimits() {
		assertThat(ChallengeService.MAX_OPEN).isEqualTo(ActivityLimits.MAX_OPEN_CHALLENGES);
		assertThat(ChallengeService.MAX_JOINED).isEqualTo(ActivityLimits.MAX_JOINED_CHALLENGES);
	}

	@Test
	void runsAtMostMaxOpenChallengesOpenToAllThatHaveNotEnded() {
		for (int c = 0; c < ActivityLimits.MAX_OPEN_CHALLENGES; c++) {
			this.challenges.create(new ChallengeDefinition("open" + c, START, END, Set.of(), true));
		}
		ChallengeDefinition oneMore = new ChallengeDefinition("one-more", START, END.plus(Duration.ofDays(1)), Set.of(),
				true);

		assertThatIllegalStateException().isThrownBy(() -> this.challenges.create(oneMore))
			.withMessageContaining("'one-more' is open to all")
			.withMessageContaining(ActivityLimits.MAX_OPEN_CHALLENGES + " (ActivityLimits.MAX_OPEN_CHALLENGES)");
		assertThat(this.challenges.find("one-more")).isEmpty();
		// creating an existing one again, or one for those who join, is not limited
		assertThat(this.challenges.create(new ChallengeDefinition("open0", START, END, Set.of(), true))).isNotNull();
		assertThat(this.challenges.create(sprint("joined-only"))).isNotNull();
		// once the others ended there is room again
		this.engine.clock.set(MONDAY.plusDays(3));
		assertThat(this.challenges.create(oneMore)).isEqualTo(oneMore);
	}

	@Test
	void keysLiveUntilTheEndPlusTheRetentionOrUntilTheEnd() {
		this.challenges.create(sprint("sprint"));
		this.challenges.create(new ChallengeDefinition("season", START, END, Set.of(), true));
		this.challenges.join("sprint", "u");
		long untilEnd = Duration.between(NOW, END).toMillis();
		long untilGone = untilEnd + EngineFixture.CHALLENGE_RETENTION.toMillis();

		assertThat(this.engine.pttl(this.engine.keys.challengeDefinition("sprint"))).isBetween(untilGone - 5_000,
				untilGone);
		assertThat(this.engine.pttl(this.engine.keys.joinedChallenges("u"))).isBetween(untilEnd - 5_000, untilEnd);
		// the registry and the open challenges are pruned instead
		assertThat(this.engine.pttl(this.engine.keys.challenges())).isEqualTo(-1);
		assertThat(this.engine.pttl(this.engine.keys.openChallenges())).isEqualTo(-1);

		this.engine.clock.set(MONDAY.withHour(13));
		this.engine.service.award("u", "a", "comment");
		long boardTtl = untilGone - Duration.ofHours(3).toMillis();
		for (String board : new String[] { this.engine.keys.challengeBoard("sprint"),
				this.engine.keys.challengeBoard("season") }) {
			assertThat(this.engine.pttl(board)).as(board).isBetween(boardTtl - 5_000, boardTtl);
		}
	}

	@Test
	void aGoneChallengeLeavesTheSharedKeysWhenTheNextOneIsCreated() {
		this.challenges.create(new ChallengeDefinition("season", START, END, Set.of(), true));
		this.challenges.create(sprint("sprint"));
		this.engine.clock.set(MONDAY.plusDays(3));
		// as when its retention has passed
		try (RedisConnection connection = this.engine.connections.getConnection()) {
			connection.keyCommands()
				.del(this.engine.keys.challengeDefinition("sprint").getBytes(StandardCharsets.UTF_8));
		}

		this.challenges.create(new ChallengeDefinition("next", NOW.plus(Duration.ofDays(3)),
				NOW.plus(Duration.ofDays(4)), Set.of(), false));

		assertThat(this.engine.members(this.engine.keys.challenges())).containsExactly("season", "next");
		assertThat(this.engine.exists(this.engine.keys.openChallenges())).isFalse();
		assertThat(this.challenges.find("sprint")).isEmpty();
	}

}
