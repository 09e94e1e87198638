package io.github.activityrank.ledger;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Map;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.RankEntry;
import io.github.activityrank.Streak;
import io.github.activityrank.StreakService;
import io.github.activityrank.autoconfigure.ActivityRankStreakAutoConfiguration;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ledger's rebuild restores active days, runs, milestone bonuses and the streak board
 * from the rows, key by key.
 */
class LedgerStreakRebuildTests extends LedgerTestBase {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private static final LocalDate FIRST = LocalDate.of(2026, 11, 20);

	private final MutableClock clock = new MutableClock(FIRST.atTime(10, 0), ZoneOffset.UTC);

	@Test
	void aRebuildAfterTheKeysAreLostGivesBackTheStreaks() {
		try (TestDatabase database = LedgerFixture.database(DatabaseEngine.H2)) {
			LedgerFixture.runner(database.dataSource(), this.prefix, this.clock)
				.withConfiguration(AutoConfigurations.of(ActivityRankStreakAutoConfiguration.class))
				.withPropertyValues("activity-rank.time-zone=UTC", "activity-rank.periods=day,total",
						"activity-rank.rules.check-in.points=1", "activity-rank.streaks.enabled=true",
						"activity-rank.streaks.rules=check-in", "activity-rank.streaks.milestones.3=10",
						"activity-rank.events.enabled=false")
				.run((context) -> {
					for (int d = 0; d < 5; d++) {
						checkIn(context, "ann", FIRST.plusDays(d).atTime(10, 0));
						if (d >= 2) {
							checkIn(context, "bob", FIRST.plusDays(d).atTime(11, 0));
						}
					}
					StreakService streaks = context.getBean(StreakService.class);
					ActivityRankService service = context.getBean(ActivityRankService.class);
					assertThat(streaks.streak("ann")).isEqualTo(new Streak(5, 5, FIRST.plusDays(4)));
					assertThat(LedgerFixture.total(service, "ann")).isEqualTo(5 + 10);
					Map<String, String> before = LedgerRebuildTests.dump(context, this.prefix);
					assertThat(before.keySet()).anyMatch((key) -> key.contains(":streak-bucket:"));
					RedisKeysCleaner.deletePrefix(this.prefix);
					assertThat(streaks.streak("ann").current()).isZero();
					context.getBean(ActivityRankAdmin.class).rebuild();
					assertThat(LedgerRebuildTests.dump(context, this.prefix)).isEqualTo(before);
					assertThat(streaks.streak("ann")).isEqualTo(new Streak(5, 5, FIRST.plusDays(4)));
					assertThat(streaks.activeDays("bob", FIRST, FIRST.plusDays(4))).containsExactly(FIRST.plusDays(2),
							FIRST.plusDays(3), FIRST.plusDays(4));
					assertThat(streaks.board().top(5)).extracting(RankEntry::id).containsExactly("ann", "bob");
					assertThat(LedgerFixture.total(service, "ann")).isEqualTo(5 + 10);
					assertThat(LedgerFixture.total(service, "bob")).isEqualTo(3 + 10);
				});
		}
	}

	private void checkIn(ApplicationContext context, String user, LocalDateTime at) {
		this.clock.set(at);
		context.getBean(ActivityRankService.class).award(user, "check-in", "check-in");
		assertThat(context.getBean(LedgerRelay.class).awaitIdle(WAIT)).isTrue();
	}

}
