package io.github.activityrank.redis;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Badge;
import io.github.activityrank.Period;
import io.github.activityrank.engine.Achievement;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.engine.BadgeDefinition;
import io.github.activityrank.engine.BadgeDefinition.Kind;
import io.github.activityrank.engine.BadgeSettings;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ScoreCommand;
import io.github.activityrank.engine.SourceMessage;
import io.github.activityrank.engine.StreakSettings;
import io.github.activityrank.engine.UserRecords;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The badges module of the score script on the store itself: a redelivered stream message
 * grants nothing twice, streak badges follow the run of active days, a streak bonus that
 * crosses a level announces it, and with shards a user's badges live on the user's shard.
 * Without streaks, on the lean path: a batch decides counts and levels once, a count
 * badge grants each tier only at its threshold (among rules no badge counts), a command
 * that fails there leaves neither its counter nor an announcement, and taking back an
 * award whose record expired lowers the rule's count like a revoke (the badge stays).
 */
class BadgeScriptTests {

	private static final ZoneId UTC = ZoneId.of("UTC");

	private final String prefix = RedisTestServer.uniquePrefix("badgescript");

	private final LettuceConnectionFactory factory = RedisTestServer.shared().newConnectionFactory();

	private final MutableClock clock = new MutableClock(LocalDateTime.of(2026, 11, 18, 10, 0), UTC);

	private final ActivityCalendar calendar = new ActivityCalendar(this.clock, UTC, Map.of(Period.DAY,
			Duration.ofDays(31), Period.WEEK, Duration.ofDays(70), Period.MONTH, Duration.ofDays(365)),
			Duration.ofDays(31));

	private final List<Achievement> reached = new CopyOnWriteArrayList<>();

	private final BadgeSettings settings = new BadgeSettings(Period.TOTAL, List.of(0L, 10L, 50L), List.of(),
			List.of(new BadgeDefinition("commenter", Kind.COUNT, "comment", List.of(2L), 0, null, false),
					new BadgeDefinition("regular", Kind.STREAK, null, List.of(2L, 3L), 0, null, false)),
			this.reached::addAll);

	private final StreakSettings streaks = StreakSettings.of(Set.of(), Map.of(3, 10L),
			new ScoreCommand("", "", 0, false, StreakSettings.BONUS_RULE, false, null, null));

	{
		this.factory.afterPropertiesSet();
		this.factory.start();
	}

	@AfterEach
	void cleanUp() {
		RedisKeysCleaner.deletePrefix(this.prefix);
		this.factory.destroy();
	}

	private static ScoreCommand comment(String user, String field) {
		return new ScoreCommand(user, field, 1, false, "comment", false, null, null);
	}

	private ActivityStore store(int shards) {
		return new RedisStores(this.factory, new ShardMap(new RankKeys(this.prefix), shards), this.calendar,
				BoardOrder.DEFAULT, this.streaks, this.settings)
			.activityStore(EnumSet.of(Period.DAY, Period.TOTAL));
	}

	@Test
	void aRedeliveredStreamMessageGrantsNothingTwice() {
		ActivityStore store = store(1);
		SourceMessage first = new SourceMessage(this.prefix + ":stream:0", "1-0");
		SourceMessage second = new SourceMessage(this.prefix + ":stream:0", "2-0");
		store.apply(List.of(comment("ann", "c1").withSource(first)));
		List<AwardResult> results = store.apply(List.of(comment("ann", "c2").withSource(second)));
		assertThat(results).extracting(AwardResult::outcome).containsExactly(Outcome.AWARDED);
		assertThat(this.reached).extracting(Achievement::badge, Achievement::tier)
			.containsExactly(tuple("commenter", 1));
		// both delivered again, with a retry of the direct path
		results = store.apply(List.of(comment("ann", "c1").withSource(first), comment("ann", "c2").withSource(second)));
		assertThat(results).extracting(AwardResult::outcome)
			.containsExactly(Outcome.ALREADY_AWARDED, Outcome.ALREADY_AWARDED);
		assertThat(store.apply(List.of(comment("ann", "c2")))).extracting(AwardResult::outcome)
			.containsExactly(Outcome.ALREADY_AWARDED);
		assertThat(this.reached).hasSize(1);
	}

