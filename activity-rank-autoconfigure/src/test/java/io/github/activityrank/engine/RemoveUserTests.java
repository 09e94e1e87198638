package io.github.activityrank.engine;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Removing a user deletes their records and board entries, and only moves others up.
 */
@ExtendWith(OutputCaptureExtension.class)
class RemoveUserTests {

	// Monday 16 November 2026: the user scores then, on Wednesday the 18th and on
	// Tuesday 1 December
	private static final LocalDateTime MONDAY = LocalDateTime.of(2026, 11, 16, 10, 0);

	private final List<EngineFixture> fixtures = new ArrayList<>();

	@AfterEach
	void cleanUp() {
		this.fixtures.forEach(EngineFixture::close);
	}

	private EngineFixture engine(BoardOrder order) {
		EngineFixture engine = new EngineFixture(MONDAY, EnumSet.allOf(Period.class), Map.of(), null, null, order);
		this.fixtures.add(engine);
		return engine;
	}

	/**
	 * "gone" scores on three days over two weeks and two months; "a" and "b" score next
	 * to them.
	 */
	private void history(EngineFixture engine) {
		engine.service.award("gone", "x", 9);
		engine.service.award("a", "x", 5);
		engine.clock.set(MONDAY.plusDays(2));
		engine.service.award("gone", "x", 9);
		engine.service.award("b", "x", 9);
		engine.clock.set(MONDAY.plusDays(15));
		engine.service.award("gone", "x", 9);
		engine.service.award("a", "y", 5);
	}

	@Test
	void removesEveryRecordAndBoardEntryAndCountsTheKeys(CapturedOutput output) {
		EngineFixture engine = engine(BoardOrder.DEFAULT);
		history(engine);
		List<String> before = engine.storedKeys();

		long changed = engine.service.removeUser("gone");

		// 3 records (no week or month hashes: they hold cap counters, and no cap
		// applies); 3 day boards, 2 week boards, 2 month boards, total
		assertThat(changed).isEqualTo(3 + 3 + 2 + 2 + 1);
		// every board still has someone else on it; the removal marker
		// (RemovalMarkerTests)
		// is all that is new
		String markers = engine.keys.tag() + ":removed";
		List<String> after = engine.storedKeys().stream().filter((key) -> !key.startsWith(markers)).toList();
		assertThat(after).noneMatch((key) -> key.endsWith(":gone")).hasSize(before.size() - 3);
		for (Period period : Period.values()) {
			for (LocalDate day : List.of(LocalDate.of(2026, 11, 16), LocalDate.of(2026, 11, 18),
					LocalDate.of(2026, 12, 1))) {
				assertThat(engine.service.board(period, day).rankOf("gone")).isEmpty();
			}
		}
		assertThat(output).contains("Removed a user's activity: 11 keys changed").doesNotContain("gone");
	}

	@Test
	void othersKeepTheirScoresAndOnlyMoveUp() {
		EngineFixture engine = engine(BoardOrder.DEFAULT);
		history(engine);
		List<RankEntry> totalBefore = engine.service.board(Period.TOTAL).top(10);
		assertThat(totalBefore).extracting(RankEntry::id, RankEntry::rank, RankEntry::score)
			.containsExactly(tuple("gone", 1L, 27L), tuple("a", 2L, 10L), tuple("b", 3L, 9L));
		List<RankEntry> weekBefore = engine.service.board(Period.WEEK, LocalDate.of(2026, 11, 18)).top(10);

		engine.service.removeUser("gone");

		assertThat(engine.service.board(Period.TOTAL).top(10))
			.extracting(RankEntry::id, RankEntry::rank, RankEntry::score)
			.containsExactly(tuple("a", 1L, 10L), tuple("b", 2L, 9L));
		List<RankEntry> weekAfter = engine.service.board(Period.WEEK, LocalDate.of(2026, 11, 18)).top(10);
		assertThat(weekAfter).extracting(RankEntry::id, RankEntry::score)
			.containsExactly(tuple("b", 9L), tuple("a", 5L));
		for (RankEntry after : weekAfter) {
			RankEntry before = weekBefore.stream().filter((e) -> e.id().equals(after.id())).findFirst().get();
			assertThat(after.rank()).as(after.id()).isLessThan(before.rank());
		}
		assertThat(engine.service.board(Period.DAY, LocalDate.of(2026, 11, 16)).top(10))
			.extracting(RankEntry::id, RankEntry::rank, RankEntry::score)
			.containsExactly(tuple("a", 1L, 5L));
		assertThat(engine.service.history("a", LocalDate.of(2026, 11, 16), LocalDate.of(2026, 12, 1))).hasSize(2);
	}

