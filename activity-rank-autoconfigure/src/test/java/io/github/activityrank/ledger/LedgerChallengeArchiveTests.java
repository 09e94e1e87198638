package io.github.activityrank.ledger;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import javax.sql.DataSource;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.ChallengeService;
import io.github.activityrank.RankEntry;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Archived challenge standings: written once by two instances when a challenge ends, or
 * by an instance started after the end, and read after the challenge's Redis retention as
 * Redis answered before. On PostgreSQL, MariaDB and H2.
 */
class LedgerChallengeArchiveTests extends LedgerTestBase {

	private static final LocalDateTime NOW = LocalDateTime.of(2026, 3, 10, 10, 0);

	private static final Instant START = NOW.toInstant(ZoneOffset.UTC);

	private static final ChallengeDefinition SPRINT = new ChallengeDefinition("sprint", START,
			START.plus(Duration.ofHours(2)), Set.of(), true);

	private static final String BOARD = "challenge:sprint";

	private final MutableClock clock = new MutableClock(NOW, ZoneOffset.UTC);

	private ApplicationContextRunner runner(DataSource dataSource) {
		return LedgerFixture.runner(dataSource, this.prefix, this.clock)
			.withPropertyValues("activity-rank.retention.challenge=2d", "activity-rank.events.check-interval=1h");
	}

	@ParameterizedTest
	@MethodSource("engines")
	void anEndedChallengeIsArchivedOnceByTwoInstancesAndReadAfterItsRetention(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			var runner = runner(database.dataSource());
			runner.run((first) -> runner.run((second) -> {
				ChallengeService challenges = first.getBean(ChallengeService.class);
				challenges.create(SPRINT);
				scoreFour(first.getBean(ActivityRankService.class));
				this.clock.advance(Duration.ofHours(3));
				List<RankEntry> top = challenges.board("sprint").top(10);
				Optional<RankEntry> bob = challenges.board("sprint").rankOf("bob");
				List<RankEntry> around = challenges.board("sprint").around("cy", 1);
				List<RankEntry> page = challenges.board("sprint").page(1, 2);
				assertThat(top).extracting(RankEntry::rank).containsExactly(1L, 2L, 2L, 4L);

				// both instances archive at once: one of them writes the challenge
				LedgerChallengeArchive one = first.getBean(LedgerChallengeArchive.class);
				LedgerChallengeArchive two = second.getBean(LedgerChallengeArchive.class);
				CompletableFuture<Integer> byOne = CompletableFuture.supplyAsync(() -> archive(one));
				CompletableFuture<Integer> byTwo = CompletableFuture.supplyAsync(() -> archive(two));
				// the archive thread of either may have got there first, after the clock
				// moved
				assertThat(byOne.join() + byTwo.join()).isLessThanOrEqualTo(1);
				JdbcTemplate jdbc = new JdbcTemplate(database.dataSource());
				assertThat(jdbc.queryForMap("SELECT ended_at, entries FROM activity_rank_archive_board WHERE board = ?",
						BOARD))
					.containsEntry("ended_at", SPRINT.end().toEpochMilli())
					.containsEntry("entries", 4);
				assertThat(jdbc.queryForList(
						"SELECT user_id, board_rank, points FROM activity_rank_archive WHERE board = ? ORDER BY entry_order",
						BOARD))
					.extracting((row) -> row.get("user_id") + " " + row.get("board_rank") + " " + row.get("points"))
					.containsExactly("amy 1 3", "cy 2 2", "bob 2 2", "dan 4 1");
				assertThat(archive(one) + archive(two)).as("nothing left to archive").isZero();

				// past the retention of 2 days, with the keys gone: the archive answers
				this.clock.advance(Duration.ofDays(2));
				RedisKeysCleaner.deletePrefix(this.prefix);
				ChallengeService later = second.getBean(ChallengeService.class);
				assertThat(later.board("sprint").top(10)).isEqualTo(top);
				assertThat(later.board("sprint").rankOf("bob")).isEqualTo(bob);
				assertThat(later.board("sprint").around("cy", 1)).isEqualTo(around);
				assertThat(later.board("sprint").page(1, 2)).isEqualTo(page);
				assertThat(later.board("sprint").size()).isEqualTo(4);
				assertThat(later.board("sprint").rankOf("eve")).isEmpty();
				assertThat(later.board("sprint").around("eve", 1)).isEmpty();
				assertThat(later.find("sprint")).contains(SPRINT);
				assertThat(later.create(SPRINT)).as("creating it again still finds it").isEqualTo(SPRINT);
				assertThat(later.board("unknown").top(10)).isEmpty();
				assertThat(later.find("unknown")).isEmpty();
			}));
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void theArchiveKeepsTheFirstArchiveSizeEntries(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database.dataSource()).withPropertyValues("activity-rank.ledger.archive-size=2").run((context) -> {
				ChallengeService challenges = context.getBean(ChallengeService.class);
				challenges.create(SPRINT);
				scoreFour(context.getBean(ActivityRankService.class));
				this.clock.advance(Duration.ofHours(3));
				List<RankEntry> top = challenges.board("sprint").top(2);
				assertThat(archiveNow(context.getBean(LedgerChallengeArchive.class), database.dataSource(), BOARD))
					.isOne();
				this.clock.advance(Duration.ofDays(2));
				assertThat(challenges.board("sprint").top(10)).isEqualTo(top);
				assertThat(challenges.board("sprint").rankOf("bob")).isEmpty();
				assertThat(challenges.board("sprint").size()).isEqualTo(2);
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void anInstanceStartedAfterTheEndArchivesTheChallenge(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			var runner = runner(database.dataSource());
			runner.run((context) -> {
				context.getBean(ChallengeService.class).create(SPRINT);
				scoreFour(context.getBean(ActivityRankService.class));
			});
			this.clock.advance(Duration.ofHours(5));
			JdbcTemplate jdbc = new JdbcTemplate(database.dataSource());
			assertThat(archivedBoards(jdbc)).isZero();
			runner.run((context) -> {
				// its archive thread looks right after the start
				awaitArchived(jdbc);
				assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM activity_rank_archive WHERE board = ?", Long.class,
						BOARD))
					.isEqualTo(4);
				this.clock.advance(Duration.ofDays(2));
				assertThat(context.getBean(ChallengeService.class).board("sprint").top(10))
					.extracting((entry) -> entry.id() + " " + entry.rank() + " " + entry.score())
					.containsExactly("amy 1 3", "cy 2 2", "bob 2 2", "dan 4 1");
			});
		}
	}

