package io.github.activityrank.engine;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityLimits;
import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.redis.RankKeys;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.data.redis.connection.RedisConnection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The earliest tie-break: among equal points whoever got there first ranks higher, in
 * every query, with an exact score at every bound.
 */
@ExtendWith(OutputCaptureExtension.class)
class TieBreakTests {

	private static final long SPAN = 1L << 32;

	private static final BoardOrder EARLIEST = new BoardOrder(TieBreak.EARLIEST, Ranking.COMPETITION,
			BoardOrder.DEFAULT_EPOCH);

	private static final Map<String, ScoringRule> RULES = Map.of("comment", new ScoringRule("comment", 3, false, 9L),
			"spam", new ScoringRule("spam", -5, false, null));

	// Wednesday 18 November 2026, 10:00 in Shanghai
	private static final LocalDateTime START = LocalDateTime.of(2026, 11, 18, 10, 0);

	private final List<EngineFixture> fixtures = new ArrayList<>();

	private final EngineFixture engine = fixture(EARLIEST);

	@AfterEach
	void cleanUp() {
		this.fixtures.forEach(EngineFixture::close);
	}

	private EngineFixture fixture(BoardOrder order) {
		EngineFixture fixture = new EngineFixture(START, EnumSet.allOf(Period.class), RULES, null, null, order);
		this.fixtures.add(fixture);
		return fixture;
	}

	private void at(int hour, int minute, int second) {
		this.engine.clock.set(START.withHour(hour).withMinute(minute).withSecond(second));
	}

	private String board(Period period) {
		return this.engine.keys.board(period, this.engine.calendar.today());
	}

	private void award(String user, long points) {
		// one field per award; more than MAX_POINTS goes in several awards
		for (long left = points; left > 0; left -= ActivityLimits.MAX_POINTS) {
			AwardResult result = this.engine.service.award(user, "f" + left + "-" + System.nanoTime(),
					Math.min(left, ActivityLimits.MAX_POINTS));
			assertThat(result.outcome()).isEqualTo(Outcome.AWARDED);
		}
	}

	@Test
	void whoeverReachesAScoreFirstRanksFirstOnEveryBoard() {
		at(10, 0, 0);
		award("b", 5);
		at(10, 0, 10);
		award("a", 5);
		at(10, 0, 20);
		award("c", 3);
		at(10, 0, 30);
		award("c", 2);

		for (Period period : Period.values()) {
			assertThat(this.engine.service.board(period).top(10)).as(period.name())
				.extracting(RankEntry::id, RankEntry::rank, RankEntry::score)
				.containsExactly(tuple("b", 1L, 5L), tuple("a", 2L, 5L), tuple("c", 3L, 5L));
		}
	}

	@Test
	void everyQueryRanksByArrivalWithDistinctRanks() {
		at(10, 0, 0);
		award("a", 5);
		at(10, 0, 1);
		award("b", 5);
		at(10, 0, 2);
		award("c", 7);
		at(10, 0, 3);
		award("d", 5);
		LocalDate today = this.engine.calendar.today();

		assertThat(this.engine.service.board(Period.WEEK).top(10)).extracting(RankEntry::id, RankEntry::rank)
			.containsExactly(tuple("c", 1L), tuple("a", 2L), tuple("b", 3L), tuple("d", 4L));
		assertThat(this.engine.service.board(Period.WEEK, today).page(1, 2)).extracting(RankEntry::id, RankEntry::rank)
			.containsExactly(tuple("a", 2L), tuple("b", 3L));
		assertThat(this.engine.service.board(Period.WEEK).rankOf("d")).contains(new RankEntry("d", 4, 5, null));
		assertThat(this.engine.service.board(Period.WEEK).rankOf("b")).contains(new RankEntry("b", 3, 5, null));
		assertThat(this.engine.service.board(Period.WEEK).around("b", 1)).extracting(RankEntry::id, RankEntry::rank)
			.containsExactly(tuple("a", 2L), tuple("b", 3L), tuple("d", 4L));
		assertThat(this.engine.service.board(Period.WEEK).among(List.of("d", "b", "a", "nobody")))
			.extracting(RankEntry::id, RankEntry::rank, RankEntry::score)
			.containsExactly(tuple("a", 1L, 5L), tuple("b", 2L, 5L), tuple("d", 3L, 5L));
	}

	@ParameterizedTest
	@EnumSource(Ranking.class)
	void ranksAreDistinctWhateverTheRankingSays(Ranking ranking) {
		EngineFixture engine = fixture(new BoardOrder(TieBreak.EARLIEST, ranking, BoardOrder.DEFAULT_EPOCH));
		for (String user : List.of("a", "b", "c")) {
			engine.service.award(user, "seed", 5);
			engine.clock.advance(Duration.ofSeconds(1));
		}

		assertThat(engine.service.board(Period.DAY).top(10)).extracting(RankEntry::id, RankEntry::rank)
			.containsExactly(tuple("a", 1L), tuple("b", 2L), tuple("c", 3L));
		assertThat(engine.service.board(Period.DAY).among(List.of("c", "b"))).extracting(RankEntry::rank)
			.containsExactly(1L, 2L);
	}

