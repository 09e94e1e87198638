package io.github.activityrank.ledger;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Badge;
import io.github.activityrank.BadgeService;
import io.github.activityrank.ChallengeService;
import io.github.activityrank.ItemRankService;
import io.github.activityrank.Period;
import io.github.activityrank.PeriodEndedEvent;
import io.github.activityrank.RankEntry;
import io.github.activityrank.RebuildReport;
import io.github.activityrank.autoconfigure.ActivityRankBadgeAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankClusterAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankItemsAutoConfiguration;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.ShardMap;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisClusterTestServer;
import io.github.activityrank.test.RedisTestServer;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ActivityRankAdmin#rebuild()} with {@code activity-rank.shards} on the local
 * Redis Cluster (three masters), the ledger on H2: every key of the prefix deleted on
 * every node, then rebuilt, gives back every answer of every board; and keys written with
 * one shard move to three shards, answering as before, with nothing of the old layout
 * left.
 */
class ShardedLedgerRebuildTests {

	private static final LocalDate FIRST_DAY = LocalDate.of(2026, 11, 20);

	private final String prefix = RedisTestServer.uniquePrefix("rbshard");

	private final MutableClock clock = new MutableClock(LocalDateTime.of(2026, 11, 20, 10, 0), ZoneOffset.UTC);

	private final RedisClusterTestServer cluster = RedisClusterTestServer.shared();

	@AfterEach
	void deleteKeys() {
		for (String tag : tags()) {
			deleteTag(tag);
		}
	}

	private ApplicationContextRunner runner(TestDatabase database, int shards) {
		return LedgerFixture.runner(database.dataSource(), this.prefix)
			.withConfiguration(AutoConfigurations.of(ActivityRankClusterAutoConfiguration.class))
			.withPropertyValues(this.cluster.springProperties())
			.withBean(Clock.class, () -> this.clock)
			.withPropertyValues("activity-rank.shards=" + shards, "activity-rank.time-zone=UTC",
					"activity-rank.periods=day,week,month,total", "activity-rank.rules.comment.points=3",
					"activity-rank.rules.comment.daily-cap=5", "activity-rank.rules.praise.points=2",
					"activity-rank.rules.praise.once-per=ever", "activity-rank.tie-break=earliest",
					"activity-rank.events.enabled=false");
	}

	@Test
	void aRebuildAfterEveryKeyOfEveryNodeIsLostGivesBackEveryBoard() {
		try (TestDatabase database = LedgerFixture.database(DatabaseEngine.H2)) {
			runner(database, 3).run((context) -> {
				assertThat(context).hasNotFailed();
				LedgerRebuildTests.writeThreeDays(context, this.clock);
				Map<String, String> before = answers(context);
				assertThat(before.get("size TOTAL")).isEqualTo("12");
				assertThat(keysUnder(shardTag(0))).isNotEmpty();
				for (String tag : tags()) {
					deleteTag(tag); // as FLUSHDB on every master would, the meta hash too
				}
				assertThat(context.getBean(ActivityRankService.class).board(Period.TOTAL).size()).isZero();
				RebuildReport report = context.getBean(ActivityRankAdmin.class).rebuild();
				assertThat(report.users()).isEqualTo(12);
				assertSameAnswers(answers(context), before);
				assertThat(recordedShards()).isEqualTo("3");
				assertThat(keysUnder("{" + this.prefix + "}")).containsOnly("{" + this.prefix + "}:meta");
				assertNothingStaged();
			});
		}
	}

	@Test
	void aRebuildGivesBackTheItemBoardsSpreadOverTheShards() {
		try (TestDatabase database = LedgerFixture.database(DatabaseEngine.H2)) {
			runner(database, 3).withConfiguration(AutoConfigurations.of(ActivityRankItemsAutoConfiguration.class))
				.withPropertyValues("activity-rank.items.article.points.praise=5",
						"activity-rank.items.article.points.comment=1", "activity-rank.items.article.hot.half-life=12h",
						"activity-rank.items.article.unique-users=true")
				.run((context) -> {
					ActivityRankService service = context.getBean(ActivityRankService.class);
					ItemRankService items = context.getBean(ItemRankService.class);
					for (int n = 0; n < 60; n++) {
						this.clock.advance(Duration.ofMinutes(37));
						String article = "a" + (n % 7);
						service.apply(ActivityEvent.award("user-" + (n % 11), "praise:" + article, "praise")
							.withItem("article", article));
					}
					service.revoke("user-3", "praise:a3", "praise");
					Function<ItemRankService, String> reads = (i) -> i.board("article", Period.TOTAL).top(10) + " "
							+ i.board("article", Period.DAY).top(10) + " " + i.hot("article").top(10) + " "
							+ i.uniqueUsers("article", "a1", Period.WEEK) + " "
							+ i.board("article", Period.WEEK).size();
					String before = reads.apply(items);
					for (String tag : tags()) {
						deleteTag(tag);
					}
					assertThat(items.hot("article").size()).isZero();
					context.getBean(ActivityRankAdmin.class).rebuild();
					assertThat(reads.apply(items)).isEqualTo(before);
					assertNothingStaged();
					long a1 = items.board("article", Period.TOTAL).rankOf("a1").orElseThrow().score();
					service.revoke("user-1", "praise:a1", "praise");
					assertThat(items.board("article", Period.TOTAL).rankOf("a1").orElseThrow().score())
						.isEqualTo(a1 - 5);
				});
		}
	}

