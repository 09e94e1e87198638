package io.github.activityrank.ledger;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Archived standings: written once by two instances when a board ends, and read after the
 * board's Redis retention as Redis answered before. On PostgreSQL, MariaDB and H2.
 */
class LedgerArchiveTests extends LedgerTestBase {

	private static final LocalDateTime DAY_0 = LocalDateTime.of(2026, 3, 10, 10, 0);

	private static final LocalDate DAY = DAY_0.toLocalDate();

	private static final String BOARD = "day:20260310";

	private final MutableClock clock = new MutableClock(DAY_0, ZoneOffset.UTC);

	private ApplicationContextRunner runner(DataSource dataSource) {
		return LedgerFixture.runner(dataSource, this.prefix, this.clock)
			.withPropertyValues("activity-rank.periods=day,week,month,total", "activity-rank.retention.day=3d",
					"activity-rank.events.check-interval=1h");
	}

	@ParameterizedTest
	@MethodSource("engines")
	void anEndedBoardIsArchivedOnceByTwoInstancesAndReadAfterItsRetention(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			var runner = runner(database.dataSource());
			runner.run((first) -> runner.run((second) -> {
				ActivityRankService ranks = first.getBean(ActivityRankService.class);
				ranks.award("amy", "a1", 3);
				ranks.award("bob", "b1", 2);
				ranks.award("cy", "c1", 2);
				ranks.award("dan", "d1", 1);
				this.clock.advance(Duration.ofDays(1));
				List<RankEntry> top = ranks.board(Period.DAY, DAY).top(10);
				Optional<RankEntry> bob = ranks.board(Period.DAY, DAY).rankOf("bob");
				List<RankEntry> around = ranks.board(Period.DAY, DAY).around("cy", 1);
				List<RankEntry> page = ranks.board(Period.DAY, DAY).page(1, 2);
				assertThat(top).hasSize(4);

				// both instances archive at once: one of them writes the board
				LedgerArchive one = first.getBean(LedgerArchive.class);
				LedgerArchive two = second.getBean(LedgerArchive.class);
				CompletableFuture<Integer> byOne = CompletableFuture.supplyAsync(() -> archive(one));
				CompletableFuture<Integer> byTwo = CompletableFuture.supplyAsync(() -> archive(two));
				byOne.orTimeout(60, TimeUnit.SECONDS).join();
				byTwo.orTimeout(60, TimeUnit.SECONDS).join();
				JdbcTemplate jdbc = new JdbcTemplate(database.dataSource());
				assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM activity_rank_archive_board WHERE board = ?",
						Long.class, BOARD))
					.isOne();
				assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM activity_rank_archive WHERE board = ?", Long.class,
						BOARD))
					.isEqualTo(4);
				assertThat(archive(one) + archive(two)).as("nothing left to archive").isZero();

				// past the day board's retention of 3 days: the archive answers
				this.clock.advance(Duration.ofDays(10));
				ActivityRankService later = second.getBean(ActivityRankService.class);
				assertThat(later.board(Period.DAY, DAY).top(10)).isEqualTo(top);
				assertThat(later.board(Period.DAY, DAY).rankOf("bob")).isEqualTo(bob);
				assertThat(later.board(Period.DAY, DAY).around("cy", 1)).isEqualTo(around);
				assertThat(later.board(Period.DAY, DAY).page(1, 2)).isEqualTo(page);
				assertThat(later.board(Period.DAY, DAY).size()).isEqualTo(4);
				assertThat(later.board(Period.DAY, DAY).rankOf("eve")).isEmpty();
			}));
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void theArchiveKeepsTheFirstArchiveSizeEntries(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			runner(database.dataSource()).withPropertyValues("activity-rank.ledger.archive-size=2").run((context) -> {
				ActivityRankService ranks = context.getBean(ActivityRankService.class);
				ranks.award("amy", "a1", 3);
				ranks.award("bob", "b1", 2);
				ranks.award("cy", "c1", 1);
				this.clock.advance(Duration.ofDays(1));
				List<RankEntry> top = ranks.board(Period.DAY, DAY).top(2);
				archive(context.getBean(LedgerArchive.class));
				this.clock.advance(Duration.ofDays(10));
				assertThat(ranks.board(Period.DAY, DAY).top(10)).isEqualTo(top);
				assertThat(ranks.board(Period.DAY, DAY).rankOf("cy")).isEmpty();
			});
		}
	}

	private static int archive(LedgerArchive archive) {
		try {
			return archive.archiveEnded();
		}
		catch (java.sql.SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
