package io.github.activityrank.redis;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.ItemRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.RankItemLookup;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankItemsAutoConfiguration;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/**
 * Item boards on a real Redis with a moved clock: an award with an item feeds the item's
 * boards, hot board and user counters in the same script call, and a revoke takes back
 * exactly what it gave.
 */
class ItemBoardsTests {

	private static final ZoneId ZONE = ZoneId.of("Europe/Berlin");

	private static final LocalDateTime START = LocalDateTime.of(2026, 11, 2, 9, 0);

	private final String prefix = RedisTestServer.uniquePrefix("items");

	private final MutableClock clock = new MutableClock(START, ZONE);

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityRankItemsAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties())
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.time-zone=Europe/Berlin",
				"activity-rank.periods=day,week,total", "activity-rank.rules.praise.points=2",
				"activity-rank.rules.read.points=1", "activity-rank.rules.read.daily-cap=1",
				"activity-rank.items.article.points.praise=5", "activity-rank.items.article.points.read=1",
				"activity-rank.items.article.hot.half-life=12h", "activity-rank.items.article.unique-users=true",
				"activity-rank.async.enabled=false")
		.withBean(MutableClock.class, () -> this.clock);

	@AfterEach
	void cleanUp() {
		RedisKeysCleaner.deletePrefix(this.prefix);
	}

	private static ActivityEvent praise(String user, String article) {
		return ActivityEvent.award(user, "praise:" + article, "praise").withItem("article", article);
	}

	private static long score(ItemRankService items, Period period, String article) {
		return items.board("article", period).rankOf(article).map(RankEntry::score).orElse(0L);
	}

	@Test
	void anAwardWithAnItemScoresTheItemOnEveryBoardOncePerUserAndField() {
		this.runner.run((context) -> {
			ActivityRankService ranks = context.getBean(ActivityRankService.class);
			ItemRankService items = context.getBean(ItemRankService.class);
			assertThat(ranks.apply(praise("ann", "a1")).outcome()).isEqualTo(Outcome.AWARDED);
			assertThat(ranks.apply(praise("ann", "a1")).outcome()).isEqualTo(Outcome.ALREADY_AWARDED);
			ranks.apply(praise("bob", "a1"));
			ranks.apply(praise("bob", "a2"));
			for (Period period : List.of(Period.DAY, Period.WEEK, Period.TOTAL)) {
				assertThat(items.board("article", period).top(10)).extracting(RankEntry::id, RankEntry::score)
					.containsExactly(org.assertj.core.groups.Tuple.tuple("a1", 10L),
							org.assertj.core.groups.Tuple.tuple("a2", 5L));
			}
			assertThat(items.hot("article").top(10)).extracting(RankEntry::id).containsExactly("a1", "a2");
			assertThat(items.hot("article").rankOf("a1").orElseThrow().score()).isCloseTo(10_000L, within(1L));
			assertThat(items.uniqueUsers("article", "a1", Period.DAY)).isEqualTo(2);
			assertThat(ranks.activeUsers(Period.WEEK)).isEqualTo(2);
			// the user's own points are unchanged by the item
			assertThat(ranks.board(Period.DAY).rankOf("bob").orElseThrow().score()).isEqualTo(4);
		});
	}

	@Test
	void oneHalfLifeHalvesALoneItem() {
		this.runner.run((context) -> {
			context.getBean(ActivityRankService.class).apply(praise("ann", "a1"));
			ItemRankService items = context.getBean(ItemRankService.class);
			long before = items.hot("article").rankOf("a1").orElseThrow().score();
			this.clock.advance(Duration.ofHours(12));
			long after = items.hot("article").rankOf("a1").orElseThrow().score();
			assertThat((double) after / before).isCloseTo(0.5, within(0.005));
		});
	}

	@Test
	void aRevokeAfterADayTakesBackExactlyWhatTheAwardGave() {
		this.runner.run((context) -> {
			ActivityRankService ranks = context.getBean(ActivityRankService.class);
			ItemRankService items = context.getBean(ItemRankService.class);
			ranks.apply(praise("ann", "a1"));
			this.clock.advance(Duration.ofHours(2));
			ranks.apply(praise("bob", "a1"));
			this.clock.advance(Duration.ofDays(1));
			ranks.apply(praise("cat", "a1"));
			long hotWithAll = items.hot("article").rankOf("a1").orElseThrow().score();
			assertThat(ranks.revoke("bob", "praise:a1", "praise").outcome()).isEqualTo(Outcome.REVOKED);
			assertThat(score(items, Period.WEEK, "a1")).isEqualTo(10);
			assertThat(score(items, Period.TOTAL, "a1")).isEqualTo(10);
			// bob's praise, a day old now, weighed 5 * 2^(-24/12)
			double bob = 5_000 * Math.pow(2, -24.0 / 12);
			assertThat(items.hot("article").rankOf("a1").orElseThrow().score()).isCloseTo(Math.round(hotWithAll - bob),
					within(2L));
			ranks.revoke("ann", "praise:a1", "praise");
			ranks.revoke("cat", "praise:a1", "praise");
			assertThat(items.board("article", Period.TOTAL).size()).isZero();
			assertThat(items.hot("article").size()).isZero();
		});
	}

	@Test
	void aCappedUsersAwardStillCountsOnceForTheItem() {
		this.runner.run((context) -> {
			ActivityRankService ranks = context.getBean(ActivityRankService.class);
			ItemRankService items = context.getBean(ItemRankService.class);
			ranks.apply(ActivityEvent.award("ann", "read:a1", "read").withItem("article", "a1"));
			assertThat(ranks.apply(ActivityEvent.award("ann", "read:a2", "read").withItem("article", "a2")).outcome())
				.isEqualTo(Outcome.CAPPED);
			ranks.apply(ActivityEvent.award("ann", "read:a2", "read").withItem("article", "a2"));
			assertThat(score(items, Period.DAY, "a2")).isEqualTo(1);
			assertThat(items.uniqueUsers("article", "a2", Period.DAY)).isEqualTo(1);
			ranks.revoke("ann", "read:a2", "read");
			assertThat(score(items, Period.DAY, "a2")).isZero();
		});
	}

	@Test
	void keepTrimsTheLowestItemsOfEveryBoard() {
		this.runner.withPropertyValues("activity-rank.items.article.keep=1000").run((context) -> {
			ActivityRankService ranks = context.getBean(ActivityRankService.class);
			ItemRankService items = context.getBean(ItemRankService.class);
			List<ActivityEvent> events = new ArrayList<>();
			for (int n = 0; n < 10_000; n++) {
				events.add(praise("u" + (n % 50), "a" + n));
				if (n % 7 == 0) {
					events.add(praise("v" + (n % 50), "a" + n));
				}
			}
			ranks.applyAll(events);
			for (Period period : List.of(Period.DAY, Period.WEEK, Period.TOTAL)) {
				assertThat(items.board("article", period).size()).isEqualTo(1000);
				assertThat(items.board("article", period).top(1000))
					.allSatisfy((e) -> assertThat(e.score()).isEqualTo(10));
			}
			assertThat(items.hot("article").size()).isEqualTo(1000);
		});
	}

	@Test
	void removeItemTakesItOffEveryBoard() {
		this.runner.run((context) -> {
			ActivityRankService ranks = context.getBean(ActivityRankService.class);
			ItemRankService items = context.getBean(ItemRankService.class);
			ranks.apply(praise("ann", "a1"));
			ranks.apply(praise("ann", "a2"));
			// day, week and total boards, the hot board and three user counters
			assertThat(items.removeItem("article", "a1")).isEqualTo(7);
			assertThat(items.board("article", Period.DAY).top(10)).extracting(RankEntry::id).containsExactly("a2");
			assertThat(items.hot("article").top(10)).extracting(RankEntry::id).containsExactly("a2");
			assertThat(items.uniqueUsers("article", "a1", Period.DAY)).isZero();
			assertThat(items.removeItem("article", "a1")).isZero();
		});
	}

	@Test
	void theHotOrderEqualsABruteForceRecomputationOverAMonth() {
		this.runner.run((context) -> {
			ActivityRankService ranks = context.getBean(ActivityRankService.class);
			ItemRankService items = context.getBean(ItemRankService.class);
			Random random = new Random(24);
			Map<String, Double> weights = new HashMap<>();
			List<double[]> awards = new ArrayList<>();
			List<String> awarded = new ArrayList<>();
			for (int step = 0; step < 600; step++) {
				this.clock.advance(Duration.ofMinutes(72));
				String article = "a" + random.nextInt(40);
				String user = "u" + step;
				ranks.apply(praise(user, article));
				awards.add(new double[] { this.clock.millis() });
				awarded.add(article);
			}
			double now = this.clock.millis();
			for (int k = 0; k < awards.size(); k++) {
				double w = 5 * Math.pow(2, -(now - awards.get(k)[0]) / Duration.ofHours(12).toMillis());
				weights.merge(awarded.get(k), w, Double::sum);
			}
			List<String> expected = weights.entrySet()
				.stream()
				.sorted(Map.Entry.<String, Double>comparingByValue().reversed())
				.map(Map.Entry::getKey)
				.toList();
			List<RankEntry> hot = items.hot("article").top(40);
			assertThat(hot).extracting(RankEntry::id).containsExactlyElementsOf(expected);
			for (RankEntry entry : hot) {
				assertThat((double) entry.score()).isCloseTo(1000 * weights.get(entry.id()), within(1.0));
			}
		});
	}

	@Test
	void anUnknownTypeIsRefused() {
		this.runner.run((context) -> {
			ItemRankService items = context.getBean(ItemRankService.class);
			assertThatIllegalArgumentException().isThrownBy(() -> items.board("video", Period.DAY))
				.withMessageContaining("video");
			assertThatIllegalArgumentException().isThrownBy(() -> items.hot("video"));
		});
	}

	@Test
	void anItemTypeWithAnUnknownRuleStopsTheStartNamingTheProperty() {
		this.runner.withPropertyValues("activity-rank.items.article.points.vote=3").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasStackTraceContaining("activity-rank.items.article.points.vote");
		});
	}

	@Test
	void aBatchWithTwoItemTypesScoresEachOnItsOwnBoards() {
		this.runner
			.withPropertyValues("activity-rank.items.video.points.praise=7", "activity-rank.items.video.periods=total",
					"activity-rank.items.video.unique-users=true")
			.run((context) -> {
				ActivityRankService ranks = context.getBean(ActivityRankService.class);
				ItemRankService items = context.getBean(ItemRankService.class);
				ranks.applyAll(List.of(praise("ann", "a1"),
						ActivityEvent.award("ann", "praise:v1", "praise").withItem("video", "v1"),
						praise("bob", "a1")));
				assertThat(score(items, Period.TOTAL, "a1")).isEqualTo(10);
				assertThat(items.board("video", Period.TOTAL).rankOf("v1").orElseThrow().score()).isEqualTo(7);
				assertThat(items.uniqueUsers("video", "v1", Period.TOTAL)).isEqualTo(1);
				assertThat(items.uniqueUsers("article", "a1", Period.DAY)).isEqualTo(2);
				assertThat(items.hot("article").size()).isOne();
			});
	}

	@Test
	void aRankItemLookupFillsTheDetailsOfItemBoards() {
		this.runner
			.withBean(RankItemLookup.class,
					() -> (type, ids) -> ids.stream().collect(Collectors.toMap((id) -> id, (id) -> type + " " + id)))
			.run((context) -> {
				context.getBean(ActivityRankService.class).apply(praise("ann", "a1"));
				ItemRankService items = context.getBean(ItemRankService.class);
				assertThat(items.board("article", Period.DAY).top(1)).extracting(RankEntry::details)
					.containsExactly("article a1");
				assertThat(items.hot("article").top(1)).extracting(RankEntry::details).containsExactly("article a1");
			});
	}

	@Test
	void aBadItemIdRejectsTheEventAndStoresNothing() {
		this.runner.run((context) -> {
			ActivityRankService ranks = context.getBean(ActivityRankService.class);
			assertThat(
					ranks.apply(ActivityEvent.award("ann", "praise:x", "praise").withItem("article", " x")).outcome())
				.isEqualTo(Outcome.REJECTED);
			assertThat(ranks.apply(ActivityEvent.award("ann", "praise:x", "praise").withItem("Article", "x")).outcome())
				.isEqualTo(Outcome.REJECTED);
			assertThat(context.getBean(ItemRankService.class).board("article", Period.TOTAL).size()).isZero();
			assertThat(ranks.board(Period.TOTAL).size()).isZero();
		});
	}

	@Test
	void aBadItemTypeNameStopsTheStartNamingTheProperty() {
		this.runner.withPropertyValues("activity-rank.items.Big_Type.points.praise=1").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasStackTraceContaining("activity-rank.items.");
		});
	}

}