	@Test
	void aRebuildMovesKeysWrittenWithOneShardToThree() {
		try (TestDatabase database = LedgerFixture.database(DatabaseEngine.H2)) {
			Map<String, String> oneShard = new TreeMap<>();
			runner(database, 1).run((context) -> {
				assertThat(context).hasNotFailed();
				LedgerRebuildTests.writeThreeDays(context, this.clock);
				oneShard.putAll(answers(context));
			});
			assertThat(oneShard.get("size TOTAL")).isEqualTo("12");
			assertThat(keysUnder("{" + this.prefix + "}")).hasSizeGreaterThan(50);
			assertThat(recordedShards()).isNull();
			// a board whose end was published: its marker moves to shard 0
			String marker = ":ended:day:20261120";
			withCluster((connection) -> connection.stringCommands()
				.pSetEx(("{" + this.prefix + "}" + marker).getBytes(StandardCharsets.UTF_8), 86_400_000L,
						"claimed".getBytes(StandardCharsets.UTF_8)));
			// with the ledger on, the start on another shard count goes on, and rebuild()
			// moves the boards
			runner(database, 3).run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(ShardMap.class).shards()).isEqualTo(3);
				context.getBean(ActivityRankAdmin.class).rebuild();
				assertSameAnswers(answers(context), oneShard);
				assertThat(recordedShards()).isEqualTo("3");
				// the old layout's keys are gone: only the meta hash is left under
				// {prefix}
				assertThat(keysUnder("{" + this.prefix + "}")).containsOnly("{" + this.prefix + "}:meta");
				for (int s = 0; s < 3; s++) {
					assertThat(keysUnder(shardTag(s))).as("shard " + s).isNotEmpty();
				}
				assertNothingStaged();
				assertThat(keysUnder(shardTag(0))).contains(shardTag(0) + marker);
				Long ttl = withCluster((connection) -> connection.keyCommands()
					.pTtl((shardTag(0) + marker).getBytes(StandardCharsets.UTF_8)));
				assertThat(ttl).isPositive();
			});
			// and back to one shard: the sharded keys are deleted, nothing is recorded
			runner(database, 1).run((context) -> {
				assertThat(context).hasNotFailed();
				context.getBean(ActivityRankAdmin.class).rebuild();
				assertSameAnswers(answers(context), oneShard);
				assertThat(recordedShards()).isNull();
				for (int s = 0; s < 3; s++) {
					assertThat(keysUnder(shardTag(s))).as("shard " + s).isEmpty();
				}
			});
		}
	}

	@Test
	void aRevokeFortyDaysLaterIsAppliedAndReplayedOnTheUsersShard() {
		try (TestDatabase database = LedgerFixture.database(DatabaseEngine.H2)) {
			runner(database, 3).run((context) -> {
				ActivityRankService ranks = context.getBean(ActivityRankService.class);
				LedgerRelay relay = context.getBean(LedgerRelay.class);
				AwardLedger ledger = context.getBean(AwardLedger.class);
				ledger.appendPending(
						List.of(ActivityEvent.award("amy", "a1", "praise"), ActivityEvent.award("bob", "a1", "praise")),
						this.clock.instant());
				relay.wake();
				assertThat(relay.awaitIdle(Duration.ofSeconds(30))).isTrue();
				this.clock.advance(Duration.ofDays(40));
				// beyond retention.record: the store's revoke of an expired award, on
				// amy's
				// shard
				ledger.appendPending(List.of(ActivityEvent.revoke("amy", "a1", "praise")), this.clock.instant());
				relay.wake();
				assertThat(relay.awaitIdle(Duration.ofSeconds(30))).isTrue();
				assertThat(ranks.board(Period.TOTAL).rankOf("amy")).isEmpty();
				assertThat(LedgerFixture.total(ranks, "bob")).isEqualTo(2);
				for (String tag : tags()) {
					deleteTag(tag);
				}
				context.getBean(ActivityRankAdmin.class).rebuild();
				assertThat(ranks.board(Period.TOTAL).rankOf("amy")).isEmpty();
				assertThat(LedgerFixture.total(ranks, "bob")).isEqualTo(2);
				assertThat(ranks.board(Period.TOTAL).size()).isEqualTo(1);
			});
		}
	}

	@Test
	void aRebuildGivesBackTheTopBadgesTheLedgerRecordedOnEachUsersShard() {
		try (TestDatabase database = LedgerFixture.database(DatabaseEngine.H2)) {
			runner(database, 3).withConfiguration(AutoConfigurations.of(ActivityRankBadgeAutoConfiguration.class))
				.withPropertyValues("activity-rank.events.enabled=true", "activity-rank.events.check-interval=1h",
						"activity-rank.badges.weekly-top.top=2", "activity-rank.badges.weekly-top.period=week")
				.run((context) -> {
					assertThat(context).hasNotFailed();
					List<String> users = List.of("u0", "u1", "u2", "u3", "u4", "u5");
					for (String user : users) {
						context.getBean(ActivityRankService.class).award(user, "c1", "comment");
					}
					assertThat(context.getBean(LedgerRelay.class).awaitIdle(Duration.ofSeconds(30))).isTrue();
					LocalDate week = LocalDate.of(2026, 11, 16);
					endWeek(context, week, "u0", "u1");
					endWeek(context, week.plusWeeks(1), "u2", "u0");
					endWeek(context, week.plusWeeks(2), "u3", "u4");
					BadgeService badges = context.getBean(BadgeService.class);
					Map<String, List<Badge>> before = new TreeMap<>();
					for (String user : users) {
						before.put(user, badges.badges(user));
					}
					assertThat(before.get("u0")).singleElement()
						.satisfies((badge) -> assertThat(badge.times()).isEqualTo(2));
					assertThat(before.get("u5")).isEmpty();
					assertThat(badges.holders("weekly-top")).isEqualTo(5);
					ShardMap shards = context.getBean(ShardMap.class);
					// each user's top badges live on the user's shard, and the holders
					// are
					// spread over them
					assertThat(users.stream().limit(5).map(shards::shardOf).distinct().count()).isGreaterThan(1);
					for (String user : users.subList(0, 5)) {
						assertThat(keysUnder(shards.keys(shards.shardOf(user)).tag()))
							.contains(shards.keys(shards.shardOf(user)).tag() + ":top-badges:" + user);
					}
					for (String tag : tags()) {
						deleteTag(tag);
					}
					assertThat(badges.holders("weekly-top")).isZero();
					context.getBean(ActivityRankAdmin.class).rebuild();
					Map<String, List<Badge>> after = new TreeMap<>();
					for (String user : users) {
						after.put(user, badges.badges(user));
					}
					assertThat(after).isEqualTo(before);
					assertThat(badges.holders("weekly-top")).isEqualTo(5);
					assertNothingStaged();
				});
		}
	}

	private void endWeek(ApplicationContext context, LocalDate week, String... ranked) {
		this.clock.set(week.plusWeeks(1).atTime(0, 0, 10));
		List<RankEntry> top = new ArrayList<>();
		for (int r = 0; r < ranked.length; r++) {
			top.add(new RankEntry(ranked[r], r + 1, 10 - r, null));
		}
		context.publishEvent(new PeriodEndedEvent(Period.WEEK, week, top));
	}

	/**
	 * The answer of every query on every board: each day, week and month of the three
	 * days and the total (top, a page, size, each user's rank, neighbours and summary),
	 * the challenge boards, and each user's history.
	 */
	private Map<String, String> answers(ApplicationContext context) {
		ActivityRankService service = context.getBean(ActivityRankService.class);
		ChallengeService challenges = context.getBean(ChallengeService.class);
		List<String> users = new ArrayList<>();
		for (int u = 0; u < 12; u++) {
			users.add("u" + u);
		}
		Map<String, String> answers = new TreeMap<>();
		for (Period period : Period.values()) {
			for (int d = 0; d < 4; d++) {
				LocalDate day = FIRST_DAY.plusDays(d);
				String board = period + " " + day;
				answers.put("top " + board, service.board(period, day).top(100).toString());
				answers.put("page " + board, service.board(period, day).page(3, 5).toString());
				answers.put("size " + board, Long.toString(service.board(period, day).size()));
				answers.put("among " + board, service.board(period, day).among(users).toString());
				for (String user : users) {
					answers.put("rankOf " + user + " " + board, service.board(period, day).rankOf(user).toString());
					answers.put("around " + user + " " + board, service.board(period, day).around(user, 2).toString());
					if (period != Period.TOTAL) {
						answers.put("summary " + user + " " + board, service.summary(user, period, day).toString());
					}
				}
			}
		}
		answers.put("size TOTAL", Long.toString(service.board(Period.TOTAL).size()));
		for (String id : List.of("sprint", "open")) {
			answers.put("top " + id, challenges.board(id).top(100).toString());
			answers.put("page " + id, challenges.board(id).page(2, 4).toString());
			answers.put("size " + id, Long.toString(challenges.board(id).size()));
			for (String user : users) {
				answers.put("rankOf " + user + " " + id, challenges.board(id).rankOf(user).toString());
				answers.put("around " + user + " " + id, challenges.board(id).around(user, 2).toString());
			}
		}
		for (String user : users) {
			// a day's awards in field order: a hash's iteration order is no part of
			// the answer
			answers.put("history " + user,
					service.history(user, FIRST_DAY, FIRST_DAY.plusDays(3))
						.stream()
						.map((day) -> day.day() + " " + day.points() + " " + new TreeMap<>(day.awards()))
						.toList()
						.toString());
		}
		return answers;
	}

	/** Compares answer by answer, so a failure names the queries that differ. */
	private static void assertSameAnswers(Map<String, String> actual, Map<String, String> expected) {
		Map<String, String> differing = new TreeMap<>();
		expected.forEach((query, answer) -> {
			if (!answer.equals(actual.get(query))) {
				differing.put(query, "expected " + answer + " but was " + actual.get(query));
			}
		});
		assertThat(differing).isEmpty();
		assertThat(actual.keySet()).isEqualTo(expected.keySet());
	}

	private String shardTag(int shard) {
		return new ShardMap(new RankKeys(this.prefix), 3).keys(shard).tag();
	}

	/** The unsharded tag and the three shards' tags. */
	private List<String> tags() {
		List<String> tags = new ArrayList<>();
		tags.add("{" + this.prefix + "}");
		for (int s = 0; s < 3; s++) {
			tags.add(shardTag(s));
		}
		return tags;
	}

	private void assertNothingStaged() {
		for (String tag : tags()) {
			assertThat(keysUnder(tag)).noneMatch((key) -> key.startsWith(tag + ":rebuild:"));
		}
	}

	private <T> T withCluster(Function<RedisClusterConnection, T> action) {
		LettuceConnectionFactory factory = this.cluster.newConnectionFactory();
		try (RedisClusterConnection connection = factory.getClusterConnection()) {
			return action.apply(connection);
		}
		finally {
			factory.destroy();
		}
	}

	private String recordedShards() {
		LettuceConnectionFactory factory = this.cluster.newConnectionFactory();
		try (RedisClusterConnection connection = factory.getClusterConnection()) {
			byte[] value = connection.hashCommands()
				.hGet(("{" + this.prefix + "}:meta").getBytes(StandardCharsets.UTF_8),
						"shards".getBytes(StandardCharsets.UTF_8));
			return (value != null) ? new String(value, StandardCharsets.UTF_8) : null;
		}
		finally {
			factory.destroy();
		}
	}

	/** Every key under a hash tag, from its slot on the master that serves it. */
	private List<String> keysUnder(String tag) {
		LettuceConnectionFactory factory = this.cluster.newConnectionFactory();
		try (RedisClusterConnection connection = factory.getClusterConnection()) {
			List<String> keys = new ArrayList<>();
			List<byte[]> inSlot = connection.clusterGetKeysInSlot(RedisClusterTestServer.slotOf(tag), 1_000_000);
			for (byte[] key : (inSlot != null) ? inSlot : List.<byte[]>of()) {
				String name = new String(key, StandardCharsets.UTF_8);
				if (name.startsWith(tag + ":")) {
					keys.add(name);
				}
			}
			return keys;
		}
		finally {
			factory.destroy();
		}
	}

	private void deleteTag(String tag) {
		List<String> keys = keysUnder(tag);
		if (keys.isEmpty()) {
			return;
		}
		LettuceConnectionFactory factory = this.cluster.newConnectionFactory();
		try (RedisClusterConnection connection = factory.getClusterConnection()) {
			for (String key : keys) {
				connection.keyCommands().del(key.getBytes(StandardCharsets.UTF_8));
			}
		}
		finally {
			factory.destroy();
		}
	}

}
