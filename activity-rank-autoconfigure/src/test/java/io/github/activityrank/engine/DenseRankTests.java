package io.github.activityrank.engine;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.zset.DefaultTuple;
import org.springframework.data.redis.connection.zset.Tuple;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Dense ranks through the companion set of distinct points: kept in step by every change,
 * rebuilt when missing, exact on large boards.
 */
class DenseRankTests {

	private static final LocalDateTime START = LocalDateTime.of(2026, 11, 18, 10, 0);

	private static final BoardOrder DENSE = new BoardOrder(TieBreak.NONE, Ranking.DENSE, BoardOrder.DEFAULT_EPOCH);

	private static final Map<String, ScoringRule> RULES = Map.of("spam", new ScoringRule("spam", -5, false, null));

	private final String prefix = RedisTestServer.uniquePrefix("dense");

	private final List<EngineFixture> fixtures = new ArrayList<>();

	private final EngineFixture engine = fixture(DENSE);

	@AfterEach
	void cleanUp() {
		this.fixtures.forEach(EngineFixture::close);
	}

	/** An engine on this test's boards, ordering them as {@code order} says. */
	private EngineFixture fixture(BoardOrder order) {
		EngineFixture fixture = new EngineFixture(START, EnumSet.of(Period.DAY, Period.TOTAL), RULES, null, null, 0,
				this.prefix, order);
		this.fixtures.add(fixture);
		return fixture;
	}

	private String companion(Period period) {
		return this.engine.keys.dense(period, this.engine.calendar.today());
	}

	private List<Long> denseRanks(EngineFixture engine, Period period) {
		return engine.service.board(period).top(1000).stream().map(RankEntry::rank).toList();
	}

	@Test
	void theCompanionHoldsTheDistinctPointsOfItsBoard() {
		Map.of("a", 9, "b", 7, "c", 7, "d", 5)
			.forEach((user, points) -> this.engine.service.award(user, "seed", points));
		assertThat(this.engine.members(companion(Period.DAY))).containsExactly("5", "7", "9");
		assertThat(this.engine.members(companion(Period.TOTAL))).containsExactly("5", "7", "9");

		this.engine.service.revoke("c", "seed");
		assertThat(this.engine.members(companion(Period.DAY))).as("b still has 7").containsExactly("5", "7", "9");
		assertThat(this.engine.service.board(Period.DAY).rankOf("d").map(RankEntry::rank)).contains(3L);

		this.engine.service.revoke("b", "seed");
		assertThat(this.engine.members(companion(Period.DAY))).containsExactly("5", "9");
		assertThat(this.engine.service.board(Period.DAY).rankOf("d").map(RankEntry::rank)).contains(2L);

		this.engine.service.award("a", "report", "spam"); // 9 - 5 = 4
		assertThat(this.engine.members(companion(Period.DAY))).containsExactly("4", "5");
		assertThat(this.engine.service.board(Period.DAY).rankOf("a").map(RankEntry::rank)).contains(2L);

		this.engine.service.removeUser("d");
		assertThat(this.engine.members(companion(Period.DAY))).containsExactly("4");
		assertThat(this.engine.service.board(Period.DAY).rankOf("a").map(RankEntry::rank)).contains(1L);

		this.engine.service.revoke("a", "seed"); // a had 4: 4 - 9 leaves the board
		assertThat(this.engine.exists(this.engine.keys.board(Period.DAY, this.engine.calendar.today()))).isFalse();
		assertThat(this.engine.exists(companion(Period.DAY))).as("the companion goes with its board").isFalse();
	}

