package io.github.activityrank.autoconfigure;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Badge;
import io.github.activityrank.BadgeEarnedEvent;
import io.github.activityrank.BadgeService;
import io.github.activityrank.Level;
import io.github.activityrank.LevelReachedEvent;
import io.github.activityrank.engine.TimedActivityApplier;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.event.EventListener;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Count and points badges and levels decided in the award's own script call: granted once
 * whatever the concurrency, the instances and the retries, announced once each.
 */
class BadgeAwardTests {

	private final String prefix = RedisTestServer.uniquePrefix("badges");

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityRankBadgeAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.periods=day,total",
				"activity-rank.rules.publish.points=5", "activity-rank.rules.comment.points=1",
				"activity-rank.levels.at=0,5,20", "activity-rank.levels.names=Newcomer,Member,Regular",
				"activity-rank.badges.first-post.rule=publish", "activity-rank.badges.first-post.count=1",
				"activity-rank.badges.commenter.rule=comment", "activity-rank.badges.commenter.count=10,20",
				"activity-rank.badges.popular.points=30")
		.withBean(Collected.class);

	@AfterEach
	void deleteKeys() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

	@Test
	void aFirstAwardEarnsItsBadgeAndItsLevelOnceWithOneEventEach() {
		this.runner.run((context) -> {
			ActivityRankService ranks = context.getBean(ActivityRankService.class);
			assertThat(ranks.award("ada", "post-1", "publish").outcome()).isEqualTo(Outcome.AWARDED);
			assertThat(ranks.award("ada", "post-1", "publish").outcome()).isEqualTo(Outcome.ALREADY_AWARDED);
			assertThat(ranks.award("ada", "post-2", "publish").outcome()).isEqualTo(Outcome.AWARDED);
			Collected collected = context.getBean(Collected.class);
			assertThat(collected.badges).extracting(BadgeEarnedEvent::badge, BadgeEarnedEvent::tier)
				.containsExactly(tuple("first-post", 1));
			assertThat(collected.levels).extracting(LevelReachedEvent::level, LevelReachedEvent::name)
				.containsExactly(tuple(2, "Member"));
			BadgeService badges = context.getBean(BadgeService.class);
			assertThat(badges.badges("ada")).extracting(Badge::name, Badge::tier, Badge::times)
				.containsExactly(tuple("first-post", 1, 1L));
			assertThat(badges.level("ada")).isEqualTo(new Level(2, "Member", 10, 20L));
			assertThat(badges.level("nobody")).isEqualTo(new Level(1, "Newcomer", 0, 5L));
			assertThat(badges.holders("first-post")).isEqualTo(1);
			assertThat(badges.holders("commenter")).isZero();
		});
	}

	@Test
	void thirtyTwoThreadsOnTwoInstancesCrossingTheSameThresholdsGrantEachTierOnce() {
		this.runner.run((one) -> this.runner.run((two) -> {
			ExecutorService pool = Executors.newFixedThreadPool(32);
			CountDownLatch start = new CountDownLatch(1);
			List<Future<?>> calls = new ArrayList<>();
			for (int t = 0; t < 32; t++) {
				ActivityRankService ranks = ((t % 2 == 0) ? one : two).getBean(ActivityRankService.class);
				String field = "comment-" + t;
				calls.add(pool.submit(() -> {
					assertThat(start.await(10, TimeUnit.SECONDS)).as("start").isTrue();
					return ranks.award("bob", field, "comment");
				}));
			}
			start.countDown();
			for (Future<?> call : calls) {
				call.get(30, TimeUnit.SECONDS);
			}
			pool.shutdown();
			List<BadgeEarnedEvent> badges = new ArrayList<>(one.getBean(Collected.class).badges);
			badges.addAll(two.getBean(Collected.class).badges);
			assertThat(badges).extracting(BadgeEarnedEvent::badge, BadgeEarnedEvent::tier)
				.containsExactlyInAnyOrder(tuple("commenter", 1), tuple("commenter", 2), tuple("popular", 1));
			List<LevelReachedEvent> levels = new ArrayList<>(one.getBean(Collected.class).levels);
			levels.addAll(two.getBean(Collected.class).levels);
			assertThat(levels).extracting(LevelReachedEvent::level).containsExactlyInAnyOrder(2, 3);
			assertThat(one.getBean(BadgeService.class).badges("bob")).extracting(Badge::name, Badge::tier)
				.containsExactly(tuple("commenter", 2), tuple("popular", 1));
		}));
	}

	@Test
	void aBadgeAndALevelCarryTheInstantOfTheAwardThatEarnedThemInABatchOfEarlierOnes() {
		this.runner.run((context) -> {
			TimedActivityApplier engine = context.getBean(TimedActivityApplier.class);
			Instant first = Instant.now().minusSeconds(200).truncatedTo(ChronoUnit.MILLIS);
			Instant later = first.plusSeconds(100);
			List<ActivityEvent> comments = new ArrayList<>();
			for (int c = 1; c <= 9; c++) {
				comments.add(ActivityEvent.award("dee", "comment-" + c, "comment"));
			}
			engine.applyAll(comments, Collections.nCopies(9, first));
			// the queue's or the ledger's batch: made at two instants, applied in one
			// call
			engine.applyAll(List.of(ActivityEvent.award("eve", "post-1", "comment"),
					ActivityEvent.award("dee", "comment-10", "comment"),
					ActivityEvent.award("eve", "post-2", "publish")), List.of(first, later, later));
			BadgeService badges = context.getBean(BadgeService.class);
			assertThat(badges.badges("dee")).extracting(Badge::name, Badge::earnedAt)
				.containsExactly(tuple("commenter", later));
			assertThat(badges.badges("eve")).extracting(Badge::name, Badge::earnedAt)
				.containsExactly(tuple("first-post", later));
			Collected collected = context.getBean(Collected.class);
			assertThat(collected.badges).extracting(BadgeEarnedEvent::badge, BadgeEarnedEvent::at)
				.containsExactlyInAnyOrder(tuple("commenter", later), tuple("first-post", later));
			assertThat(collected.levels).extracting(LevelReachedEvent::userId, LevelReachedEvent::at)
				.containsExactlyInAnyOrder(tuple("dee", first), tuple("eve", later));
		});
	}

	@Test
	void aRevokeLowersTheCountButTheBadgeStaysAndIsNotEarnedTwice() {
		this.runner.run((context) -> {
			ActivityRankService ranks = context.getBean(ActivityRankService.class);
			ranks.award("cy", "post-1", "publish");
			assertThat(ranks.revoke("cy", "post-1", "publish").outcome()).isEqualTo(Outcome.REVOKED);
			ranks.award("cy", "post-2", "publish");
			assertThat(context.getBean(Collected.class).badges).hasSize(1);
			assertThat(context.getBean(BadgeService.class).badges("cy")).extracting(Badge::name)
				.containsExactly("first-post");
			// the level follows the points down and is announced again on the way up
			assertThat(context.getBean(Collected.class).levels).extracting(LevelReachedEvent::level)
				.containsExactly(2, 2);
		});
	}

	@Test
	void removeUserErasesBadgesAndCounters() {
		this.runner.run((context) -> {
			ActivityRankService ranks = context.getBean(ActivityRankService.class);
			ranks.award("dee", "post-1", "publish");
			ranks.removeUser("dee");
			BadgeService badges = context.getBean(BadgeService.class);
			assertThat(badges.badges("dee")).isEmpty();
			assertThat(badges.holders("first-post")).isZero();
			assertThat(badges.levels(List.of("dee", "eve"))).containsExactly(
					Map.entry("dee", new Level(1, "Newcomer", 0, 5L)),
					Map.entry("eve", new Level(1, "Newcomer", 0, 5L)));
		});
	}

	@Test
	void grantBadgesGrantsWhatUsersAlreadyQualifyForAfterTheConfigurationChanged() {
		ApplicationContextRunner admin = this.runner
			.withConfiguration(AutoConfigurations.of(ActivityScoreAutoConfiguration.class, AopAutoConfiguration.class));
		admin.run((context) -> {
			ActivityRankService ranks = context.getBean(ActivityRankService.class);
			for (int c = 0; c < 12; c++) {
				ranks.award("fay", "comment-" + c, "comment");
			}
			assertThat(context.getBean(BadgeService.class).badges("fay")).extracting(Badge::name, Badge::tier)
				.containsExactly(tuple("commenter", 1));
		});
		admin
			.withPropertyValues("activity-rank.badges.commenter.count=5,12", "activity-rank.badges.veteran.points=10",
					"activity-rank.badges.talker.rule=comment", "activity-rank.badges.talker.count=3,6,9")
			.run((context) -> {
				ActivityRankAdmin operations = context.getBean(ActivityRankAdmin.class);
				// tiers: commenter 1 to 2, veteran 1, talker 1 to 3
				assertThat(operations.grantBadges()).isEqualTo(5);
				assertThat(operations.grantBadges()).isZero();
				assertThat(context.getBean(BadgeService.class).badges("fay")).extracting(Badge::name, Badge::tier)
					.containsExactlyInAnyOrder(tuple("commenter", 2), tuple("veteran", 1), tuple("talker", 3));
				assertThat(context.getBean(Collected.class).badges).isEmpty();
			});
	}

	static class Collected {

		final List<BadgeEarnedEvent> badges = new CopyOnWriteArrayList<>();

		final List<LevelReachedEvent> levels = new CopyOnWriteArrayList<>();

		@EventListener
		void badge(BadgeEarnedEvent event) {
			this.badges.add(event);
		}

		@EventListener
		void level(LevelReachedEvent event) {
			this.levels.add(event);
		}

	}

}
