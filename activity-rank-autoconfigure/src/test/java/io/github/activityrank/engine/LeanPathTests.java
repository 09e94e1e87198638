package io.github.activityrank.engine;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.RuleTally;
import io.github.activityrank.test.CountingConnections;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The lean way through the score script (score-lean.lua): a batch of the default
 * configuration is one lean call; a revoke whose award is not in today's record hands the
 * commands from it on to the full script, in order.
 */
class LeanPathTests {

	private static final LocalDateTime MORNING = LocalDateTime.of(2026, 11, 18, 10, 0);

	private final CountingConnections counting = new CountingConnections(EngineFixture.factory());

	private final EngineFixture engine = new EngineFixture(MORNING, EnumSet.of(Period.DAY, Period.MONTH),
			Map.of("penalty", new ScoringRule("penalty", -3, false, null)), null, null, this.counting.factory(),
			RedisTestServer.uniquePrefix("lean"), BoardOrder.DEFAULT);

	@AfterEach
	void close() {
		this.engine.close();
	}

	@Test
	void aBatchOfTodaysAwardsAndRevokesIsOneCall() {
		long before = this.counting.scriptCalls();
		List<AwardResult> results = this.engine.service.applyAll(List.of(ActivityEvent.awardPoints("a", "f1", 3),
				ActivityEvent.awardPoints("b", "f1", 4), ActivityEvent.awardPoints("a", "f1", 3),
				new ActivityEvent("a", "f1", null, null, true), ActivityEvent.awardPoints("a", "f2", 2)));

		assertThat(this.counting.scriptCalls() - before).isEqualTo(1);
		assertThat(results).extracting(AwardResult::outcome)
			.containsExactly(Outcome.AWARDED, Outcome.AWARDED, Outcome.ALREADY_AWARDED, Outcome.REVOKED,
					Outcome.AWARDED);
		assertThat(results).extracting(AwardResult::points).containsExactly(3L, 4L, 0L, 3L, 2L);
		assertThat(this.engine.service.board(Period.DAY).rankOf("a").orElseThrow().score()).isEqualTo(2);
		assertThat(this.engine.service.board(Period.MONTH).rankOf("b").orElseThrow().score()).isEqualTo(4);
	}

	@Test
	void aRevokeOfAnOlderDayHandsTheRestToTheFullScriptInOrder() {
		this.engine.service.award("a", "old", 5);
		this.engine.clock.set(MORNING.plusDays(1));
		long before = this.counting.scriptCalls();
		// the revoke of yesterday's award, then the same field again today, then another
		List<AwardResult> results = this.engine.service
			.applyAll(List.of(ActivityEvent.awardPoints("b", "x", 1), new ActivityEvent("a", "old", null, null, true),
					ActivityEvent.awardPoints("a", "old", 7), ActivityEvent.awardPoints("b", "y", 1)));

		assertThat(this.counting.scriptCalls() - before).isEqualTo(2);
		assertThat(results).extracting(AwardResult::outcome)
			.containsExactly(Outcome.AWARDED, Outcome.REVOKED, Outcome.AWARDED, Outcome.AWARDED);
		assertThat(results).extracting(AwardResult::points).containsExactly(1L, 5L, 7L, 1L);
		assertThat(this.engine.service.board(Period.MONTH).rankOf("a").orElseThrow().score()).isEqualTo(7);
		assertThat(this.engine.service.board(Period.DAY).rankOf("b").orElseThrow().score()).isEqualTo(2);
	}

	@Test
	void aRevokeOfNothingIsAnsweredInTheSameCall() {
		this.engine.service.award("a", "old", 5);
		this.engine.clock.set(MORNING.plusDays(1));
		long before = this.counting.scriptCalls();
		List<AwardResult> results = this.engine.service.applyAll(List.of(ActivityEvent.awardPoints("a", "f", 1),
				new ActivityEvent("a", "never", null, null, true), ActivityEvent.awardPoints("a", "g", 1)));

		assertThat(this.counting.scriptCalls() - before).isEqualTo(1);
		assertThat(results).extracting(AwardResult::outcome)
			.containsExactly(Outcome.AWARDED, Outcome.NOTHING_TO_REVOKE, Outcome.AWARDED);
	}

