package io.github.activityrank.engine;

import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import io.github.activityrank.Leaderboard;
import io.github.activityrank.redis.RankKeys;
import org.junit.jupiter.api.Nested;

/**
 * The {@link LeaderboardContract} on the streak board, whose score is a streak's length
 * in days, on one Redis and over three shards of a Redis Cluster. Equal lengths of
 * streaks that end today started on the same day, so they keep the member order; every
 * rank is distinct.
 */
class StreakBoardContractTests {

	/** The day the longest streak of the contract starts; it ends 4 days later. */
	private static final LocalDate FIRST = LocalDate.of(2026, 6, 6);

	/** A streak board whose members check in on as many days in a row as their score. */
	abstract static class StreakBoard extends LeaderboardContract {

		final StreakFixture engine;

		StreakBoard(int shards) {
			this.engine = new StreakFixture(FIRST.atTime(LocalTime.NOON), Set.of("check-in"), Map.of(),
					connections(shards), shards);
		}

		@Override
		protected List<RankKeys> keySpaces() {
			return Stream.concat(Stream.of(this.engine.keys), this.engine.shards.allKeys().stream()).toList();
		}

		@Override
		protected Leaderboard board() {
			return this.engine.streaks.board();
		}

		@Override
		protected void fill(Map<String, Long> scores) {
			// every streak ends on the last day, the longest starts on the first
			long longest = scores.values().stream().mapToLong(Long::longValue).max().orElse(0);
			for (int day = 0; day < longest; day++) {
				for (Map.Entry<String, Long> member : scores.entrySet()) {
					if (day >= longest - member.getValue()) {
						this.engine.checkIn(member.getKey(), FIRST.plusDays(day).atTime(LocalTime.NOON));
					}
				}
			}
		}

		@Override
		protected Ranking ranking() {
			return Ranking.ORDINAL;
		}

	}

	@Nested
	class OneRedis extends StreakBoard {

		OneRedis() {
			super(1);
		}

	}

	@Nested
	class ThreeShards extends StreakBoard {

		ThreeShards() {
			super(3);
		}

	}

}
