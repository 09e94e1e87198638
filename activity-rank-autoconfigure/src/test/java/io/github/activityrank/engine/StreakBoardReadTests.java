package io.github.activityrank.engine;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import io.github.activityrank.Leaderboard;
import io.github.activityrank.RankEntry;
import io.github.activityrank.test.EmbeddedRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The streak board's reads on a private Redis, whose count of changes since the last save
 * shows any write: broken streaks leave the board through the maintenance step, which the
 * first read of a day runs too; no other read writes.
 */
class StreakBoardReadTests {

	private static final LocalDate FIRST = LocalDate.of(2026, 4, 1);

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	private final LettuceConnectionFactory factory = new LettuceConnectionFactory(
			new RedisStandaloneConfiguration("127.0.0.1", this.redis.port()));

	private StreakFixture engine;

	@AfterEach
	void stop() {
		try {
			this.engine.pruning.stop();
		}
		finally {
			this.factory.destroy();
			this.redis.close();
		}
	}

	/** ann checks in Apr 1-3, bob Apr 1-5: on Apr 5 ann's streak is broken. */
	private Leaderboard boardWithABrokenStreak() {
		this.factory.afterPropertiesSet();
		this.factory.start();
		this.engine = new StreakFixture(FIRST.atTime(LocalTime.NOON), Set.of("check-in"), Map.of(), this.factory, 1);
		for (int day = 0; day < 5; day++) {
			if (day < 3) {
				this.engine.checkIn("ann", FIRST.plusDays(day).atTime(LocalTime.NOON));
			}
			this.engine.checkIn("bob", FIRST.plusDays(day).atTime(LocalTime.NOON));
		}
		return this.engine.streaks.board();
	}

	private long changes() {
		try (RedisConnection connection = this.factory.getConnection()) {
			Properties info = connection.serverCommands().info("persistence");
			return Long.parseLong(info.getProperty("rdb_changes_since_last_save"));
		}
	}

	@Test
	void aBrokenStreakIsOffTheBoardBeforeTheMaintenanceStepRuns() {
		// no maintenance step has run: the clock moved, no thread is started
		Leaderboard board = boardWithABrokenStreak();
		assertThat(board.top(10)).extracting(RankEntry::id, RankEntry::score)
			.containsExactly(org.assertj.core.groups.Tuple.tuple("bob", 5L));
		assertThat(board.rankOf("ann")).isEmpty();
		assertThat(board.size()).isEqualTo(1);
		assertThat(board.among(List.of("ann", "bob"))).extracting(RankEntry::id).containsExactly("bob");
	}

	@Test
	void noReadOfTheStreakBoardWrites() {
		Leaderboard board = boardWithABrokenStreak();
		long before = changes();
		board.top(10);
		board.page(1, 5);
		board.rankOf("ann");
		board.rankOf("bob");
		board.around("bob", 2);
		board.size();
		board.among(List.of("ann", "bob"));
		this.engine.clock.set(FIRST.plusDays(5).atTime(LocalTime.NOON));
		board.top(10);
		assertThat(changes()).isEqualTo(before);
	}

	@Test
	void theMaintenanceStepTakesBrokenStreaksOffTheBoardOnce() {
		Leaderboard board = boardWithABrokenStreak();
		assertThat(this.engine.pruning.prune()).isEqualTo(1);
		assertThat(board.top(10)).extracting(RankEntry::id, RankEntry::score)
			.containsExactly(org.assertj.core.groups.Tuple.tuple("bob", 5L));
		assertThat(board.rankOf("ann")).isEmpty();
		assertThat(board.size()).isEqualTo(1);
		assertThat(this.engine.pruning.prune()).isZero();
	}

	@Test
	void theMaintenanceStepRunsAsSoonAsItStarts() {
		Leaderboard board = boardWithABrokenStreak();
		this.engine.pruning.start();
		await().atMost(Duration.ofSeconds(10)).until(() -> board.size() == 1);
		assertThat(board.top(10)).extracting(RankEntry::id).containsExactly("bob");
	}

}
