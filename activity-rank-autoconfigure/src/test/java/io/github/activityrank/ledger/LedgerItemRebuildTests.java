package io.github.activityrank.ledger;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ItemRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.autoconfigure.ActivityRankItemsAutoConfiguration;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ledger rows hold the item of an award, whichever way it came (a direct call, a
 * published event through the relay), and a rebuild after every key is lost gives back
 * the item boards, the hot board (from each row's own instant) and the user counters, key
 * by key.
 */
class LedgerItemRebuildTests extends LedgerTestBase {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private final MutableClock clock = new MutableClock(LocalDateTime.of(2026, 11, 20, 10, 0), ZoneOffset.UTC);

	@ParameterizedTest
	@MethodSource("engines")
	void aRebuildAfterTheKeysAreLostGivesBackTheItemBoards(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix, this.clock)
				.withConfiguration(AutoConfigurations.of(ActivityRankItemsAutoConfiguration.class))
				.withPropertyValues("activity-rank.periods=day,week,total", "activity-rank.items.article.points.like=5",
						"activity-rank.items.article.points.post=1", "activity-rank.items.article.hot.half-life=12h",
						"activity-rank.items.article.unique-users=true", "activity-rank.events.enabled=false")
				.run((context) -> {
					ActivityRankService service = context.getBean(ActivityRankService.class);
					ItemRankService items = context.getBean(ItemRankService.class);
					for (int n = 0; n < 40; n++) {
						this.clock.advance(Duration.ofMinutes(47));
						String user = "u" + (n % 7);
						String article = "a" + (n % 5);
						ActivityEvent like = ActivityEvent.award(user, "like:" + article, "like")
							.withItem("article", article);
						if (n % 2 == 0) {
							service.apply(like);
						}
						else {
							// through the dispatcher: a pending row the relay applies
							context.publishEvent(like);
						}
						if (n % 9 == 0) {
							context
								.publishEvent(ActivityEvent.award(user, "post:" + n, "post").withItem("article", "a9"));
						}
						assertThat(context.getBean(LedgerRelay.class).awaitIdle(WAIT)).isTrue();
					}
					service.revoke("u3", "like:a3", "like");
					assertThat(new JdbcTemplate(database.dataSource()).queryForObject(
							"SELECT COUNT(*) FROM activity_rank_ledger WHERE item_type = 'article' AND item_id = 'a9'",
							Long.class))
						.isEqualTo(5);
					this.clock.advance(Duration.ofHours(30));
					List<RankEntry> hot = items.hot("article").top(10);
					List<RankEntry> week = items.board("article", Period.WEEK).top(10);
					assertThat(hot).hasSize(6);
					Map<String, String> before = LedgerRebuildTests.dump(context, this.prefix);
					assertThat(before.keySet()).anyMatch((key) -> key.contains(":hot:article"))
						.anyMatch((key) -> key.contains(":users:article:"))
						.anyMatch((key) -> key.contains(":item:article:"));
					long readers = items.uniqueUsers("article", "a1", Period.TOTAL);
					RedisKeysCleaner.deletePrefix(this.prefix);
					assertThat(items.hot("article").size()).isZero();
					context.getBean(ActivityRankAdmin.class).rebuild();
					assertThat(LedgerRebuildTests.dump(context, this.prefix)).isEqualTo(before);
					assertThat(items.hot("article").top(10)).isEqualTo(hot);
					assertThat(items.board("article", Period.WEEK).top(10)).isEqualTo(week);
					assertThat(items.uniqueUsers("article", "a1", Period.TOTAL)).isEqualTo(readers);
					// the rebuilt records name the live boards: a revoke takes its share
					// back there
					long a1 = items.board("article", Period.TOTAL).rankOf("a1").orElseThrow().score();
					service.revoke("u1", "like:a1", "like");
					assertThat(items.board("article", Period.TOTAL).rankOf("a1").orElseThrow().score())
						.isEqualTo(a1 - 5);
					assertThat(LedgerRebuildTests.dump(context, this.prefix).keySet())
						.noneMatch((key) -> key.contains(":rebuild"));
				});
		}
	}

}