	@Test
	void denseRanksStayExactThroughAwardsRevokesPenaltiesAndRemovals() {
		Random random = new Random(10);
		List<String[]> given = new ArrayList<>();
		for (int step = 0; step < 400; step++) {
			String user = "u" + random.nextInt(15);
			int action = random.nextInt(10);
			if (action < 5) {
				String field = "f" + step;
				this.engine.service.award(user, field, 1 + random.nextInt(6));
				given.add(new String[] { user, field, null });
			}
			else if (action < 7 && !given.isEmpty()) {
				String[] award = given.remove(random.nextInt(given.size()));
				if (award[2] == null) {
					this.engine.service.revoke(award[0], award[1]);
				}
				else {
					this.engine.service.revoke(award[0], award[1], award[2]);
				}
			}
			else if (action < 9) {
				String field = "p" + step;
				this.engine.service.award(user, field, "spam");
				given.add(new String[] { user, field, "spam" });
			}
			else {
				this.engine.service.removeUser(user);
				given.removeIf((award) -> award[0].equals(user));
			}
			if (step % 20 == 19) {
				assertDenseRanksMatchTheScores(Period.DAY);
				assertDenseRanksMatchTheScores(Period.TOTAL);
			}
		}
	}

	private void assertDenseRanksMatchTheScores(Period period) {
		List<RankEntry> board = this.engine.service.board(period).top(1000);
		TreeSet<Long> values = new TreeSet<>();
		board.forEach((entry) -> values.add(entry.score()));
		for (RankEntry entry : board) {
			long expected = values.tailSet(entry.score(), false).size() + 1;
			assertThat(entry.rank()).as("%s on %s", entry.id(), period).isEqualTo(expected);
			assertThat(this.engine.service.board(period).rankOf(entry.id()).map(RankEntry::rank)).contains(expected);
			assertThat(this.engine.service.board(period).around(entry.id(), 0)).extracting(RankEntry::rank)
				.containsExactly(expected);
		}
		assertThat(this.engine.members(companion(period))).map(Long::parseLong)
			.containsExactlyInAnyOrderElementsOf(values);
	}

	@Test
	void theCompanionExpiresWithItsBoard() {
		this.engine.service.award("a", "seed", 3);
		String day = this.engine.keys.board(Period.DAY, this.engine.calendar.today());

		assertThat(this.engine.pttl(companion(Period.DAY))).isPositive()
			.isCloseTo(this.engine.pttl(day), org.assertj.core.data.Offset.offset(1000L));
		assertThat(this.engine.pttl(companion(Period.TOTAL))).isEqualTo(-1);
	}

	@Test
	void aMissingCompanionIsBuiltByTheFirstDenseReadWithTheBoardsTtl() {
		Map.of("a", 9, "b", 7, "c", 7, "d", 5)
			.forEach((user, points) -> this.engine.service.award(user, "seed", points));
		delete(companion(Period.DAY));

		assertThat(this.engine.service.board(Period.DAY).rankOf("d").map(RankEntry::rank)).contains(3L);
		assertThat(this.engine.members(companion(Period.DAY))).containsExactly("5", "7", "9");
		assertThat(this.engine.pttl(companion(Period.DAY))).isPositive();

		// and the awards that follow keep it in step again
		this.engine.service.award("e", "seed", 6);
		assertThat(denseRanks(this.engine, Period.DAY)).containsExactly(1L, 2L, 2L, 3L, 4L);
	}

	@Test
	void anAwardDoesNotStartAHalfCompanionNextToABoardThatHasNone() {
		Map.of("a", 9, "b", 7).forEach((user, points) -> this.engine.service.award(user, "seed", points));
		delete(companion(Period.DAY));

		this.engine.service.award("c", "seed", 5);

		assertThat(this.engine.exists(companion(Period.DAY))).isFalse();
		assertThat(denseRanks(this.engine, Period.DAY)).containsExactly(1L, 2L, 3L);
	}