	@Test
	void aChallengeWaitsForPendingEntriesMadeBeforeItsEnd() throws SQLException {
		try (TestDatabase database = LedgerFixture.database(DatabaseEngine.H2)) {
			runner(database.dataSource()).run((context) -> {
				context.getBean(ChallengeService.class).create(SPRINT);
				scoreFour(context.getBean(ActivityRankService.class));
				LedgerRelay relay = context.getBean(LedgerRelay.class);
				relay.stop();
				// an award made a minute before the end, that the relay has not applied
				// yet
				this.clock.advance(Duration.ofMinutes(119));
				context.getBean(LedgerActivityDispatcher.class)
					.dispatch(List.of(ActivityEvent.award("zed", "z1", "post")));
				this.clock.advance(Duration.ofHours(1));
				LedgerChallengeArchive archive = context.getBean(LedgerChallengeArchive.class);
				assertThat(archiveNow(archive, database.dataSource(), BOARD)).as("the board is not final yet").isZero();
				relay.start();
				relay.wake();
				assertThat(relay.awaitIdle(Duration.ofSeconds(10))).isTrue();
				assertThat(archiveNow(archive, database.dataSource(), BOARD)).isOne();
				this.clock.advance(Duration.ofDays(2));
				assertThat(context.getBean(ChallengeService.class).board("sprint").rankOf("zed")).isPresent();
			});
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void removeUserErasesTheUsersArchivedChallengeStandings(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database.dataSource()).run((context) -> {
				ChallengeService challenges = context.getBean(ChallengeService.class);
				ActivityRankService ranks = context.getBean(ActivityRankService.class);
				challenges.create(SPRINT);
				scoreFour(ranks);
				this.clock.advance(Duration.ofHours(3));
				assertThat(archiveNow(context.getBean(LedgerChallengeArchive.class), database.dataSource(), BOARD))
					.isOne();
				ranks.removeUser("bob");
				JdbcTemplate jdbc = new JdbcTemplate(database.dataSource());
				assertThat(jdbc.queryForList("SELECT user_id FROM activity_rank_archive WHERE board = ?", String.class,
						BOARD))
					.containsExactlyInAnyOrder("amy", "cy", "dan");
				this.clock.advance(Duration.ofDays(2));
				assertThat(challenges.board("sprint").rankOf("bob")).isEmpty();
				assertThat(challenges.board("sprint").top(10)).extracting(RankEntry::id)
					.containsExactly("amy", "cy", "dan");
			});
		}
	}

	@Test
	void archivedRanksAreNumberedAsTheConfiguredRankingNumbersThem() {
		try (TestDatabase database = LedgerFixture.database(DatabaseEngine.H2)) {
			runner(database.dataSource()).withPropertyValues("activity-rank.ranking=dense").run((context) -> {
				ChallengeService challenges = context.getBean(ChallengeService.class);
				challenges.create(SPRINT);
				scoreFour(context.getBean(ActivityRankService.class));
				this.clock.advance(Duration.ofHours(3));
				assertThat(archiveNow(context.getBean(LedgerChallengeArchive.class), database.dataSource(), BOARD))
					.isOne();
				this.clock.advance(Duration.ofDays(2));
				assertThat(challenges.board("sprint").top(10)).extracting(RankEntry::rank)
					.containsExactly(1L, 2L, 2L, 3L);
			});
		}
	}

	/**
	 * amy 3, bob 2, cy 2, dan 1 while the challenge runs: amy, cy, bob (ties by id,
	 * descending), dan.
	 */
	static void scoreFour(ActivityRankService ranks) {
		ranks.award("amy", "a1", 3);
		ranks.award("bob", "b1", 2);
		ranks.award("cy", "c1", 2);
		ranks.award("dan", "d1", 1);
	}

	/**
	 * Archive the ended challenges now, and count the board's rows in archive_board: the
	 * archive thread, which looks once right after the start, may have written it first
	 * when it ran late.
	 */
	static long archiveNow(LedgerChallengeArchive archive, DataSource dataSource, String board) {
		archive(archive);
		Long count = new JdbcTemplate(dataSource)
			.queryForObject("SELECT COUNT(*) FROM activity_rank_archive_board WHERE board = ?", Long.class, board);
		return (count != null) ? count : 0;
	}

	static int archive(LedgerChallengeArchive archive) {
		try {
			return archive.archiveEnded();
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static long archivedBoards(JdbcTemplate jdbc) {
		Long count = jdbc.queryForObject("SELECT COUNT(*) FROM activity_rank_archive_board WHERE board = ?", Long.class,
				BOARD);
		return (count != null) ? count : 0;
	}

	private static void awaitArchived(JdbcTemplate jdbc) {
		await("archived").atMost(Duration.ofSeconds(20)).until(() -> archivedBoards(jdbc) > 0);
	}

}
