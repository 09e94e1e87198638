package io.github.activityrank.ledger;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ledger rows hold the scope ids of an award, whichever way it came (a direct call, a
 * published event through the relay), and a rebuild after every key is lost gives back
 * the scope boards and the boards of scope ids, key by key, with a revoke made after the
 * host moved an article taken back from the original scope.
 */
class LedgerScopeRebuildTests extends LedgerTestBase {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private final MutableClock clock = new MutableClock(LocalDateTime.of(2026, 11, 20, 10, 0), ZoneOffset.UTC);

	@ParameterizedTest
	@MethodSource("engines")
	void aRebuildAfterTheKeysAreLostGivesBackTheScopeBoards(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix, this.clock)
				.withPropertyValues("activity-rank.periods=day,week,total", "activity-rank.rules.like.points=2",
						"activity-rank.rules.post.points=10", "activity-rank.scopes.category.periods=week,total",
						"activity-rank.scopes.course.periods=day", "activity-rank.scopes.course.rules=post",
						"activity-rank.events.enabled=false")
				.run((context) -> {
					ActivityRankService service = context.getBean(ActivityRankService.class);
					for (int n = 0; n < 30; n++) {
						this.clock.advance(Duration.ofMinutes(47));
						String user = "u" + (n % 7);
						String category = "c" + (n % 3);
						ActivityEvent like = ActivityEvent.award(user, "like:" + n, "like")
							.withScope("category", category);
						if (n % 2 == 0) {
							service.apply(like);
						}
						else {
							// through the dispatcher: a pending row the relay applies
							context.publishEvent(like);
						}
						if (n % 4 == 0) {
							context.publishEvent(ActivityEvent.award(user, "post:" + n, "post")
								.withScope("category", category)
								.withScope("course", (n % 8 == 0) ? "k0" : "k1"));
						}
						assertThat(context.getBean(LedgerRelay.class).awaitIdle(WAIT)).isTrue();
					}
					// the host moved post 8 from c2 to c0: the revoke takes back from c2
					long c2 = service.scopes("category", Period.TOTAL).rankOf("c2").orElseThrow().score();
					service.apply(ActivityEvent.revoke("u1", "post:8", "post").withScope("category", "c0"));
					assertThat(service.scopes("category", Period.TOTAL).rankOf("c2").orElseThrow().score())
						.isEqualTo(c2 - 10);
					assertThat(new JdbcTemplate(database.dataSource()).queryForObject(
							"SELECT COUNT(*) FROM activity_rank_ledger WHERE scopes LIKE '%course=k0%'", Long.class))
						.isEqualTo(4);
					List<RankEntry> scopes = service.scopes("category", Period.WEEK).top(10);
					List<RankEntry> c0 = service.board("category", "c0", Period.TOTAL).top(10);
					List<RankEntry> k1 = service.board("course", "k1", Period.DAY).top(10);
					assertThat(scopes).hasSize(3);
					Map<String, String> before = LedgerRebuildTests.dump(context, this.prefix);
					assertThat(before.keySet()).anyMatch((key) -> key.contains(":scope:category:c0:total"))
						.anyMatch((key) -> key.contains(":scopes:category:week:"))
						.anyMatch((key) -> key.contains(":scoped:"));
					RedisKeysCleaner.deletePrefix(this.prefix);
					assertThat(service.board("category", "c0", Period.TOTAL).size()).isZero();
					context.getBean(ActivityRankAdmin.class).rebuild();
					assertThat(LedgerRebuildTests.dump(context, this.prefix)).isEqualTo(before);
					assertThat(service.scopes("category", Period.WEEK).top(10)).isEqualTo(scopes);
					assertThat(service.board("category", "c0", Period.TOTAL).top(10)).isEqualTo(c0);
					assertThat(service.board("course", "k1", Period.DAY).top(10)).isEqualTo(k1);
					// the rebuilt records name the live boards: a revoke takes its share
					// back there
					long u0 = service.board("category", "c0", Period.TOTAL).rankOf("u0").orElseThrow().score();
					service.revoke("u0", "like:21", "like");
					assertThat(service.board("category", "c0", Period.TOTAL).rankOf("u0").orElseThrow().score())
						.isEqualTo(u0 - 2);
					assertThat(LedgerRebuildTests.dump(context, this.prefix).keySet())
						.noneMatch((key) -> key.contains(":rebuild"));
				});
		}
	}

}