	@Test
	void boardsWrittenInAnotherModeAreRankedDenselyOnceDenseRankingIsOn() {
		EngineFixture competition = fixture(BoardOrder.DEFAULT);
		Map.of("a", 9, "b", 7, "c", 7, "d", 5)
			.forEach((user, points) -> competition.service.award(user, "seed", points));
		assertThat(competition.service.board(Period.DAY).rankOf("d").map(RankEntry::rank)).contains(4L);

		assertThat(this.engine.service.board(Period.DAY).rankOf("d").map(RankEntry::rank)).contains(3L);
		assertThat(this.engine.service.board(Period.TOTAL, this.engine.calendar.today()).page(1, 3))
			.extracting(RankEntry::rank)
			.containsExactly(2L, 2L, 3L);
	}

	@Test
	void aModeWithoutCompanionsDropsThemSoNoneIsLeftOutOfStep() {
		Map.of("a", 9, "b", 7).forEach((user, points) -> this.engine.service.award(user, "seed", points));
		assertThat(this.engine.exists(companion(Period.DAY))).isTrue();

		// an instance in competition mode drops the companions it would not keep in step
		EngineFixture competition = fixture(BoardOrder.DEFAULT);
		competition.service.award("c", "seed", 8);
		assertThat(this.engine.exists(companion(Period.DAY))).isFalse();
		assertThat(this.engine.exists(companion(Period.TOTAL))).isFalse();
		competition.service.revoke("b", "seed");

		assertThat(this.engine.service.board(Period.DAY).top(10)).extracting(RankEntry::id, RankEntry::rank)
			.containsExactly(org.assertj.core.groups.Tuple.tuple("a", 1L),
					org.assertj.core.groups.Tuple.tuple("c", 2L));
	}

	@Test
	void denseRanksAreExactOnABoardOfHalfAMillionMembers() {
		// 500,000 members over 5,000 distinct scores, loaded as a board from before
		// dense ranking was turned on: its companion is built on the first dense read
		String board = this.engine.keys.board(Period.TOTAL, this.engine.calendar.today());
		int members = 500_000;
		int values = 5_000;
		try (RedisConnection connection = this.engine.connections.getConnection()) {
			for (int from = 0; from < members; from += 10_000) {
				Set<Tuple> chunk = new HashSet<>();
				for (int i = from; i < from + 10_000; i++) {
					chunk.add(new DefaultTuple(("m" + i).getBytes(StandardCharsets.UTF_8), (double) (1 + i % values)));
				}
				connection.zSetCommands().zAdd(board.getBytes(StandardCharsets.UTF_8), chunk);
			}
		}
		LocalDate today = this.engine.calendar.today();

		// m4999 has the top score 5000; m0 has 1, the lowest
		assertThat(this.engine.service.board(Period.TOTAL).rankOf("m4999").map(RankEntry::rank)).contains(1L);
		assertThat(this.engine.service.board(Period.TOTAL).rankOf("m0").map(RankEntry::rank)).contains((long) values);
		assertThat(this.engine.service.board(Period.TOTAL).rankOf("m1234"))
			.contains(new RankEntry("m1234", values - 1234, 1235, null));
		// 100 members share each score: a page across a boundary of scores
		assertThat(this.engine.service.board(Period.TOTAL, today).page(250_000 - 1, 2)).extracting(RankEntry::rank)
			.containsExactly(2_500L, 2_501L);
		assertThat(this.engine.service.board(Period.TOTAL).around("m0", 1)).extracting(RankEntry::rank)
			.containsExactly((long) values, (long) values, (long) values);

		// an award moves one member to a new value: one more distinct score above the
		// rest
		this.engine.service.award("m0", "bonus", 10_000);
		assertThat(this.engine.service.board(Period.TOTAL).rankOf("m0").map(RankEntry::rank)).contains(1L);
		assertThat(this.engine.service.board(Period.TOTAL).rankOf("m4999").map(RankEntry::rank)).contains(2L);
		assertThat(this.engine.service.board(Period.TOTAL).size()).isEqualTo(members);
	}

	private void delete(String key) {
		try (RedisConnection connection = this.engine.connections.getConnection()) {
			connection.keyCommands().del(key.getBytes(StandardCharsets.UTF_8));
		}
	}

}
