package io.github.activityrank.engine;

import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.ChallengeService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.test.CountingConnections;
import io.github.activityrank.test.RedisTestServer;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Challenge boards read like the period boards, in every rank mode and tie-break, and one
 * award reaches a hundred of them in one script call.
 */
class ChallengeBoardTests {

	private static final long SPAN = 1L << 32;

	// Wednesday 18 November 2026, 10:00 in Shanghai; the challenge starts at 12:00:00
	private static final LocalDateTime MORNING = LocalDateTime.of(2026, 11, 18, 10, 0);

	private static final LocalDateTime START = MORNING.withHour(12);

	/**
	 * a 9, b 7, c 7, d 5, e 5, f 3; Redis orders equal scores by member, descending, so
	 * the board reads a, c, b, e, d, f.
	 */
	private static final Map<String, Long> SCORES = Map.of("a", 9L, "b", 7L, "c", 7L, "d", 5L, "e", 5L, "f", 3L);

	private static final List<String> BOARD_ORDER = List.of("a", "c", "b", "e", "d", "f");

	private static final Map<Ranking, List<Long>> RANKS = Map.of(Ranking.COMPETITION, List.of(1L, 2L, 2L, 4L, 4L, 6L),
			Ranking.DENSE, List.of(1L, 2L, 2L, 3L, 3L, 4L), Ranking.ORDINAL, List.of(1L, 2L, 3L, 4L, 5L, 6L));

	private final List<EngineFixture> fixtures = new ArrayList<>();

	@AfterEach
	void cleanUp() {
		this.fixtures.forEach(EngineFixture::close);
	}

	private EngineFixture engine(BoardOrder order) {
		EngineFixture engine = new EngineFixture(MORNING, EnumSet.of(Period.DAY), Map.of(), null, EngineFixture.NAMES,
				order);
		this.fixtures.add(engine);
		return engine;
	}

	private static ChallengeDefinition openChallenge(String id) {
		Instant start = START.atZone(EngineFixture.ZONE).toInstant();
		return new ChallengeDefinition(id, start, start.plusSeconds(86_400), Set.of(), true);
	}

	@ParameterizedTest
	@EnumSource(Ranking.class)
	void everyQueryNumbersTheBoardAsTheRankingSays(Ranking ranking) {
		EngineFixture engine = engine(new BoardOrder(TieBreak.NONE, ranking, BoardOrder.DEFAULT_EPOCH));
		engine.challenges.create(openChallenge("season"));
		engine.clock.set(START);
		SCORES.forEach((user, points) -> engine.service.award(user, "seed", points));
		List<Tuple> board = new ArrayList<>();
		for (int i = 0; i < BOARD_ORDER.size(); i++) {
			String user = BOARD_ORDER.get(i);
			board.add(tuple(user, RANKS.get(ranking).get(i), SCORES.get(user), "name-" + user));
		}

		ChallengeService challenges = engine.challenges;
		assertThat(challenges.board("season").top(10))
			.extracting(RankEntry::id, RankEntry::rank, RankEntry::score, RankEntry::details)
			.containsExactlyElementsOf(board);
		assertThat(challenges.board("season").page(2, 3))
			.extracting(RankEntry::id, RankEntry::rank, RankEntry::score, RankEntry::details)
			.containsExactlyElementsOf(board.subList(2, 5));
		assertThat(challenges.board("season").around("e", 1))
			.extracting(RankEntry::id, RankEntry::rank, RankEntry::score, RankEntry::details)
			.containsExactlyElementsOf(board.subList(2, 5));
		for (int i = 0; i < BOARD_ORDER.size(); i++) {
			String user = BOARD_ORDER.get(i);
			assertThat(challenges.board("season").rankOf(user))
				.contains(new RankEntry(user, RANKS.get(ranking).get(i), SCORES.get(user), "name-" + user));
		}
		assertThat(challenges.board("season").size()).isEqualTo(6);
		// the period board agrees
		assertThat(engine.service.board(Period.DAY).top(10)).extracting(RankEntry::id, RankEntry::rank)
			.containsExactlyElementsOf(board.stream().map((row) -> tuple(row.toArray()[0], row.toArray()[1])).toList());
	}

