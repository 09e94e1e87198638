package io.github.activityrank.ledger;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Badge;
import io.github.activityrank.BadgeService;
import io.github.activityrank.Period;
import io.github.activityrank.PeriodEndedEvent;
import io.github.activityrank.RankEntry;
import io.github.activityrank.autoconfigure.ActivityRankBadgeAutoConfiguration;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.redis.BadgeStore;
import io.github.activityrank.redis.EndedBoardEvents;
import io.github.activityrank.redis.ShardMap;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Top badges granted when a week ends are recorded in the ledger once per board, badge
 * and user, whatever the number of instances that grant them, and a rebuild after the
 * keys are lost gives them back with their {@code earnedAt} and {@code times}; erasing a
 * user deletes their rows, and a user removed while a rebuild restores them gets none
 * back. On PostgreSQL, MariaDB and H2.
 */
class LedgerTopBadgeRebuildTests extends LedgerTestBase {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private static final LocalDate WEEK_ONE = LocalDate.of(2026, 11, 16);

	private static final LocalDate WEEK_TWO = WEEK_ONE.plusWeeks(1);

	private static final List<String> USERS = List.of("ann", "bob", "cid", "dan", "eve");

	private final MutableClock clock = new MutableClock(WEEK_ONE.atTime(10, 0), ZoneOffset.UTC);