	@Test
	void awardsAndRevokesReachARunningChallengeInTheSameCall() {
		Instant start = MORNING.minusHours(1).atZone(EngineFixture.ZONE).toInstant();
		this.engine.challenges
			.create(new ChallengeDefinition("sprint", start, start.plusSeconds(86_400), Set.of(), false));
		this.engine.challenges.join("sprint", "a");
		long before = this.counting.scriptCalls();
		List<AwardResult> results = this.engine.service
			.applyAll(List.of(ActivityEvent.awardPoints("a", "f1", 3), ActivityEvent.awardPoints("b", "f1", 4),
					ActivityEvent.awardPoints("a", "f2", 2), new ActivityEvent("a", "f1", null, null, true)));

		assertThat(this.counting.scriptCalls() - before).isEqualTo(1);
		assertThat(results).extracting(AwardResult::outcome)
			.containsExactly(Outcome.AWARDED, Outcome.AWARDED, Outcome.AWARDED, Outcome.REVOKED);
		assertThat(this.engine.challenges.board("sprint").top(10)).extracting(RankEntry::id, RankEntry::score)
			.containsExactly(tuple("a", 2L));
		assertThat(this.engine.pttl(this.engine.keys.challengeBoard("sprint"))).isPositive();
	}

	/**
	 * The lean loop counts an award in its week and month counters before it knows what
	 * the caps leave, and takes back what the award did not keep: a week counter the
	 * award started is gone again when the month's cap leaves nothing.
	 */
	@Test
	void aWeekCounterStartedByAnAwardTheMonthCapsIsTakenBackWhole() {
		Map<String, ScoringRule> rules = Map.of("post", new ScoringRule("post", 5, false, null, 100L, 12L));
		try (EngineFixture capped = new EngineFixture(MORNING, EnumSet.of(Period.DAY, Period.MONTH), rules, null,
				null)) {
			capped.service.applyAll(List.of(ActivityEvent.award("a", "p1", "post"),
					ActivityEvent.award("a", "p2", "post"), ActivityEvent.award("a", "p3", "post")));
			capped.clock.set(MORNING.plusDays(7));
			List<AwardResult> results = capped.service
				.applyAll(List.of(ActivityEvent.award("a", "p4", "post"), ActivityEvent.awardPoints("b", "x", 1)));

			assertThat(results).extracting(AwardResult::outcome).containsExactly(Outcome.CAPPED, Outcome.AWARDED);
			LocalDate nextWeek = MORNING.toLocalDate().plusDays(7);
			assertThat(capped.exists(capped.keys.tallies(Period.WEEK, nextWeek, "a"))).isFalse();
			assertThat(capped.hash(capped.keys.tallies(Period.MONTH, nextWeek, "a")))
				.containsExactly(entry("#cap:post", "12"));
			assertThat(capped.hash(capped.keys.tallies(Period.WEEK, MORNING.toLocalDate(), "a")))
				.containsExactly(entry("#cap:post", "12"));
			assertThat(capped.service.board(Period.MONTH).rankOf("a").orElseThrow().score()).isEqualTo(12);
		}
	}

