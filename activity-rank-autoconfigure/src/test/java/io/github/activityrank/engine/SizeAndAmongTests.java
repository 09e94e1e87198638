package io.github.activityrank.engine;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The size of a board, and a group of users ranked among themselves.
 */
class SizeAndAmongTests {

	private final List<Collection<String>> lookups = new ArrayList<>();

	private final EngineFixture engine = new EngineFixture(LocalDateTime.of(2026, 11, 18, 10, 0),
			EnumSet.of(Period.DAY, Period.MONTH), Map.of(), null, (ids) -> {
				this.lookups.add(ids);
				Map<String, Object> users = new HashMap<>();
				ids.forEach((id) -> users.put(id, "name-" + id));
				return users;
			});

	@AfterEach
	void cleanUp() {
		this.engine.close();
	}

	@Test
	void sizeCountsTheMembersOfABoardAndIsZeroWithoutOne() {
		assertThat(this.engine.service.board(Period.DAY).size()).isZero();

		this.engine.service.award("a", "x", 3);
		this.engine.service.award("b", "x", 3);
		this.engine.service.award("b", "y", 3);

		assertThat(this.engine.service.board(Period.DAY).size()).isEqualTo(2);
		assertThat(this.engine.service.board(Period.MONTH, LocalDate.of(2026, 11, 1)).size()).isEqualTo(2);
		assertThat(this.engine.service.board(Period.DAY, LocalDate.of(2026, 11, 17)).size()).isZero();
		assertThatIllegalArgumentException().isThrownBy(() -> this.engine.service.board(Period.WEEK).size())
			.withMessageContaining("activity-rank.periods");
		assertThatIllegalArgumentException().isThrownBy(() -> this.engine.service.board(null).size());
	}

	@Test
	void amongRanksTheGivenUsersFromOneAndLeavesOutUsersWithoutPoints() {
		Map.of("a", 50, "b", 40, "c", 40, "d", 30)
			.forEach((user, points) -> this.engine.service.award(user, "x", points));
		this.lookups.clear();

		List<RankEntry> friends = this.engine.service.board(Period.DAY).among(List.of("d", "b", "nobody", "d"));

		assertThat(friends).extracting(RankEntry::id, RankEntry::rank, RankEntry::score, RankEntry::details)
			.containsExactly(tuple("b", 1L, 40L, "name-b"), tuple("d", 2L, 30L, "name-d"));
		assertThat(this.lookups).containsExactly(List.of("b", "d"));
		assertThat(this.engine.service.board(Period.MONTH, LocalDate.of(2026, 11, 30)).among(List.of("c", "a")))
			.extracting(RankEntry::id, RankEntry::rank)
			.containsExactly(tuple("a", 1L), tuple("c", 2L));
	}

	@Test
	void amongSkipsInvalidIdsAndAnswersEmptyWithoutAskingRedisWhenNoneIsLeft() {
		this.engine.service.award("a", "x", 5);

		assertThat(this.engine.service.board(Period.DAY)
			.among(Arrays.asList("a", null, "", " ", "x".repeat(129), "bad\u0000"))).extracting(RankEntry::id)
			.containsExactly("a");
		assertThat(this.engine.service.board(Period.DAY).among(Arrays.asList(null, ""))).isEmpty();
		assertThat(this.engine.service.board(Period.DAY).among(List.of())).isEmpty();
		assertThat(this.engine.service.board(Period.DAY).among(List.of("nobody", "ghost"))).isEmpty();
	}

	@Test
	void amongTakesAThousandIdsAndRefusesOneMore() {
		for (int i = 0; i < 1000; i += 100) {
			this.engine.service.award("u" + i, "x", 1 + i);
		}
		List<String> thousand = IntStream.range(0, ActivityLimits.MAX_AMONG_USERS).mapToObj((i) -> "u" + i).toList();
		List<String> tooMany = IntStream.rangeClosed(0, ActivityLimits.MAX_AMONG_USERS)
			.mapToObj((i) -> "u" + i)
			.toList();

		assertThat(this.engine.service.board(Period.DAY).among(thousand)).extracting(RankEntry::id, RankEntry::rank)
			.startsWith(tuple("u900", 1L), tuple("u800", 2L))
			.hasSize(10)
			.endsWith(tuple("u0", 10L));
		assertThatIllegalArgumentException().isThrownBy(() -> this.engine.service.board(Period.DAY).among(tooMany))
			.withMessageContaining("at most 1000");
		assertThatIllegalArgumentException().isThrownBy(() -> this.engine.service.board(Period.DAY).among(null));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.engine.service.board(Period.WEEK).among(List.of("u0")))
			.withMessageContaining("activity-rank.periods");
	}

	@Test
	void amongReadsUserIdsThatNeedEncoding() {
		this.engine.service.award("ünïcode user", "x", 7);
		this.engine.service.award("a:b{c}", "x", 9);

		assertThat(this.engine.service.board(Period.DAY).among(List.of("ünïcode user", "a:b{c}")))
			.extracting(RankEntry::id, RankEntry::rank, RankEntry::score)
			.containsExactly(tuple("a:b{c}", 1L, 9L), tuple("ünïcode user", 2L, 7L));
	}

}
