package io.github.activityrank.engine;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityLimits;
import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Several commands on the same plain challenge board in one score.lua call: the batch
 * must leave the board exactly as the same commands applied one call at a time would
 * (points stop at zero in command order, a give-back never creates a board, a new board
 * gets its TTL, the largest score counts what earlier commands of the batch did).
 */
class ChallengeBatchTests {

	private static final long LARGEST = ActivityLimits.MAX_BOARD_SCORE;

	private static final Map<String, ScoringRule> RULES = Map.of("comment", new ScoringRule("comment", 3, false, null),
			"spam", new ScoringRule("spam", -5, false, null));

	private final EngineFixture engine = new EngineFixture(LocalDateTime.of(2026, 11, 18, 10, 0),
			EnumSet.of(Period.DAY, Period.TOTAL), RULES, null, null);

	private final Instant now = this.engine.calendar.now();

	private final String board = this.engine.keys.challengeBoard("sprint");

	ChallengeBatchTests() {
		challenge("sprint");
	}

	@AfterEach
	void cleanUp() {
		this.engine.close();
	}

	private ChallengeDefinition challenge(String id) {
		return this.engine.challenges.create(new ChallengeDefinition(id, this.now.minus(Duration.ofHours(1)),
				this.now.plus(Duration.ofDays(1)), Set.of(), false));
	}

	private List<Outcome> batch(ActivityEvent... events) {
		return this.engine.service.applyAll(List.of(events)).stream().map(AwardResult::outcome).toList();
	}

	private long score(String challenge, String user) {
		return this.engine.challenges.board(challenge).rankOf(user).map(RankEntry::score).orElse(0L);
	}

	@Test
	void awardsRevokesAndPenaltiesOfOneMemberInOneBatchStopAtZeroInTheirOrder() {
		this.engine.challenges.join("sprint", "u");
		batch(ActivityEvent.award("u", "a", "comment"));

		// 3 -3 (leaves) +3 +3 -3 -5 (leaves, not -2) +3: 3, where a plain sum would say 1
		assertThat(batch(ActivityEvent.revoke("u", "a", "comment"), ActivityEvent.award("u", "b", "comment"),
				ActivityEvent.award("u", "c", "comment"), ActivityEvent.revoke("u", "b", "comment"),
				ActivityEvent.award("u", "s", "spam"), ActivityEvent.award("u", "d", "comment")))
			.containsExactly(Outcome.REVOKED, Outcome.AWARDED, Outcome.AWARDED, Outcome.REVOKED, Outcome.AWARDED,
					Outcome.AWARDED);

		assertThat(score("sprint", "u")).isEqualTo(3);
		assertThat(this.engine.service.board(Period.TOTAL).rankOf("u").map(RankEntry::score)).contains(3L);
	}

	@Test
	void anAwardAndItsRevokeInOneBatchLeaveNoBoard() {
		this.engine.challenges.join("sprint", "u");

		assertThat(batch(ActivityEvent.award("u", "a", "comment"), ActivityEvent.revoke("u", "a", "comment")))
			.containsExactly(Outcome.AWARDED, Outcome.REVOKED);

		assertThat(this.engine.exists(this.board)).isFalse();
	}

	@Test
	void aPenaltyAndItsGiveBackNeverCreateABoard() {
		this.engine.challenges.join("sprint", "u");

		assertThat(batch(ActivityEvent.award("u", "s", "spam"), ActivityEvent.revoke("u", "s", "spam")))
			.containsExactly(Outcome.AWARDED, Outcome.REVOKED);
		assertThat(this.engine.exists(this.board)).isFalse();

		batch(ActivityEvent.award("u", "t", "spam"));
		batch(ActivityEvent.revoke("u", "t", "spam"));
		assertThat(this.engine.exists(this.board)).isFalse();
	}

	@Test
	void aGiveBackCountsOnABoardAnEarlierCommandOfTheBatchCreated() {
		this.engine.challenges.join("sprint", "u");
		this.engine.challenges.join("sprint", "v");
		batch(ActivityEvent.award("u", "s", "spam"));

		batch(ActivityEvent.award("v", "a", "comment"), ActivityEvent.revoke("u", "s", "spam"));

		assertThat(score("sprint", "v")).isEqualTo(3);
		assertThat(score("sprint", "u")).isEqualTo(5);
	}