	@Test
	void streakBadgesFollowTheRunAndTheMilestoneBonusCrossesALevel() {
		ActivityStore store = store(1);
		store.apply(List.of(comment("bo", "d1")));
		this.clock.advance(Duration.ofDays(1));
		store.apply(List.of(comment("bo", "d2"), comment("bo", "d2-again")));
		assertThat(this.reached).extracting(Achievement::badge, Achievement::tier)
			.containsExactly(tuple("commenter", 1), tuple("regular", 1));
		this.clock.advance(Duration.ofDays(1));
		store.apply(List.of(comment("bo", "d3")));
		// day 3: the milestone's 10 bonus points take bo from 3 to 14 points, level 2
		assertThat(this.reached).extracting(Achievement::badge, Achievement::tier)
			.containsExactly(tuple("commenter", 1), tuple("regular", 1), tuple(null, 2), tuple("regular", 2));
	}

	@Test
	void aStreakBadgeWithoutLevelsOrPointsBadgesIsGrantedOnTheDayTheRunReachesIt() {
		BadgeSettings streakOnly = new BadgeSettings(Period.TOTAL, List.of(), List.of(),
				List.of(new BadgeDefinition("regular", Kind.STREAK, null, List.of(2L), 0, null, false)),
				this.reached::addAll);
		ActivityStore store = new RedisStores(this.factory, new ShardMap(new RankKeys(this.prefix), 1), this.calendar,
				BoardOrder.DEFAULT, this.streaks, streakOnly)
			.activityStore(EnumSet.of(Period.DAY, Period.TOTAL));
		assertThat(store.apply(List.of(comment("eli", "d1")))).extracting(AwardResult::outcome)
			.containsExactly(Outcome.AWARDED);
		this.clock.advance(Duration.ofDays(1));
		assertThat(store.apply(List.of(comment("eli", "d2")))).extracting(AwardResult::outcome)
			.containsExactly(Outcome.AWARDED);
		assertThat(this.reached).extracting(Achievement::badge, Achievement::tier).containsExactly(tuple("regular", 1));
	}

	@Test
	void withShardsEachUsersBadgesLiveOnTheUsersShardAndHoldersAreSummed() {
		ActivityStore store = store(4);
		for (String user : List.of("u1", "u2", "u3", "u4", "u5", "u6")) {
			store.apply(List.of(comment(user, "a"), comment(user, "b")));
		}
		ShardMap shards = new ShardMap(new RankKeys(this.prefix), 4);
		BadgeStore badges = new BadgeStore(this.factory, shards, this.calendar, BoardOrder.DEFAULT, this.settings);
		assertThat(badges.holders("commenter")).isEqualTo(6);
		assertThat(badges.badges("u4")).extracting(Badge::name).containsExactly("commenter");
		assertThat(RedisKeysCleaner.keys(this.factory, "*" + this.prefix + "*:badges:u4"))
			.containsExactly(shards.keys(shards.shardOf("u4")).tag() + ":badges:u4");
	}

	/**
	 * Stores without streaks: awards take the lean path, with the badges' checks in it.
	 */
	private RedisStores leanStores() {
		return new RedisStores(this.factory, new ShardMap(new RankKeys(this.prefix), 1), this.calendar,
				BoardOrder.DEFAULT, StreakSettings.OFF, this.settings);
	}

	private ActivityStore leanStore() {
		return leanStores().activityStore(EnumSet.of(Period.DAY, Period.TOTAL));
	}

	private final StringRedisTemplate redis = new StringRedisTemplate(this.factory);

	private String count(String user) {
		return this.redis.<String, String>opsForHash()
			.get(new RankKeys(this.prefix).tag() + ":badges:" + user, "#n:comment");
	}

	@Test
	void countsPointsAndLevelsAreDecidedInOneBatchOnce() {
		ActivityStore store = leanStore();
		List<ScoreCommand> comments = new ArrayList<>();
		for (int c = 1; c <= 11; c++) {
			comments.add(comment("ann", "c" + c));
		}
		store.apply(comments);
		assertThat(this.reached).extracting(Achievement::badge, Achievement::tier)
			.containsExactly(tuple("commenter", 1), tuple(null, 2));
		assertThat(store.apply(List.of(comment("ann", "c11")))).extracting(AwardResult::outcome)
			.containsExactly(Outcome.ALREADY_AWARDED);
		assertThat(this.reached).hasSize(2);
		assertThat(count("ann")).isEqualTo("11");
	}