	/**
	 * The lean loop counts a capped award before it knows what the caps leave: an award
	 * the caps clip keeps what they leave, one they refuse leaves no field, counter or
	 * record behind, and a record or month hash that counting creates gets its TTL.
	 */
	@Test
	void aCappedAwardIsCountedFirstAndTakenBackWhenTheCapsLeaveLess() {
		Map<String, ScoringRule> rules = Map.of("post", new ScoringRule("post", 5, false, 7L, null, 12L));
		try (EngineFixture capped = new EngineFixture(MORNING, EnumSet.of(Period.DAY, Period.MONTH), rules, null,
				null)) {
			List<AwardResult> first = capped.service.applyAll(List.of(ActivityEvent.award("a", "p1", "post"),
					ActivityEvent.award("a", "p2", "post"), ActivityEvent.award("a", "p3", "post")));
			capped.clock.set(MORNING.plusDays(1));
			AwardResult second = capped.service.award("a", "p4", "post");
			capped.clock.set(MORNING.plusDays(2));
			AwardResult third = capped.service.award("a", "p5", "post");

			assertThat(first).extracting(AwardResult::outcome, AwardResult::points)
				.containsExactly(tuple(Outcome.AWARDED, 5L), tuple(Outcome.AWARDED, 2L), tuple(Outcome.CAPPED, 0L));
			assertThat(second).extracting(AwardResult::outcome, AwardResult::points)
				.containsExactly(Outcome.AWARDED, 5L);
			assertThat(third.outcome()).isEqualTo(Outcome.CAPPED);
			LocalDate day = MORNING.toLocalDate();
			String record = capped.keys.record(day, "a");
			assertThat(capped.hash(record)).containsOnlyKeys("p1", "p2", "#cap:post").containsEntry("#cap:post", "7");
			assertThat(capped.service.summary("a", Period.DAY, day).tally("post")).isEqualTo(new RuleTally(2, 7));
			assertThat(capped.hash(capped.keys.record(day.plusDays(1), "a"))).containsOnlyKeys("p4", "#cap:post");
			assertThat(capped.exists(capped.keys.record(day.plusDays(2), "a"))).isFalse();
			String month = capped.keys.tallies(Period.MONTH, day, "a");
			assertThat(capped.hash(month)).containsExactly(entry("#cap:post", "12"));
			assertThat(capped.pttl(record)).isPositive();
			assertThat(capped.pttl(month)).isPositive();
			assertThat(capped.service.board(Period.MONTH).rankOf("a").orElseThrow().score()).isEqualTo(12);
		}
	}

	@Test
	void aPenaltyTakesPointsAndAMemberAtZeroLeaves() {
		this.engine.service.award("a", "f", 3);
		List<AwardResult> results = this.engine.service
			.applyAll(List.of(ActivityEvent.award("a", "p", "penalty"), ActivityEvent.awardPoints("a", "g", 2)));

		assertThat(results).extracting(AwardResult::outcome).containsExactly(Outcome.AWARDED, Outcome.AWARDED);
		assertThat(results).extracting(AwardResult::points).containsExactly(-3L, 2L);
		assertThat(this.engine.service.board(Period.DAY).rankOf("a").orElseThrow().score()).isEqualTo(2);
		// giving a penalty back is the full script's
		assertThat(this.engine.service.revoke("a", "p", "penalty").points()).isEqualTo(-3);
		assertThat(this.engine.service.board(Period.DAY).rankOf("a").orElseThrow().score()).isEqualTo(5);
		assertThat(this.engine.pttl(this.engine.keys.board(Period.DAY, MORNING.toLocalDate()))).isPositive();
	}

	@Test
	void ownInstantsDecideAgainstARemovalInTheLeanCall() {
		// a removal marker expires retention.record after the removal, on the server's
		// clock: this morning, not a fixed day that will have passed
		LocalDateTime morning = LocalDate.now(EngineFixture.ZONE).atTime(10, 0);
		this.engine.clock.set(morning);
		this.engine.service.award("a", "before", 2);
		this.engine.clock.set(morning.plusHours(1));
		this.engine.service.removeUser("a");
		Instant removal = morning.plusHours(1).atZone(EngineFixture.ZONE).toInstant();
		List<AwardResult> results = applyInOneCall(
				List.of(ActivityEvent.awardPoints("a", "late", 3), ActivityEvent.awardPoints("a", "after", 4),
						ActivityEvent.awardPoints("b", "x", 1)),
				List.of(removal.minusSeconds(60), removal.plusSeconds(60), removal.minusSeconds(60)));

		assertThat(results).extracting(AwardResult::outcome)
			.containsExactly(Outcome.REJECTED, Outcome.AWARDED, Outcome.AWARDED);
		assertThat(this.engine.service.board(Period.DAY).rankOf("a").orElseThrow().score()).isEqualTo(4);
	}