	@Test
	void denseCompanionsLoseTheValuesOnlyTheUserHeld() {
		EngineFixture engine = engine(new BoardOrder(TieBreak.NONE, Ranking.DENSE, BoardOrder.DEFAULT_EPOCH));
		engine.service.award("gone", "x", 9);
		engine.service.award("twin", "x", 9);
		engine.service.award("alone", "x", 4);
		engine.service.award("alone", "y", 3);
		String dayCompanion = engine.keys.dense(Period.DAY, engine.calendar.today());

		// the record and four boards; no companion changes: twin still holds 9
		assertThat(engine.service.removeUser("gone")).isEqualTo(1 + 4);
		assertThat(engine.members(dayCompanion)).containsExactly("7", "9");
		// the record, four boards and the value 7 in four companions
		assertThat(engine.service.removeUser("alone")).isEqualTo(1 + 4 + 4);
		assertThat(engine.members(dayCompanion)).containsExactly("9");
		assertThat(engine.service.board(Period.MONTH).rankOf("twin").map(RankEntry::rank)).contains(1L);
	}

	@Test
	void theEarliestLayoutIsRemovedTheSameWay() {
		EngineFixture engine = engine(new BoardOrder(TieBreak.EARLIEST, Ranking.ORDINAL, BoardOrder.DEFAULT_EPOCH));
		engine.service.award("gone", "x", 9);
		engine.clock.advance(Duration.ofSeconds(1));
		engine.service.award("b", "x", 9);

		assertThat(engine.service.removeUser("gone")).isEqualTo(1 + 4);
		assertThat(engine.service.board(Period.WEEK).top(10)).containsExactly(new RankEntry("b", 1, 9, null));
	}

	@Test
	void aUserWithNothingStoredOrAnInvalidIdChangesNothing() {
		EngineFixture engine = engine(BoardOrder.DEFAULT);
		engine.service.award("a", "x", 5);

		assertThat(engine.service.removeUser("nobody")).isZero();
		assertThat(engine.service.removeUser(null)).isZero();
		assertThat(engine.service.removeUser(" ")).isZero();
		assertThat(engine.service.board(Period.TOTAL).rankOf("a").map(RankEntry::score)).contains(5L);
	}

	@Test
	void boardsPastTheirRetentionAreNotAskedFor() {
		EngineFixture engine = engine(BoardOrder.DEFAULT);

		// 31 days of retention after the day ends: today and the 31 days before it
		assertThat(engine.calendar.retainedPeriods(Period.DAY)).hasSize(32)
			.startsWith(LocalDate.of(2026, 11, 16))
			.endsWith(LocalDate.of(2026, 10, 16));
		// 70 days after the week ends: the boards of ten earlier weeks still exist
		assertThat(engine.calendar.retainedPeriods(Period.WEEK)).hasSize(11)
			.allMatch((day) -> day.getDayOfWeek() == java.time.DayOfWeek.MONDAY);
		// 365 days after the month ends: November 2025 ended 350 days ago
		assertThat(engine.calendar.retainedPeriods(Period.MONTH)).hasSize(13).endsWith(LocalDate.of(2025, 11, 1));
		assertThat(engine.calendar.retainedPeriods(Period.TOTAL)).hasSize(1);
	}

}