	@ParameterizedTest
	@MethodSource("engines")
	void aRebuildAfterTheKeysAreLostGivesBackTheTopBadgesOfTwoWeeks(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			ApplicationContextRunner runner = LedgerFixture.runner(database.dataSource(), this.prefix, this.clock)
				.withConfiguration(AutoConfigurations.of(ActivityRankBadgeAutoConfiguration.class))
				.withPropertyValues("activity-rank.periods=day,week,total", "activity-rank.events.check-interval=1h",
						"activity-rank.badges.weekly-top.top=3", "activity-rank.badges.weekly-top.period=week");
			runner.run((first) -> runner.run((second) -> {
				List<ConfigurableApplicationContext> instances = List.of(first, second);
				for (String user : USERS) {
					first.getBean(ActivityRankService.class).award(user, "p1", "post");
				}
				assertThat(first.getBean(LedgerRelay.class).awaitIdle(WAIT)).isTrue();
				// both instances publish each end, as when its publisher died before
				// marking it
				end(instances, WEEK_ONE, "bob", "ann", "cid", "dan");
				end(instances, WEEK_TWO, "ann", "eve", "dan", "bob");
				DataSource dataSource = database.dataSource();
				assertThat(topRows(dataSource, "")).isEqualTo(6);

				BadgeService badges = second.getBean(BadgeService.class);
				Map<String, List<Badge>> before = badgesOf(badges);
				assertThat(before.get("ann")).singleElement().satisfies((badge) -> {
					assertThat(badge.name()).isEqualTo("weekly-top");
					assertThat(badge.times()).isEqualTo(2);
					assertThat(badge.earnedAt()).isEqualTo(Instant.parse("2026-11-30T00:00:00Z"));
				});
				assertThat(before.get("cid")).singleElement()
					.satisfies(
							(badge) -> assertThat(badge.earnedAt()).isEqualTo(Instant.parse("2026-11-23T00:00:00Z")));
				assertThat(badges.holders("weekly-top")).isEqualTo(5);

				RedisKeysCleaner.deletePrefix(this.prefix);
				assertThat(badges.badges("ann")).isEmpty();
				assertThat(badges.holders("weekly-top")).isZero();
				first.getBean(ActivityRankAdmin.class).rebuild();
				assertThat(badgesOf(badges)).isEqualTo(before);
				assertThat(badges.holders("weekly-top")).isEqualTo(5);
				assertThat(badges.holders("weekly-top", 1)).isEqualTo(5);

				// an end published again after the rebuild grants nothing twice
				end(instances, WEEK_TWO, "ann", "eve", "dan", "bob");
				assertThat(badgesOf(badges)).isEqualTo(before);
				assertThat(topRows(dataSource, "")).isEqualTo(6);

				first.getBean(ActivityRankService.class).removeUser("ann");
				assertThat(topRows(dataSource, "user_id = 'ann'")).isZero();
				assertThat(topRows(dataSource, "")).isEqualTo(4);
				assertThat(badges.badges("ann")).isEmpty();
				assertThat(badges.holders("weekly-top")).isEqualTo(4);
			}));
		}
	}

	@ParameterizedTest
	@MethodSource("engines")
	void aUserRemovedWhileTheRebuildRestoresTopBadgesGetsNoneBack(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			ApplicationContextRunner runner = LedgerFixture.runner(database.dataSource(), this.prefix, this.clock)
				.withConfiguration(AutoConfigurations.of(ActivityRankBadgeAutoConfiguration.class))
				.withUserConfiguration(RemovalDuringRestore.class)
				.withPropertyValues("activity-rank.periods=day,week,total", "activity-rank.events.check-interval=1h",
						"activity-rank.badges.weekly-top.top=3", "activity-rank.badges.weekly-top.period=week");
			runner.run((context) -> {
				for (String user : USERS) {
					context.getBean(ActivityRankService.class).award(user, "p1", "post");
				}
				assertThat(context.getBean(LedgerRelay.class).awaitIdle(WAIT)).isTrue();
				end(List.of(context), WEEK_ONE, "bob", "ann", "cid", "dan");
				end(List.of(context), WEEK_TWO, "ann", "eve", "dan", "bob");
				RedisKeysCleaner.deletePrefix(this.prefix);
				// ann is removed after the rebuild read her rows and before it writes
				// them back to Redis
				context.getBean(RemovalDuringRestore.class).removeBeforeRestoring("ann");
				context.getBean(ActivityRankAdmin.class).rebuild();
				assertThat(context.getBean(RemovalDuringRestore.class).removed).containsExactly("ann");
				BadgeService badges = context.getBean(BadgeService.class);
				assertThat(badges.badges("ann")).isEmpty();
				assertThat(badges.badges("bob")).singleElement()
					.satisfies(
							(badge) -> assertThat(badge.earnedAt()).isEqualTo(Instant.parse("2026-11-23T00:00:00Z")));
				assertThat(badges.holders("weekly-top")).isEqualTo(4);
				assertThat(topRows(database.dataSource(), "user_id = 'ann'")).isZero();
			});
		}
	}

	/**
	 * The ledger's top badges restored through a store that removes a user (through the
	 * service, as an application would) just before writing that user's badges back.
	 */
	@Configuration(proxyBeanMethods = false)
	static class RemovalDuringRestore {

		private final List<String> removed = new CopyOnWriteArrayList<>();

		private volatile String removing;

		void removeBeforeRestoring(String userId) {
			this.removing = userId;
		}

		@Bean
		LedgerTopBadges racingTopBadges(AwardLedger ledger, BadgeStore badges, RedisConnectionFactory connectionFactory,
				ShardMap shards, ActivityCalendar calendar, BoardOrder order,
				ObjectProvider<ActivityRankService> service) {
			BadgeStore racing = new BadgeStore(connectionFactory, shards, calendar, order, badges.settings()) {

				@Override
				public boolean restoreTop(String userId, String badge, String board, Instant at, long times) {
					if (userId.equals(RemovalDuringRestore.this.removing)) {
						RemovalDuringRestore.this.removing = null;
						service.getObject().removeUser(userId);
						RemovalDuringRestore.this.removed.add(userId);
					}
					return super.restoreTop(userId, badge, board, at, times);
				}

			};
			return new LedgerTopBadges(ledger, racing);
		}

	}

	private void end(List<ConfigurableApplicationContext> instances, LocalDate week, String... ranked) {
		// the test publishes each end itself. Each instance's own look for ended boards,
		// made once right after its start on a thread of its own, is stopped first (a
		// look
		// under way finishes): one that came after the clock moved into the next week
		// would publish the real end of week one, whose five users tie at rank 1, and
		// grant two more top badges than the test's end
		instances.forEach((instance) -> instance.getBean(EndedBoardEvents.class).stop());
		this.clock.set(week.plusWeeks(1).atTime(0, 0, 10));
		List<RankEntry> top = new ArrayList<>();
		for (int r = 0; r < ranked.length; r++) {
			top.add(new RankEntry(ranked[r], r + 1, 10 - r, null));
		}
		PeriodEndedEvent event = new PeriodEndedEvent(Period.WEEK, week, top);
		CompletableFuture
			.allOf(instances.stream()
				.map((instance) -> CompletableFuture.runAsync(() -> instance.publishEvent(event)))
				.toArray(CompletableFuture[]::new))
			.join();
	}

	private static Map<String, List<Badge>> badgesOf(BadgeService badges) {
		Map<String, List<Badge>> all = new LinkedHashMap<>();
		for (String user : USERS) {
			all.put(user, badges.badges(user));
		}
		return all;
	}

	private static long topRows(DataSource dataSource, String where) {
		Long count = new JdbcTemplate(dataSource).queryForObject(
				"SELECT COUNT(*) FROM activity_rank_top_badge" + (where.isEmpty() ? "" : " WHERE " + where),
				Long.class);
		return (count != null) ? count : 0;
	}

}