	@Test
	void ownInstantsDecideWhichAwardsReachAChallengeInTheLeanCall() {
		Instant morning = MORNING.atZone(EngineFixture.ZONE).toInstant();
		this.engine.clock.set(MORNING.minusHours(2));
		this.engine.challenges.create(new ChallengeDefinition("sprint", morning.minusSeconds(3600),
				morning.plusSeconds(3600), Set.of(), false));
		this.engine.challenges.join("sprint", "a");
		this.engine.challenges.join("sprint", "b");
		this.engine.clock.set(MORNING.plusHours(2));
		// made before the start, while it ran, after its end; the batch's earliest
		// instant
		// is before the end, so the call reads the challenges
		List<AwardResult> results = applyInOneCall(
				List.of(ActivityEvent.awardPoints("b", "early", 1), ActivityEvent.awardPoints("a", "during", 3),
						ActivityEvent.awardPoints("a", "late", 4)),
				List.of(morning.minusSeconds(7200), morning.plusSeconds(1800), morning.plusSeconds(5400)));

		assertThat(results).extracting(AwardResult::outcome)
			.containsExactly(Outcome.AWARDED, Outcome.AWARDED, Outcome.AWARDED);
		assertThat(this.engine.challenges.board("sprint").top(10)).extracting(RankEntry::id, RankEntry::score)
			.containsExactly(tuple("a", 3L));
		assertThat(this.engine.service.board(Period.DAY).rankOf("a").orElseThrow().score()).isEqualTo(7);
	}

	/** Apply events made at instants of their own, checking they took one script call. */
	private List<AwardResult> applyInOneCall(List<ActivityEvent> events, List<Instant> instants) {
		long before = this.counting.scriptCalls();
		List<AwardResult> results = ((TimedActivityApplier) this.engine.service).applyAll(events, instants);
		assertThat(this.counting.scriptCalls() - before).isEqualTo(1);
		return results;
	}

	static Stream<Arguments> configurations() {
		Map<String, ScoringRule> plain = Map.of("post", new ScoringRule("post", 5, false, null), "like",
				new ScoringRule("like", 1, false, null), "spam", new ScoringRule("spam", -2, false, null), "badge",
				new ScoringRule("badge", 10, true, null));
		Map<String, ScoringRule> capped = Map.of("post", new ScoringRule("post", 5, false, 12L, 30L, 45L), "like",
				new ScoringRule("like", 1, false, null), "spam", new ScoringRule("spam", -2, false, null), "badge",
				new ScoringRule("badge", 10, true, null));
		BoardOrder earliest = new BoardOrder(TieBreak.EARLIEST, Ranking.COMPETITION, BoardOrder.DEFAULT_EPOCH);
		return Stream.of(Arguments.of("plain", plain, null, BoardOrder.DEFAULT),
				Arguments.of("caps", capped, 20L, BoardOrder.DEFAULT), Arguments.of("earliest", plain, null, earliest),
				Arguments.of("caps, earliest", capped, 20L, earliest));
	}

