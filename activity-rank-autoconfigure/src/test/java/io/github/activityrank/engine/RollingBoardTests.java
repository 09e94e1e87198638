package io.github.activityrank.engine;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.redis.RedisRollingBoards;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.data.redis.connection.RedisConnection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Rolling boards on the test Redis (database 4, a prefix of their own) with a movable
 * clock: which days they sum, how stale they may be, who rebuilds them.
 */
@ExtendWith(OutputCaptureExtension.class)
class RollingBoardTests {

	private static final LocalDateTime NOON = LocalDateTime.of(2026, 6, 20, 12, 0);

	private static final Duration REFRESH = Duration.ofMinutes(1);

	private final EngineFixture engine = fixture(BoardOrder.DEFAULT);

	private final RedisRollingBoards rolling = rolling(this.engine, BoardOrder.DEFAULT, REFRESH);

	private EngineFixture other;

	private static EngineFixture fixture(BoardOrder order) {
		return new EngineFixture(NOON, EnumSet.of(Period.DAY, Period.MONTH), EngineFixture.FORUM_RULES, null, null, 4,
				RedisTestServer.uniquePrefix("rolling"), order);
	}

	private static RedisRollingBoards rolling(EngineFixture engine, BoardOrder order, Duration refresh) {
		RedisRollingBoards rolling = new RedisRollingBoards(engine.connections, engine.shards, engine.calendar, order,
				List.of(7, 30), refresh);
		engine.service.setRollingBoards(rolling);
		return rolling;
	}

	@AfterEach
	void deleteKeys() {
		this.engine.close();
		if (this.other != null) {
			this.other.close();
		}
	}

	@Test
	void anAwardEightDaysAgoIsOnTheThirtyDayBoardAndNotOnTheSevenDayBoard() {
		this.engine.clock.set(NOON.minusDays(8));
		this.engine.service.award("ann", "old", 5);
		this.engine.clock.set(NOON);
		this.engine.service.award("bob", "new", 3);
		this.engine.service.award("ann", "new", 1);

		assertThat(this.engine.service.rolling(7).top(10)).extracting(RankEntry::id, RankEntry::score)
			.containsExactly(tuple("bob", 3L), tuple("ann", 1L));
		assertThat(this.engine.service.rolling(30).top(10)).extracting(RankEntry::id, RankEntry::score)
			.containsExactly(tuple("ann", 6L), tuple("bob", 3L));
	}

	@Test
	void theWindowStartsAtMidnightOfTheOldestDayInTheZone() {
		// the 7 days ending on the 20th start on the 14th, 00:00 in Asia/Shanghai
		this.engine.clock.set(LocalDateTime.of(2026, 6, 13, 23, 59));
		this.engine.service.award("ann", "late", 4);
		this.engine.clock.set(LocalDateTime.of(2026, 6, 14, 0, 1));
		this.engine.service.award("bob", "early", 2);
		this.engine.clock.set(NOON);

		assertThat(this.engine.service.rolling(7).top(10)).extracting(RankEntry::id).containsExactly("bob");
	}

	@Test
	void aBoardIsReadAsBuiltUntilTheRefreshIntervalHasPassed() {
		this.engine.service.award("ann", "first", 2);
		assertThat(this.engine.service.rolling(7).size()).isOne();
		this.engine.service.award("bob", "second", 3);

		this.engine.clock.advance(REFRESH.minusSeconds(1));
		assertThat(this.engine.service.rolling(7).rankOf("bob")).isEmpty();
		this.engine.clock.advance(Duration.ofSeconds(1));
		assertThat(this.engine.service.rolling(7).rankOf("bob")).get().extracting(RankEntry::rank).isEqualTo(1L);
		assertThat(this.rolling.builds()).isEqualTo(2);
	}