	@Test
	void awardsInTheSameSecondRankByTheMillisecondOnPeriodBoardsAndTieOnTheTotalBoard() {
		this.engine.clock.set(START.withNano(100_000_000));
		award("a", 5);
		this.engine.clock.set(START.withNano(900_000_000));
		award("b", 5);

		for (Period period : List.of(Period.DAY, Period.WEEK, Period.MONTH)) {
			assertThat(this.engine.service.board(period).top(10)).as(period.name())
				.extracting(RankEntry::id, RankEntry::rank)
				.containsExactly(tuple("a", 1L), tuple("b", 2L));
		}
		// TOTAL counts whole seconds: an exact tie, which Redis orders by member and
		// ZREVRANGE reads backwards
		assertThat(this.engine.service.board(Period.TOTAL).top(10)).extracting(RankEntry::id, RankEntry::rank)
			.containsExactly(tuple("b", 1L), tuple("a", 2L));
		assertThat(this.engine.service.board(Period.TOTAL).rankOf("a").map(RankEntry::rank)).contains(2L);
		assertThat(this.engine.service.board(Period.TOTAL).among(List.of("a", "b"))).extracting(RankEntry::id)
			.containsExactly("b", "a");
	}

	@Test
	void theScoreIsPointsTimesTwoToThe32PlusTheMillisecondsOrOnTotalSecondsLeftInTheSpan() {
		this.engine.clock.set(START.withSecond(7).withNano(250_000_000));
		award("a", 5);
		long sinceMidnight = (10 * 3600 + 7) * 1000L + 250;
		long sinceMonday = 2 * 86_400_000L + sinceMidnight; // the 18th is a Wednesday
		long sinceFirst = 17 * 86_400_000L + sinceMidnight;
		long sinceEpoch = START.withSecond(7).atZone(EngineFixture.ZONE).toEpochSecond()
				- BoardOrder.DEFAULT_EPOCH.getEpochSecond();

		assertThat(this.engine.rawScore(board(Period.DAY), "a"))
			.isEqualTo((double) (5 * SPAN + SPAN - 1 - sinceMidnight));
		assertThat(this.engine.rawScore(board(Period.WEEK), "a"))
			.isEqualTo((double) (5 * SPAN + SPAN - 1 - sinceMonday));
		assertThat(this.engine.rawScore(board(Period.MONTH), "a"))
			.isEqualTo((double) (5 * SPAN + SPAN - 1 - sinceFirst));
		assertThat(this.engine.rawScore(board(Period.TOTAL), "a"))
			.isEqualTo((double) (5 * SPAN + SPAN - 1 - sinceEpoch));
	}

	@Test
	void awardsCarryingTheirOwnInstantsGetTheTimePartALiveAwardGetsThen() {
		LocalDateTime first = START.withSecond(7).withNano(250_000_000);
		this.engine.clock.set(first);
		award("a", 5);
		this.engine.clock.set(START.withMinute(5));
		// two instants in one batch: the script computes each time part from the base
		Instant same = first.atZone(EngineFixture.ZONE).toInstant();
		Instant later = same.plusMillis(850);
		this.engine.service.applyAll(
				List.of(ActivityEvent.awardPoints("b", "x", 5), ActivityEvent.awardPoints("c", "x", 5)),
				List.of(same, later));

		for (Period period : Period.values()) {
			String board = this.engine.keys.board(period, this.engine.calendar.today());
			double a = this.engine.rawScore(board, "a");
			assertThat(this.engine.rawScore(board, "b")).as(period.name()).isEqualTo(a);
			// 850 ms later: 850 less on boards counting milliseconds, a second less on
			// TOTAL (7.250 s to 8.100 s)
			assertThat(this.engine.rawScore(board, "c")).as(period.name())
				.isEqualTo(a - ((period == Period.TOTAL) ? 1 : 850));
		}
	}

