package io.github.activityrank.ledger;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * After the ledger's rebuild, a rolling board sums the rebuilt day boards from its next
 * refresh on; until then it answers the board in place.
 */
class LedgerRollingRebuildTests extends LedgerTestBase {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private static final LocalDate TODAY = LocalDate.of(2026, 11, 20);

	private final MutableClock clock = new MutableClock(TODAY.atTime(10, 0), ZoneOffset.UTC);

	@Test
	void aRollingBoardReflectsTheRebuiltDayBoardsAtItsNextRefresh() {
		try (TestDatabase database = LedgerFixture.database(DatabaseEngine.H2)) {
			LedgerFixture.runner(database.dataSource(), this.prefix, this.clock)
				.withPropertyValues("activity-rank.time-zone=UTC", "activity-rank.periods=day,total",
						"activity-rank.rolling=7", "activity-rank.events.enabled=false")
				.run((context) -> {
					ActivityRankService service = context.getBean(ActivityRankService.class);
					service.award("ann", "p1", "post");
					this.clock.set(TODAY.plusDays(1).atTime(9, 0));
					service.award("ann", "l1", "like");
					assertThat(context.getBean(LedgerRelay.class).awaitIdle(WAIT)).isTrue();
					// a day board that lost its way: points the ledger never recorded
					String day = new RankKeys(this.prefix).board(Period.DAY, TODAY);
					try (RedisConnection connection = context.getBean(RedisConnectionFactory.class).getConnection()) {
						connection.zSetCommands()
							.zAdd(day.getBytes(StandardCharsets.UTF_8), 40, "ann".getBytes(StandardCharsets.UTF_8));
					}
					assertThat(service.rolling(7).top(10)).extracting(RankEntry::id, RankEntry::score)
						.containsExactly(tuple("ann", 42L));

					context.getBean(ActivityRankAdmin.class).rebuild();
					assertThat(service.rolling(7).rankOf("ann")).get().extracting(RankEntry::score).isEqualTo(42L);
					this.clock.advance(Duration.ofMinutes(1));
					assertThat(service.rolling(7).top(10)).extracting(RankEntry::id, RankEntry::score)
						.containsExactly(tuple("ann", 3L));
				});
		}
	}

}
