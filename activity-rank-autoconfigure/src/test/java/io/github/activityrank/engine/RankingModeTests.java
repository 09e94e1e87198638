package io.github.activityrank.engine;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Every ranking mode in every query: competition (1, 2, 2, 4), dense (1, 2, 2, 3) and
 * ordinal (1, 2, 3, 4), the same numbering whichever query asks.
 */
class RankingModeTests {

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

	private EngineFixture engine(Ranking ranking) {
		EngineFixture engine = new EngineFixture(LocalDateTime.of(2026, 11, 18, 10, 0),
				EnumSet.of(Period.DAY, Period.TOTAL), Map.of("spam", new ScoringRule("spam", -5, false, null)), null,
				EngineFixture.NAMES, new BoardOrder(TieBreak.NONE, ranking, BoardOrder.DEFAULT_EPOCH));
		this.fixtures.add(engine);
		SCORES.forEach((user, points) -> engine.service.award(user, "seed", points));
		return engine;
	}

	/** The board as (user, rank, score) in board order, as the mode numbers it. */
	private static List<org.assertj.core.groups.Tuple> expected(Ranking ranking) {
		List<org.assertj.core.groups.Tuple> rows = new ArrayList<>();
		for (int i = 0; i < BOARD_ORDER.size(); i++) {
			String user = BOARD_ORDER.get(i);
			rows.add(tuple(user, RANKS.get(ranking).get(i), SCORES.get(user)));
		}
		return rows;
	}

	@ParameterizedTest
	@EnumSource(Ranking.class)
	void topNumbersTheWholeBoard(Ranking ranking) {
		EngineFixture engine = engine(ranking);

		for (Period period : List.of(Period.DAY, Period.TOTAL)) {
			assertThat(engine.service.board(period).top(10)).as(period.name())
				.extracting(RankEntry::id, RankEntry::rank, RankEntry::score)
				.containsExactlyElementsOf(expected(ranking));
		}
		assertThat(engine.service.board(Period.DAY).top(10).get(0).details()).isEqualTo("name-a");
	}

	@ParameterizedTest
	@EnumSource(Ranking.class)
	void everyPageNumbersAsTheWholeBoard(Ranking ranking) {
		EngineFixture engine = engine(ranking);
		LocalDate today = engine.calendar.today();

		for (int offset = 0; offset < BOARD_ORDER.size(); offset++) {
			for (int limit = 1; offset + limit <= BOARD_ORDER.size(); limit++) {
				assertThat(engine.service.board(Period.DAY, today).page(offset, limit))
					.as("offset %d limit %d", offset, limit)
					.extracting(RankEntry::id, RankEntry::rank, RankEntry::score)
					.containsExactlyElementsOf(expected(ranking).subList(offset, offset + limit));
			}
		}
		assertThat(engine.service.board(Period.DAY, today).page(6, 5)).isEmpty();
	}

	@ParameterizedTest
	@EnumSource(Ranking.class)
	void rankOfGivesEachUserTheirBoardRank(Ranking ranking) {
		EngineFixture engine = engine(ranking);

		for (int i = 0; i < BOARD_ORDER.size(); i++) {
			String user = BOARD_ORDER.get(i);
			assertThat(engine.service.board(Period.DAY).rankOf(user))
				.contains(new RankEntry(user, RANKS.get(ranking).get(i), SCORES.get(user), "name-" + user));
		}
		assertThat(engine.service.board(Period.DAY).rankOf("nobody")).isEmpty();
	}

	@ParameterizedTest
	@EnumSource(Ranking.class)
	void aroundNumbersItsWindowAsTheWholeBoard(Ranking ranking) {
		EngineFixture engine = engine(ranking);

		for (int i = 0; i < BOARD_ORDER.size(); i++) {
			List<RankEntry> window = engine.service.board(Period.DAY).around(BOARD_ORDER.get(i), 1);
			int from = Math.max(0, Math.min(i - 1, BOARD_ORDER.size() - 3));
			assertThat(window).as(BOARD_ORDER.get(i))
				.extracting(RankEntry::id, RankEntry::rank, RankEntry::score)
				.containsExactlyElementsOf(expected(ranking).subList(from, from + 3));
		}
	}

	@ParameterizedTest
	@EnumSource(Ranking.class)
	void amongNumbersTheGroupFromOneInTheSameMode(Ranking ranking) {
		EngineFixture engine = engine(ranking);

		// c and b tie at 7; d and e tie at 5; f trails
		List<Long> ranks = switch (ranking) {
			case COMPETITION -> List.of(1L, 1L, 3L, 3L, 5L);
			case DENSE -> List.of(1L, 1L, 2L, 2L, 3L);
			case ORDINAL -> List.of(1L, 2L, 3L, 4L, 5L);
		};
		assertThat(engine.service.board(Period.DAY).among(List.of("f", "d", "b", "e", "c", "nobody")))
			.extracting(RankEntry::id, RankEntry::rank, RankEntry::score, RankEntry::details)
			.containsExactly(tuple("c", ranks.get(0), 7L, "name-c"), tuple("b", ranks.get(1), 7L, "name-b"),
					tuple("e", ranks.get(2), 5L, "name-e"), tuple("d", ranks.get(3), 5L, "name-d"),
					tuple("f", ranks.get(4), 3L, "name-f"));
	}

	@ParameterizedTest
	@EnumSource(Ranking.class)
	void everyQueryAgreesAfterPenaltiesAndRevokes(Ranking ranking) {
		EngineFixture engine = engine(ranking);
		engine.service.award("a", "report", "spam"); // a 4
		engine.service.revoke("c", "seed"); // c leaves
		engine.service.award("g", "seed", 5); // g 5

		List<RankEntry> top = engine.service.board(Period.DAY).top(10);
		assertThat(top).extracting(RankEntry::id).containsExactly("b", "g", "e", "d", "a", "f");
		assertThat(top).extracting(RankEntry::rank).containsExactlyElementsOf(switch (ranking) {
			case COMPETITION -> List.of(1L, 2L, 2L, 2L, 5L, 6L);
			case DENSE -> List.of(1L, 2L, 2L, 2L, 3L, 4L);
			case ORDINAL -> List.of(1L, 2L, 3L, 4L, 5L, 6L);
		});
		for (RankEntry entry : top) {
			assertThat(engine.service.board(Period.DAY).rankOf(entry.id()).map(RankEntry::rank)).as(entry.id())
				.contains(entry.rank());
			assertThat(engine.service.board(Period.DAY).around(entry.id(), 0)).extracting(RankEntry::rank)
				.containsExactly(entry.rank());
		}
	}

}