	@Test
	void theLargestScoreIsHeldExactlyAndOnePointMoreIsRejectedWithNothingStored() {
		award("a", ActivityLimits.MAX_BOARD_SCORE_EARLIEST);
		for (Period period : Period.values()) {
			assertThat(this.engine.service.board(period).rankOf("a").map(RankEntry::score)).as(period.name())
				.contains(2_097_151L);
		}
		assertThat(this.engine.rawScore(board(Period.TOTAL), "a")).isLessThan(Math.pow(2, 53));
		Double before = this.engine.rawScore(board(Period.DAY), "a");
		this.engine.clock.advance(Duration.ofMinutes(5));

		AwardResult onePointMore = this.engine.service.award("a", "one-more", 1);
		AwardResult cappedRule = this.engine.service.award("a", "c1", "comment");

		assertThat(onePointMore.outcome()).isEqualTo(Outcome.REJECTED);
		assertThat(onePointMore.reason()).contains("largest score of 2097151 points");
		assertThat(cappedRule.outcome()).isEqualTo(Outcome.REJECTED);
		assertThat(this.engine.rawScore(board(Period.DAY), "a")).as("time part untouched too").isEqualTo(before);
		assertThat(recordFields("a")).doesNotContain("one-more", "c1", "#cap:comment");
		assertThat(this.engine.counters.count(Outcome.REJECTED)).isEqualTo(2);
		// the same award is fine for anyone with room for it
		assertThat(this.engine.service.award("b", "one-more", 1).outcome()).isEqualTo(Outcome.AWARDED);
	}

	@Test
	void givingAPenaltyBackPastTheLargestScoreIsRejectedAndTheRecordKept() {
		award("a", ActivityLimits.MAX_BOARD_SCORE_EARLIEST);
		this.engine.service.award("a", "report", "spam");
		award("a", 5);

		AwardResult result = this.engine.service.revoke("a", "report", "spam");

		assertThat(result.outcome()).isEqualTo(Outcome.REJECTED);
		assertThat(this.engine.service.board(Period.TOTAL).rankOf("a").map(RankEntry::score)).contains(2_097_151L);
		assertThat(recordFields("a")).contains("report");
	}

	@Test
	void aRevokeTakesPointsAndKeepsTheTimeOfTheLastAward() {
		at(10, 0, 0);
		this.engine.service.award("a", "x", 5);
		at(10, 0, 10);
		this.engine.service.award("b", "x", 5);
		at(10, 0, 20);
		this.engine.service.award("a", "y", 2);
		Double timeOfY = this.engine.rawScore(board(Period.DAY), "a") % SPAN;
		at(10, 0, 30);

		this.engine.service.revoke("a", "y");

		// a is back at 5, but as of 10:00:20, not 10:00:00: b got to 5 before that
		assertThat(this.engine.rawScore(board(Period.DAY), "a") % SPAN).isEqualTo(timeOfY);
		assertThat(this.engine.service.board(Period.DAY).top(10)).extracting(RankEntry::id, RankEntry::score)
			.containsExactly(tuple("b", 5L), tuple("a", 5L));
	}

	@Test
	void aRevokeLateInTheMonthLogsNoTimeOutsideTheRange(CapturedOutput output) {
		// a revoke's batch names the boards of the 31 days before today, October's month
		// board among them: 28 November lies past its span (49.7 days of milliseconds
		// from 1 October), and no award is made there
		this.engine.clock.set(LocalDateTime.of(2026, 11, 28, 10, 0));
		this.engine.service.award("a", "x", 5);

		this.engine.service.revoke("a", "missing");
		this.engine.service.revoke("a", "x");

		assertThat(output).doesNotContain("from its board's origin");
		assertThat(this.engine.service.board(Period.DAY).rankOf("a")).isEmpty();
	}

	@Test
	void aPenaltyCountsAsReachingTheLowerScoreWhenItIsGiven() {
		at(10, 0, 0);
		this.engine.service.award("a", "x", 13);
		at(10, 0, 10);
		this.engine.service.award("b", "x", 8);
		at(10, 0, 20);
		this.engine.service.award("a", "report", "spam");

		assertThat(this.engine.service.board(Period.DAY).top(10)).extracting(RankEntry::id, RankEntry::score)
			.containsExactly(tuple("b", 8L), tuple("a", 8L));
	}

	@Test
	void theReferencePackingMisordersWhatThisEncodingOrdersRight() {
		// the reference packs points << 40 | (ms before a fixed end) into a long that
		// ZADD stores as a double: above 2^53 it keeps 53 bits, so at 2,000,000 points
		// it rounds to 256 ms and two arrivals 100 ms apart in different seconds can
		// become equal scores, which Redis then orders by member
		LocalDateTime aliceAt = LocalDateTime.of(2026, 11, 18, 12, 0, 8, 950_000_000);
		LocalDateTime bobAt = LocalDateTime.of(2026, 11, 18, 12, 0, 9, 50_000_000);
		long points = 2_000_000;
		double alice = referenceScore(points, aliceAt);
		double bob = referenceScore(points, bobAt);
		assertThat(alice).as("rounded to the same double").isEqualTo(bob);
		String reference = this.engine.keys.tag() + ":reference";
		this.engine.zadd(reference, "alice", alice);
		this.engine.zadd(reference, "bob", bob);
		assertThat(zrevrange(reference)).as("the reference ranks bob first").containsExactly("bob", "alice");

		this.engine.clock.set(aliceAt);
		award("alice", points);
		this.engine.clock.set(bobAt);
		award("bob", points);

		assertThat(this.engine.service.board(Period.WEEK).top(10)).extracting(RankEntry::id, RankEntry::score)
			.containsExactly(tuple("alice", points), tuple("bob", points));
	}