	/**
	 * The same random batches (awards, repeats, penalties, once-per-ever awards, revokes
	 * of today's and older days' awards, over three days) on two engines, one of them
	 * kept on the full script by an item type no award uses, with the same challenges
	 * (open to all for one rule, joined for every rule, joined for two rules; two end
	 * after the second day; on the second day a user leaves and joins again, another
	 * joins): the same results, period boards and challenge boards.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("configurations")
	void leanAndFullScriptsAgree(String name, Map<String, ScoringRule> rules, Long dailyCap, BoardOrder order) {
		EnumSet<Period> periods = EnumSet.of(Period.DAY, Period.WEEK, Period.MONTH, Period.TOTAL);
		Map<String, ItemType> unused = Map.of("unused",
				new ItemType("unused", Map.of("nothing", 1L), List.of(Period.DAY), null, 10, false));
		try (EngineFixture lean = new EngineFixture(MORNING, periods, rules, dailyCap, null, order);
				EngineFixture full = new EngineFixture(MORNING, periods, rules, dailyCap, null, EngineFixture.factory(),
						RedisTestServer.uniquePrefix("full"), order, 1, unused)) {
			List<EngineFixture> both = List.of(lean, full);
			Instant start = MORNING.minusHours(1).atZone(EngineFixture.ZONE).toInstant();
			Instant secondDay = MORNING.plusDays(1).plusHours(1).atZone(EngineFixture.ZONE).toInstant();
			for (EngineFixture engine : both) {
				engine.challenges.create(new ChallengeDefinition("open", start, secondDay, Set.of("like"), true));
				engine.challenges
					.create(new ChallengeDefinition("team", start, start.plusSeconds(864_000), Set.of(), false));
				engine.challenges
					.create(new ChallengeDefinition("posts", start, secondDay, Set.of("post", "badge"), false));
				for (int u = 0; u < 5; u++) {
					engine.challenges.join("team", "u" + u);
					engine.challenges.join("posts", "u" + (u + 3));
				}
			}
			Random random = new Random(name.hashCode());
			List<String[]> awarded = new ArrayList<>();
			for (int day = 0; day < 3; day++) {
				for (EngineFixture engine : both) {
					engine.clock.set(MORNING.plusDays(day));
					if (day == 1) {
						// a revoke of an award from before must not take from the new
						// participation
						engine.challenges.leave("team", "u0");
						engine.challenges.join("team", "u0");
						engine.challenges.join("team", "u6");
					}
				}
				for (int batch = 0; batch < 15; batch++) {
					List<ActivityEvent> events = new ArrayList<>();
					for (int e = 0; e < 20; e++) {
						events.add(event(random, awarded));
					}
					assertThat(lean.service.applyAll(events)).as("day %d batch %d", day, batch)
						.isEqualTo(full.service.applyAll(events));
				}
				for (int u = 0; u < 8; u++) {
					// a record made by any path has its TTL (-1: none)
					String record = lean.keys.record(MORNING.toLocalDate().plusDays(day), "u" + u);
					assertThat(lean.pttl(record)).as("TTL of %s", record).isNotEqualTo(-1L);
					// the week and month cap counters: the same, none left at zero, with
					// TTLs
					for (Period period : List.of(Period.WEEK, Period.MONTH)) {
						String counters = lean.keys.tallies(period, MORNING.toLocalDate().plusDays(day), "u" + u);
						assertThat(lean.hash(counters)).as(counters)
							.isEqualTo(
									full.hash(full.keys.tallies(period, MORNING.toLocalDate().plusDays(day), "u" + u)))
							.doesNotContainValue("0");
						assertThat(lean.pttl(counters)).as("TTL of %s", counters).isNotEqualTo(-1L);
					}
				}
				for (Period period : periods) {
					assertThat(lean.service.board(period).top(100)).as("%s on day %d", period, day)
						.isEqualTo(full.service.board(period).top(100));
					// the raw scores too: the tie-break time parts
					assertSameRawScores(lean, lean.keys.board(period, MORNING.toLocalDate().plusDays(day)), full,
							full.keys.board(period, MORNING.toLocalDate().plusDays(day)));
				}
				for (String challenge : List.of("open", "team", "posts")) {
					assertThat(lean.challenges.board(challenge).top(100)).as("%s on day %d", challenge, day)
						.isEqualTo(full.challenges.board(challenge).top(100));
					assertSameRawScores(lean, lean.keys.challengeBoard(challenge), full,
							full.keys.challengeBoard(challenge));
					assertThat(lean.pttl(lean.keys.challengeBoard(challenge))).as("TTL of %s", challenge)
						.isNotEqualTo(-1L);
				}
			}
			assertThat(lean.challenges.board("team").size()).isPositive();
		}
	}

	private static void assertSameRawScores(EngineFixture lean, String leanBoard, EngineFixture full,
			String fullBoard) {
		for (int u = 0; u < 8; u++) {
			assertThat(lean.rawScore(leanBoard, "u" + u)).as("%s of u%d", leanBoard, u)
				.isEqualTo(full.rawScore(fullBoard, "u" + u));
		}
	}

	private static ActivityEvent event(Random random, List<String[]> awarded) {
		String user = "u" + random.nextInt(8);
		int kind = random.nextInt(10);
		if (kind < 2 && !awarded.isEmpty()) {
			String[] award = awarded.get(random.nextInt(awarded.size()));
			return ActivityEvent.revoke(award[0], award[1], award[2]);
		}
		if (kind == 2 && !awarded.isEmpty()) {
			String[] award = awarded.get(random.nextInt(awarded.size()));
			return ActivityEvent.award(award[0], award[1], award[2]);
		}
		String rule = (kind < 5) ? "post" : (kind < 8) ? "like" : (kind < 9) ? "spam" : "badge";
		// once per ever: a few fields, so that later days find them on older days
		String field = rule.equals("badge") ? "b" + random.nextInt(5) : "f" + random.nextInt(1000);
		awarded.add(new String[] { user, field, rule });
		return ActivityEvent.award(user, field, rule);
	}

}