	@Test
	void aCountBadgeGrantsEachTierAtItsThresholdAndNothingBetweenOrPastThem() {
		BadgeSettings tiers = new BadgeSettings(Period.TOTAL, List.of(), List.of(),
				List.of(new BadgeDefinition("commenter", Kind.COUNT, "comment", List.of(1L, 3L), 0, null, false)),
				this.reached::addAll);
		ActivityStore store = new RedisStores(this.factory, new ShardMap(new RankKeys(this.prefix), 1), this.calendar,
				BoardOrder.DEFAULT, StreakSettings.OFF, tiers)
			.activityStore(EnumSet.of(Period.DAY, Period.TOTAL));
		// a rule no badge counts comes first: its spec's thresholds are none
		store.apply(List.of(new ScoreCommand("fay", "p1", 5, false, "post", false, null, null), comment("fay", "c1"),
				comment("fay", "c2"), comment("fay", "c3"), comment("fay", "c4")));
		assertThat(this.reached).extracting(Achievement::badge, Achievement::tier)
			.containsExactly(tuple("commenter", 1), tuple("commenter", 2));
		assertThat(count("fay")).isEqualTo("4");
		// a revoke in the lean loop lowers the count; reaching 3 again grants nothing
		// twice
		store.apply(List.of(new ScoreCommand("fay", "c4", 1, true, "comment", false, null, null),
				new ScoreCommand("fay", "c3", 1, true, "comment", false, null, null), comment("fay", "c5")));
		assertThat(count("fay")).isEqualTo("3");
		assertThat(this.reached).hasSize(2);
	}

	@Test
	void aCommandThatFailsInTheLeanLoopLeavesNeitherItsCounterNorItsAnnouncement() {
		ActivityStore store = leanStore();
		store.apply(List.of(comment("bo", "c1")));
		// the holders of the badge bo's second comment would grant: a key of the wrong
		// type
		this.redis.opsForValue().set(new RankKeys(this.prefix).tag() + ":badge-holders:commenter", "not a sorted set");
		List<AwardResult> results = store.apply(List.of(comment("bo", "c2"), comment("cy", "c1")));
		assertThat(results).extracting(AwardResult::outcome).containsExactly(Outcome.SET_ASIDE, Outcome.AWARDED);
		assertThat(count("bo")).isEqualTo("1");
		assertThat(this.redis.opsForHash().hasKey(this.prefix + ":badges:bo", "commenter")).isFalse();
		assertThat(this.reached).isEmpty();
		this.redis.delete(new RankKeys(this.prefix).tag() + ":badge-holders:commenter");
		store.apply(List.of(comment("bo", "c2")));
		assertThat(this.reached).extracting(Achievement::badge, Achievement::tier)
			.containsExactly(tuple("commenter", 1));
	}

	@Test
	void revokingAnExpiredAwardLowersTheCountAndTheBadgeStays() {
		ActivityStore store = leanStore();
		Instant first = this.clock.instant();
		store.apply(List.of(comment("dee", "c1"), comment("dee", "c2")));
		assertThat(count("dee")).isEqualTo("2");
		// 40 days on, c1's record has expired: the ledger takes it back by its rule and
		// points
		this.clock.advance(Duration.ofDays(40));
		UserRecords records = leanStores().userRecords(EnumSet.of(Period.DAY, Period.TOTAL), Map.of());
		assertThat(records.revokeExpired("dee", "comment", 1, first).outcome()).isEqualTo(Outcome.REVOKED);
		assertThat(count("dee")).isEqualTo("1");
		assertThat(this.redis.<String, String>opsForHash()
			.get(new RankKeys(this.prefix).tag() + ":badges:dee", "commenter")).startsWith("1:");
		// reaching 2 again grants nothing twice
		store.apply(List.of(comment("dee", "c3")));
		assertThat(this.reached).extracting(Achievement::badge).containsExactly("commenter");
		// never below none
		records.revokeExpired("dee", "comment", 1, first);
		records.revokeExpired("dee", "comment", 1, first);
		records.revokeExpired("dee", "comment", 1, first);
		assertThat(count("dee")).isEqualTo("0");
	}

}
