package io.github.activityrank.ledger;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Badge;
import io.github.activityrank.BadgeEarnedEvent;
import io.github.activityrank.BadgeService;
import io.github.activityrank.autoconfigure.ActivityRankBadgeAutoConfiguration;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.event.EventListener;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * With the ledger on, {@code grantBadges()} grants from what the ledger records: badges
 * configured after the awards were made, with Redis holding nothing of them any more, are
 * granted from the standing awards (a count badge from the rows of its rule, a points
 * badge from their points), and the rule's counter starts from the ledger's count, so the
 * next tier follows the awards made since. On PostgreSQL, MariaDB and H2.
 */
class LedgerBadgeGrantTests extends LedgerTestBase {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private static final LocalDate FIRST = LocalDate.of(2026, 9, 1);

	private final MutableClock clock = new MutableClock(FIRST.atTime(10, 0), ZoneOffset.UTC);

	private final List<BadgeEarnedEvent> earned = new CopyOnWriteArrayList<>();

	private ApplicationContextRunner runner(TestDatabase database) {
		return LedgerFixture.runner(database.dataSource(), this.prefix, this.clock)
			.withPropertyValues("activity-rank.rules.comment.points=3", "activity-rank.events.enabled=false");
	}

	@ParameterizedTest
	@MethodSource("engines")
	void badgesAddedAfterRedisForgotTheAwardsAreGrantedFromTheLedger(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			// months of comments before any badge is configured: twelve stand, one was
			// taken back
			runner(database).run((context) -> {
				for (int c = 0; c < 13; c++) {
					this.clock.set(FIRST.plusDays(c * 5L).atTime(10, 0));
					comment(context, "ann", "c" + c);
				}
				comment(context, "bob", "c0");
				context.getBean(ActivityRankService.class).revoke("ann", "c12", "comment");
				assertThat(context.getBean(LedgerRelay.class).awaitIdle(WAIT)).isTrue();
			});
			// Redis forgot them all (records expired, boards lost)
			RedisKeysCleaner.deletePrefix(this.prefix);
			runner(database).withConfiguration(AutoConfigurations.of(ActivityRankBadgeAutoConfiguration.class))
				.withPropertyValues("activity-rank.badges.commenter.rule=comment",
						"activity-rank.badges.commenter.count=10,15", "activity-rank.badges.popular.points=30")
				.withBean(Recorder.class, () -> new Recorder(this.earned))
				.run((context) -> {
					BadgeService badges = context.getBean(BadgeService.class);
					assertThat(badges.badges("ann")).isEmpty();
					// ann: twelve comments, 36 points; bob: one, 3 points
					assertThat(context.getBean(ActivityRankAdmin.class).grantBadges()).isEqualTo(2);
					assertThat(badges.badges("ann")).extracting(Badge::name, Badge::tier)
						.containsExactly(tuple("commenter", 1), tuple("popular", 1));
					assertThat(badges.badges("bob")).isEmpty();
					assertThat(badges.holders("commenter")).isEqualTo(1);
					assertThat(context.getBean(ActivityRankAdmin.class).grantBadges()).isZero();
					assertThat(this.earned).isEmpty();
					// the count goes on from the ledger's twelve: the third comment
					// from now is the fifteenth
					for (int c = 20; c < 23; c++) {
						comment(context, "ann", "c" + c);
					}
					assertThat(this.earned).extracting(BadgeEarnedEvent::badge, BadgeEarnedEvent::tier)
						.containsExactly(tuple("commenter", 2));
					assertThat(badges.badges("ann")).extracting(Badge::name, Badge::tier)
						.containsExactly(tuple("commenter", 2), tuple("popular", 1));
				});
		}
	}

	static class Recorder {

		private final List<BadgeEarnedEvent> events;

		Recorder(List<BadgeEarnedEvent> events) {
			this.events = events;
		}

		@EventListener
		void earned(BadgeEarnedEvent event) {
			this.events.add(event);
		}

	}

	private void comment(ApplicationContext context, String user, String field) {
		context.getBean(ActivityRankService.class).award(user, field, "comment");
		assertThat(context.getBean(LedgerRelay.class).awaitIdle(WAIT)).isTrue();
	}

}
