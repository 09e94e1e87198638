package io.github.activityrank.ledger;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Badge;
import io.github.activityrank.BadgeService;
import io.github.activityrank.Level;
import io.github.activityrank.autoconfigure.ActivityRankBadgeAutoConfiguration;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The ledger's rebuild restores the badges awards earned, their counters and their
 * {@code earnedAt}, from the rows: the replay runs the same badges module at each row's
 * own instant. Levels follow the restored points.
 */
class LedgerBadgeRebuildTests extends LedgerTestBase {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private static final LocalDate FIRST = LocalDate.of(2026, 11, 20);

	private final MutableClock clock = new MutableClock(FIRST.atTime(10, 0), ZoneOffset.UTC);

	@Test
	void aRebuildAfterTheKeysAreLostGivesBackTheBadgesWithTheirEarnedAt() {
		try (TestDatabase database = LedgerFixture.database(DatabaseEngine.H2)) {
			LedgerFixture.runner(database.dataSource(), this.prefix, this.clock)
				.withConfiguration(AutoConfigurations.of(ActivityRankBadgeAutoConfiguration.class))
				.withPropertyValues("activity-rank.time-zone=UTC", "activity-rank.periods=day,total",
						"activity-rank.rules.comment.points=3", "activity-rank.levels.at=0,5,20",
						"activity-rank.badges.commenter.rule=comment", "activity-rank.badges.commenter.count=2,4",
						"activity-rank.badges.popular.points=9", "activity-rank.events.enabled=false")
				.run((context) -> {
					for (int c = 0; c < 5; c++) {
						comment(context, "ann", "c" + c, FIRST.plusDays(c).atTime(10, c));
					}
					comment(context, "bob", "c0", FIRST.plusDays(1).atTime(9, 0));
					BadgeService badges = context.getBean(BadgeService.class);
					List<Badge> before = badges.badges("ann");
					assertThat(before).extracting(Badge::name, Badge::tier, Badge::earnedAt)
						.containsExactly(tuple("commenter", 2, Instant.parse("2026-11-23T10:03:00Z")),
								tuple("popular", 1, Instant.parse("2026-11-22T10:02:00Z")));
					Map<String, String> keys = LedgerRebuildTests.dump(context, this.prefix);
					assertThat(keys.keySet()).anyMatch((key) -> key.contains(":badges:ann"));
					RedisKeysCleaner.deletePrefix(this.prefix);
					assertThat(badges.badges("ann")).isEmpty();
					context.getBean(ActivityRankAdmin.class).rebuild();
					assertThat(badges.badges("ann")).isEqualTo(before);
					assertThat(LedgerRebuildTests.dump(context, this.prefix)).isEqualTo(keys);
					assertThat(badges.level("ann")).isEqualTo(new Level(2, null, 15, 20L));
					assertThat(badges.holders("commenter")).isEqualTo(1);
				});
		}
	}

	private void comment(ApplicationContext context, String user, String field, LocalDateTime at) {
		this.clock.set(at);
		context.getBean(ActivityRankService.class).award(user, field, "comment");
		assertThat(context.getBean(LedgerRelay.class).awaitIdle(WAIT)).isTrue();
	}

}