	@Test
	void afterMidnightABoardBuiltTheDayBeforeIsNotReadEvenWithinTheRefreshInterval() {
		this.engine.clock.set(NOON.minusDays(6));
		this.engine.service.award("ann", "old", 5);
		this.engine.clock.set(NOON.withHour(23).withMinute(59).withSecond(30));
		Leaderboard handle = this.engine.service.rolling(7);
		assertThat(handle.rankOf("ann")).get().extracting(RankEntry::score).isEqualTo(5L);
		// 40 s later, on the next day, the window no longer holds the award's day
		this.engine.clock.set(NOON.plusDays(1).withHour(0).withMinute(0).withSecond(10));
		assertThat(handle.rankOf("ann")).isEmpty();
		assertThat(this.engine.service.rolling(7).size()).isZero();
		assertThat(this.rolling.builds()).isEqualTo(2);
		// built today, it is read as built for the rest of the interval
		this.engine.service.award("bob", "new", 3);
		this.engine.clock.advance(Duration.ofSeconds(30));
		assertThat(this.engine.service.rolling(7).size()).isZero();
		assertThat(this.rolling.builds()).isEqualTo(2);
	}

	@Test
	void twoInstancesOnOnePrefixRebuildABoardOncePerRefresh() {
		RedisRollingBoards second = new RedisRollingBoards(this.engine.connections, this.engine.shards,
				this.engine.calendar, BoardOrder.DEFAULT, List.of(7, 30), REFRESH);
		this.engine.service.award("ann", "first", 2);
		for (int read = 0; read < 5; read++) {
			this.rolling.rolling(7).size();
			second.rolling(7).size();
		}
		assertThat(this.rolling.builds() + second.builds()).isOne();

		this.engine.clock.advance(REFRESH);
		for (int read = 0; read < 5; read++) {
			second.rolling(7).size();
			this.rolling.rolling(7).size();
		}
		assertThat(this.rolling.builds() + second.builds()).isEqualTo(2);
	}

	@Test
	void aReadWhileAnotherInstanceRebuildsAnswersTheBoardInPlace() {
		this.engine.service.award("ann", "first", 2);
		assertThat(this.engine.service.rolling(7).size()).isOne();
		this.engine.service.award("bob", "second", 3);
		this.engine.clock.advance(REFRESH);
		// another instance claimed the rebuild and is building
		claim(this.engine.calendar.now().toEpochMilli() + REFRESH.toMillis());

		assertThat(this.engine.service.rolling(7).top(10)).extracting(RankEntry::id).containsExactly("ann");
		assertThat(this.rolling.builds()).isOne();
	}

	@Test
	void theFirstReadWaitsForAClaimedBuildNoLongerThanTheClaimHolds() throws Exception {
		RedisRollingBoards quick = rolling(this.engine, BoardOrder.DEFAULT, Duration.ofMillis(300));
		this.engine.service.award("ann", "first", 2);
		// a claim whose instance died before it built anything
		claim(this.engine.calendar.now().toEpochMilli() + Duration.ofHours(1).toMillis());

		long size = CompletableFuture.supplyAsync(() -> this.engine.service.rolling(7).size())
			.get(10, TimeUnit.SECONDS);
		assertThat(size).isOne();
		assertThat(quick.builds()).isOne();
	}

	@Test
	void aFailedRebuildLeavesTheBoardInPlaceForReads(CapturedOutput output) {
		this.engine.service.award("ann", "first", 2);
		assertThat(this.engine.service.rolling(7).size()).isOne();
		// a key of the window that is no sorted set: ZUNIONSTORE refuses it
		String yesterday = this.engine.keys.board(Period.DAY, this.engine.calendar.today().minusDays(1));
		try (RedisConnection connection = this.engine.connections.getConnection()) {
			connection.stringCommands()
				.set(yesterday.getBytes(StandardCharsets.UTF_8), "oops".getBytes(StandardCharsets.UTF_8));
		}
		this.engine.service.award("bob", "second", 3);
		this.engine.clock.advance(REFRESH);

		assertThat(this.engine.service.rolling(7).top(10)).extracting(RankEntry::id).containsExactly("ann");
		assertThat(this.rolling.builds()).isOne();
		// one WARN; a second failed rebuild goes to debug
		this.engine.clock.advance(REFRESH);
		assertThat(this.engine.service.rolling(7).top(10)).extracting(RankEntry::id).containsExactly("ann");
		assertThat(output.getAll().split("The rebuild of the rolling board ", -1)).hasSize(2);
	}

