package io.github.activityrank.redis;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.ItemRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.StreakService;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankItemsAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankStreakAutoConfiguration;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The items module and the streak module composed into one award script: their arguments
 * (the streak header before the commands, the items tail at the end) do not disturb each
 * other, and one call writes the user's boards, the item's boards and the streak.
 */
class ItemsWithStreaksTests {

	private final String prefix = RedisTestServer.uniquePrefix("itemstreak");

	private final MutableClock clock = new MutableClock(LocalDateTime.of(2026, 11, 2, 9, 0),
			ZoneId.of("Europe/Berlin"));

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityRankItemsAutoConfiguration.class, ActivityRankStreakAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.time-zone=Europe/Berlin",
				"activity-rank.periods=day,total", "activity-rank.rules.praise.points=2",
				"activity-rank.items.article.points.praise=5", "activity-rank.items.article.hot.half-life=12h",
				"activity-rank.items.article.unique-users=true", "activity-rank.streaks.enabled=true",
				"activity-rank.streaks.milestones.2=10", "activity-rank.async.enabled=false")
		.withBean(MutableClock.class, () -> this.clock);

	@AfterEach
	void cleanUp() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

	private static ActivityEvent praise(String user, String article) {
		return ActivityEvent.award(user, "praise:" + article, "praise").withItem("article", article);
	}

	@Test
	void oneCallScoresTheUserTheItemAndTheStreakAndARevokeTakesBackOnlyTheAward() {
		this.runner.run((context) -> {
			ActivityRankService ranks = context.getBean(ActivityRankService.class);
			ItemRankService items = context.getBean(ItemRankService.class);
			StreakService streaks = context.getBean(StreakService.class);
			assertThat(ranks.apply(praise("ann", "a1")).outcome()).isEqualTo(Outcome.AWARDED);
			this.clock.advance(Duration.ofDays(1));
			// two awards in one batch: the streak header and the items tail are read for
			// both
			assertThat(ranks.applyAll(List.of(praise("ann", "a2"), praise("bob", "a2"))))
				.extracting((result) -> result.outcome())
				.containsExactly(Outcome.AWARDED, Outcome.AWARDED);

			assertThat(streaks.streak("ann").current()).isEqualTo(2);
			assertThat(streaks.streak("bob").current()).isEqualTo(1);
			// 2 + 2 for the praises, 10 for reaching two days in a row
			assertThat(ranks.board(Period.TOTAL).rankOf("ann").map(RankEntry::score)).contains(14L);
			assertThat(items.board("article", Period.TOTAL).top(10)).extracting(RankEntry::id, RankEntry::score)
				.containsExactly(tuple("a2", 10L), tuple("a1", 5L));
			assertThat(items.uniqueUsers("article", "a2", Period.DAY)).isEqualTo(2);

			assertThat(ranks.revoke("bob", "praise:a2", "praise").outcome()).isEqualTo(Outcome.REVOKED);
			assertThat(items.board("article", Period.TOTAL).rankOf("a2").map(RankEntry::score)).contains(5L);
			// a revoke does not make the day inactive again (docs/streaks.md)
			assertThat(streaks.streak("bob").current()).isEqualTo(1);
		});
	}

}