	@Test
	void aDenseBoardKeepsItsDistinctPointsWhenUsersLeaveAndScoresChange() {
		EngineFixture engine = engine(new BoardOrder(TieBreak.NONE, Ranking.DENSE, BoardOrder.DEFAULT_EPOCH));
		Instant start = START.atZone(EngineFixture.ZONE).toInstant();
		engine.challenges.create(new ChallengeDefinition("sprint", start, start.plusSeconds(86_400), Set.of(), false));
		for (String user : List.of("a", "b", "c")) {
			engine.challenges.join("sprint", user);
		}
		engine.clock.set(START);
		engine.service.award("a", "x", 9);
		engine.service.award("b", "x", 7);
		engine.service.award("c", "x", 5);

		engine.challenges.leave("sprint", "b");
		engine.service.revoke("c", "x");
		engine.service.award("c", "y", 4);

		assertThat(engine.members(engine.keys.challengeDense("sprint"))).containsExactly("4", "9");
		assertThat(engine.challenges.board("sprint").top(10)).extracting(RankEntry::id, RankEntry::rank)
			.containsExactly(tuple("a", 1L), tuple("c", 2L));
	}

	@Test
	void theEarliestTieBreakCountsTheChallengesTimeFromItsStart() {
		EngineFixture engine = engine(new BoardOrder(TieBreak.EARLIEST, Ranking.COMPETITION, BoardOrder.DEFAULT_EPOCH));
		engine.challenges.create(openChallenge("season"));
		engine.clock.set(START.withSecond(0));
		engine.service.award("b", "x", 5);
		engine.clock.set(START.withSecond(10));
		engine.service.award("a", "x", 5);
		engine.clock.set(START.withSecond(20));
		engine.service.award("c", "x", 7);

		assertThat(engine.challenges.board("season").top(10))
			.extracting(RankEntry::id, RankEntry::rank, RankEntry::score)
			.containsExactly(tuple("c", 1L, 7L), tuple("b", 2L, 5L), tuple("a", 3L, 5L));
		String board = engine.keys.challengeBoard("season");
		assertThat(engine.rawScore(board, "b")).isEqualTo(5.0 * SPAN + SPAN - 1);
		// a challenge of a day counts milliseconds
		assertThat(engine.rawScore(board, "a")).isEqualTo(5.0 * SPAN + SPAN - 1 - 10_000);
		// the day board counts from midnight: two hours earlier
		assertThat(engine.rawScore(engine.keys.board(Period.DAY, MORNING.toLocalDate()), "b"))
			.isEqualTo(5.0 * SPAN + SPAN - 1 - 12 * 3600 * 1000L);
		assertThat(engine.challenges.board("season").rankOf("a")).contains(new RankEntry("a", 3, 5, "name-a"));
	}

	@Test
	void oneAwardReachesAHundredJoinedChallengesInOneScriptCall() {
		CountingConnections counting = new CountingConnections(EngineFixture.factory());
		EngineFixture engine = new EngineFixture(MORNING, EnumSet.of(Period.DAY, Period.TOTAL), Map.of(), null, null,
				counting.factory(), RedisTestServer.uniquePrefix("engine"), BoardOrder.DEFAULT);
		this.fixtures.add(engine);
		Instant start = START.atZone(EngineFixture.ZONE).toInstant();
		List<String> ids = new ArrayList<>();
		for (int c = 0; c < ActivityLimits.MAX_JOINED_CHALLENGES; c++) {
			ids.add("c" + c);
			engine.challenges.create(new ChallengeDefinition("c" + c, start, start.plusSeconds(3600), Set.of(), false));
			engine.challenges.join("c" + c, "u");
		}
		engine.challenges.create(openChallenge("season"));
		ids.add("season");
		engine.clock.set(START);
		// the first batch after challenges appear is tried on the lean way, which sees
		// them
		// and leaves the batch to the full script (two calls); the lean way then pauses
		engine.service.award("w", "warm-up", 1);
		engine.service.revoke("w", "warm-up");

		long before = counting.scriptCalls();
		engine.service.award("u", "x", 3);

		assertThat(counting.scriptCalls() - before).isEqualTo(1);
		for (String id : ids) {
			assertThat(engine.challenges.board(id).rankOf("u")).as(id).contains(new RankEntry("u", 1, 3, null));
		}
		assertThat(engine.service.revoke("u", "x").points()).isEqualTo(3);
		for (String id : ids) {
			assertThat(engine.challenges.board(id).size()).as(id).isZero();
		}
	}

}
