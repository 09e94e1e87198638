package io.github.activityrank.ledger;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.RebuildReport;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/reliability.md scenario 14: 100,000 ledger rows on PostgreSQL, every key of the
 * prefix deleted (what a FLUSHDB does to it), then a rebuild; prints the figures.
 */
class LedgerRebuildScaleTests {

	private static final int ROWS = 100_000;

	private static final int USERS = 5_000;

	private final String prefix = RedisTestServer.uniquePrefix("rebuildscale");

	private final MutableClock clock = new MutableClock(LocalDateTime.of(2026, 11, 20, 8, 0), ZoneOffset.UTC);

	@AfterEach
	void deleteKeys() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

	@Test
	void aHundredThousandEntriesAreRebuiltAfterTheKeysAreLost() {
		try (TestDatabase database = LedgerFixture.database(DatabaseEngine.POSTGRESQL)) {
			LedgerFixture.runner(database.dataSource(), this.prefix, this.clock)
				.withPropertyValues("activity-rank.periods=day,week,month,total",
						"activity-rank.rules.comment.points=3", "activity-rank.rules.comment.daily-cap=9",
						"activity-rank.events.enabled=false")
				.run((context) -> {
					ActivityRankService service = context.getBean(ActivityRankService.class);
					List<ActivityEvent> batch = new ArrayList<>();
					for (int i = 0; i < ROWS; i++) {
						String user = "user" + (i % USERS);
						String rule = (i % 3 == 0) ? "comment" : "post";
						batch.add((i % 17 == 0) ? ActivityEvent.revoke(user, "f" + (i - USERS), "post")
								: ActivityEvent.award(user, "f" + i, rule));
						if (batch.size() == 1000) {
							service.applyAll(batch);
							batch.clear();
							this.clock.advance(Duration.ofMinutes(30)); // two days in all
						}
					}
					Map<String, String> before = LedgerRebuildTests.dump(context, this.prefix);
					RedisKeysCleaner.deletePrefix(this.prefix);
					RebuildReport report = context.getBean(ActivityRankAdmin.class).rebuild();
					Map<String, String> after = LedgerRebuildTests.dump(context, this.prefix);
					System.out.println("[reliability] rebuild after losing every key: ledger rows=" + ROWS
							+ ", entries replayed=" + report.entries() + ", users=" + report.users() + ", took="
							+ report.took().toMillis() + " ms, keys=" + after.size());
					assertThat(after).isEqualTo(before);
					assertThat(report.users()).isEqualTo(USERS);
				});
		}
	}

}