	/** The reference's score: 23 bits of points above 40 bits of time, as a double. */
	private static double referenceScore(long points, LocalDateTime at) {
		long fixedEnd = LocalDateTime.of(2020, 9, 7, 0, 0).plusYears(34).atZone(EngineFixture.ZONE).toEpochSecond()
				* 1000;
		long msBeforeEnd = fixedEnd - at.atZone(EngineFixture.ZONE).toInstant().toEpochMilli();
		long packed = ((points & ((1L << 23) - 1)) << 40) | (msBeforeEnd & ((1L << 40) - 1));
		return (double) packed;
	}

	@Test
	void pastTheSpanOfTheTotalBoardLaterArrivalsTieButNeverPassEarlierOnes() {
		// an epoch 2^32 - 5 s (about 136 years) before the first award: the time part of
		// the TOTAL board runs out 5 s later
		Instant epoch = START.atZone(EngineFixture.ZONE).toInstant().minusSeconds(SPAN - 5);
		EngineFixture old = fixture(new BoardOrder(TieBreak.EARLIEST, Ranking.ORDINAL, epoch));
		String total = old.keys.board(Period.TOTAL, old.calendar.today());
		old.service.award("b", "x", 5);
		old.clock.advance(Duration.ofSeconds(10));
		old.service.award("a", "x", 5);
		old.clock.advance(Duration.ofSeconds(10));
		old.service.award("c", "x", 5);

		assertThat(old.rawScore(total, "b")).isEqualTo(5.0 * SPAN + 4);
		assertThat(old.rawScore(total, "a")).isEqualTo(5.0 * SPAN);
		assertThat(old.rawScore(total, "c")).isEqualTo(5.0 * SPAN);
		// a and c tie and Redis orders them by member; neither passes b
		assertThat(old.service.board(Period.TOTAL).top(10)).extracting(RankEntry::id).containsExactly("b", "c", "a");
		assertThat(old.service.board(Period.DAY).top(10)).as("the day board still tells them apart")
			.extracting(RankEntry::id)
			.containsExactly("b", "a", "c");
	}

	@Test
	void twoHundredThreadsAwardingAtOnceLoseNoPoint() throws Exception {
		int threads = 200;
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try {
			CountDownLatch start = new CountDownLatch(1);
			List<Future<AwardResult>> results = new ArrayList<>();
			for (int i = 0; i < threads; i++) {
				int n = i;
				results.add(pool.submit(() -> {
					assertThat(start.await(10, TimeUnit.SECONDS)).as("start").isTrue();
					if (n % 50 == 0) {
						this.engine.clock.advance(Duration.ofMillis(700));
					}
					this.engine.service.award("t" + n, "own", 1 + n % 3);
					return this.engine.service.award("shared", "f" + n, 3);
				}));
			}
			start.countDown();
			for (Future<AwardResult> result : results) {
				assertThat(result.get(30, TimeUnit.SECONDS).outcome()).isEqualTo(Outcome.AWARDED);
			}
		}
		finally {
			pool.shutdownNow();
		}

		for (Period period : Period.values()) {
			List<RankEntry> board = this.engine.service.board(period).top(1000);
			assertThat(board).as(period.name()).hasSize(threads + 1);
			assertThat(board.get(0)).isEqualTo(new RankEntry("shared", 1, 600, null));
			assertThat(board).extracting(RankEntry::rank).doesNotHaveDuplicates();
			assertThat(board.stream().mapToLong(RankEntry::score).sum())
				.isEqualTo(600 + IntStream.range(0, threads).map((n) -> 1 + n % 3).sum());
		}
	}

	private List<String> recordFields(String user) {
		try (RedisConnection connection = this.engine.connections.getConnection()) {
			return connection.hashCommands()
				.hKeys(this.engine.keys.record(this.engine.calendar.today(), RankKeys.encode(user))
					.getBytes(StandardCharsets.UTF_8))
				.stream()
				.map((field) -> new String(field, StandardCharsets.UTF_8))
				.toList();
		}
	}

	private List<String> zrevrange(String key) {
		try (RedisConnection connection = this.engine.connections.getConnection()) {
			return connection.zSetCommands()
				.zRevRange(key.getBytes(StandardCharsets.UTF_8), 0, -1)
				.stream()
				.map((member) -> new String(member, StandardCharsets.UTF_8))
				.toList();
		}
	}

}