	@Test
	void aBoardCreatedOrEmptiedAndCreatedAgainInABatchGetsItsTtl() {
		this.engine.challenges.join("sprint", "u");
		batch(ActivityEvent.award("u", "a", "comment"), ActivityEvent.award("u", "b", "comment"));
		assertThat(this.engine.pttl(this.board)).isPositive();

		// a board from before without a TTL keeps none while it holds members...
		challenge("old");
		String old = this.engine.keys.challengeBoard("old");
		this.engine.challenges.join("old", "u");
		this.engine.challenges.join("old", "v");
		this.engine.zadd(old, "u", 3);
		batch(ActivityEvent.award("v", "x", "comment"));
		assertThat(this.engine.pttl(old)).isEqualTo(-1);

		// ...and gets one when a batch empties it and an award makes it again
		batch(ActivityEvent.award("u", "s", "spam"), ActivityEvent.revoke("v", "x", "comment"),
				ActivityEvent.award("v", "y", "comment"));
		assertThat(this.engine.members(old)).containsExactly("v");
		assertThat(this.engine.rawScore(old, "v")).isEqualTo(3.0);
		assertThat(this.engine.pttl(old)).isPositive();
	}

	@Test
	void theLargestScoreCountsWhatEarlierCommandsOfTheBatchGaveAndTook() {
		this.engine.challenges.join("sprint", "a");
		this.engine.challenges.join("sprint", "c");
		this.engine.service.award("a", "seed", 1);
		this.engine.zadd(this.board, "a", LARGEST - 3);

		List<AwardResult> results = this.engine.service
			.applyAll(List.of(ActivityEvent.awardPoints("a", "first", 2), ActivityEvent.awardPoints("c", "other", 5),
					ActivityEvent.awardPoints("a", "too-many", 2), ActivityEvent.revoke("a", "first", null),
					ActivityEvent.awardPoints("a", "room-again", 3), ActivityEvent.awardPoints("a", "one-more", 1)));

		assertThat(results).extracting(AwardResult::outcome)
			.containsExactly(Outcome.AWARDED, Outcome.AWARDED, Outcome.REJECTED, Outcome.REVOKED, Outcome.AWARDED,
					Outcome.REJECTED);
		assertThat(this.engine.rawScore(this.board, "a")).isEqualTo((double) LARGEST);
		assertThat(this.engine.rawScore(this.board, "c")).isEqualTo(5.0);
		// the rejected awards stored nothing
		assertThat(this.engine.service.history("a", this.engine.calendar.today(), this.engine.calendar.today())
			.get(0)
			.awards()).containsOnlyKeys("seed", "room-again");
	}

	@Test
	void aBatchLeavesTheBoardsAsTheSameCommandsOneCallAtATime() {
		challenge("single");
		List<String> users = List.of("u", "v", "w");
		for (String user : users) {
			this.engine.challenges.join("sprint", user);
			this.engine.challenges.join("single", "s-" + user);
		}
		List<ActivityEvent> events = List.of(ActivityEvent.award("u", "p", "spam"),
				ActivityEvent.award("u", "a", "comment"), ActivityEvent.award("v", "a", "comment"),
				ActivityEvent.award("u", "q", "spam"), ActivityEvent.revoke("u", "p", "spam"),
				ActivityEvent.award("w", "a", "comment"), ActivityEvent.revoke("v", "a", "comment"),
				ActivityEvent.revoke("w", "a", "comment"), ActivityEvent.revoke("u", "a", "comment"),
				ActivityEvent.revoke("u", "q", "spam"), ActivityEvent.award("v", "b", "comment"),
				ActivityEvent.award("v", "r", "spam"), ActivityEvent.award("w", "b", "comment"));
		UnaryOperator<ActivityEvent> single = (event) -> new ActivityEvent("s-" + event.userId(), event.field(),
				event.rule(), event.points(), event.revoke());

		List<Outcome> batched = batch(events.toArray(new ActivityEvent[0]));
		List<Outcome> oneByOne = new ArrayList<>();
		events.forEach((event) -> oneByOne.addAll(batch(single.apply(event))));

		assertThat(batched).isEqualTo(oneByOne);
		for (String user : users) {
			assertThat(score("sprint", user)).as(user).isEqualTo(score("single", "s-" + user));
		}
		assertThat(this.engine.members(this.board).stream().map((user) -> "s-" + user).toList())
			.isEqualTo(this.engine.members(this.engine.keys.challengeBoard("single")));
		assertThat(this.engine.pttl(this.board) > 0)
			.isEqualTo(this.engine.pttl(this.engine.keys.challengeBoard("single")) > 0);
	}

}