	@Test
	void removingAUserTakesThemOffEveryRollingBoard() {
		this.engine.service.award("ann", "first", 2);
		this.engine.service.award("bob", "first", 3);
		assertThat(this.engine.service.rolling(7).size()).isEqualTo(2);
		assertThat(this.engine.service.rolling(30).size()).isEqualTo(2);

		assertThat(this.rolling.erase("ann")).isEqualTo(2);
		assertThat(this.engine.service.rolling(7).top(10)).extracting(RankEntry::id).containsExactly("bob");
		assertThat(this.engine.service.rolling(30).top(10)).extracting(RankEntry::id).containsExactly("bob");
	}

	@Test
	void anUnconfiguredWindowIsRefusedNamingTheConfiguredOnes() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.engine.service.rolling(14))
			.withMessageContaining("[7, 30]")
			.withMessageContaining("activity-rank.rolling");
	}

	@Test
	void earliestRanksEqualPointsByTheLastAwardOfTheWindow() {
		BoardOrder earliest = new BoardOrder(TieBreak.EARLIEST, Ranking.COMPETITION, BoardOrder.DEFAULT_EPOCH);
		this.other = fixture(earliest);
		rolling(this.other, earliest, REFRESH);
		// cid gets 4 points on one day; ann and bob 2 + 2 on two days, ann's last award
		// of the window before bob's although bob started first
		this.other.clock.set(NOON.minusDays(3));
		this.other.service.award("bob", "a", 2);
		this.other.clock.set(NOON.minusDays(2));
		this.other.service.award("ann", "a", 2);
		this.other.service.award("cid", "a", 4);
		this.other.clock.set(NOON.minusDays(1));
		this.other.service.award("ann", "b", 2);
		this.other.clock.set(NOON.minusDays(1).plusHours(1));
		this.other.service.award("bob", "b", 2);
		this.other.clock.set(NOON);

		assertThat(this.other.service.rolling(7).top(10)).extracting(RankEntry::id, RankEntry::rank, RankEntry::score)
			.containsExactly(tuple("cid", 1L, 4L), tuple("ann", 2L, 4L), tuple("bob", 3L, 4L));
	}

	@Test
	void aDenseBoardNumbersTheRebuiltPoints() {
		BoardOrder dense = new BoardOrder(TieBreak.NONE, Ranking.DENSE, BoardOrder.DEFAULT_EPOCH);
		this.other = fixture(dense);
		rolling(this.other, dense, REFRESH);
		this.other.service.award("ann", "a", 5);
		this.other.service.award("bob", "a", 3);
		assertThat(this.other.service.rolling(7).rankOf("bob")).get().extracting(RankEntry::rank).isEqualTo(2L);

		this.other.service.award("cid", "a", 4);
		this.other.clock.advance(REFRESH);
		assertThat(this.other.service.rolling(7).rankOf("bob")).get().extracting(RankEntry::rank).isEqualTo(3L);
	}

	/** Write another instance's claim into the state of the 7-day board. */
	private void claim(long until) {
		String state = this.engine.keys.tag() + ":rolling-state:7";
		try (RedisConnection connection = this.engine.connections.getConnection()) {
			connection.hashCommands()
				.hSet(state.getBytes(StandardCharsets.UTF_8), "lock".getBytes(StandardCharsets.UTF_8),
						Long.toString(until).getBytes(StandardCharsets.UTF_8));
		}
	}

}
