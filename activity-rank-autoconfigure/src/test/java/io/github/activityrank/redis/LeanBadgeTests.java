package io.github.activityrank.redis;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.engine.Achievement;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.engine.BadgeDefinition;
import io.github.activityrank.engine.BadgeDefinition.Kind;
import io.github.activityrank.engine.BadgeSettings;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.ScoreCommand;
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
 * Badges and levels on the score script's lean path (no streaks, items or dense ranks):
 * the count, points and level checks run in the lean loop; a command that fails there
 * leaves neither its counter nor an announcement; and taking back an award whose record
 * expired lowers the rule's count like a revoke, the badge once earned staying.
 */
class LeanBadgeTests {

	private static final ZoneId UTC = ZoneId.of("UTC");

	private final String prefix = RedisTestServer.uniquePrefix("leanbadge");

	private final LettuceConnectionFactory factory = RedisTestServer.shared().newConnectionFactory();

	private final MutableClock clock = new MutableClock(LocalDateTime.of(2026, 11, 18, 10, 0), UTC);

	private final ActivityCalendar calendar = new ActivityCalendar(this.clock, UTC, Map.of(Period.DAY,
			Duration.ofDays(31), Period.WEEK, Duration.ofDays(70), Period.MONTH, Duration.ofDays(365)),
			Duration.ofDays(1));

	private final List<Achievement> reached = new CopyOnWriteArrayList<>();

	private final BadgeSettings settings = new BadgeSettings(Period.TOTAL, List.of(0L, 3L, 100L), List.of(),
			List.of(new BadgeDefinition("commenter", Kind.COUNT, "comment", List.of(2L, 4L), 0, null, false),
					new BadgeDefinition("rich", Kind.POINTS, null, List.of(4L), 0, null, false)),
			this.reached::addAll);

	private final RedisStores stores;

	private final StringRedisTemplate redis;

	{
		this.factory.afterPropertiesSet();
		this.factory.start();
		this.redis = new StringRedisTemplate(this.factory);
		this.stores = new RedisStores(this.factory, new ShardMap(new RankKeys(this.prefix), 1), this.calendar,
				BoardOrder.DEFAULT, StreakSettings.OFF, this.settings);
	}

	@AfterEach
	void cleanUp() {
		RedisKeysCleaner.deletePrefix(this.prefix);
		this.factory.destroy();
	}

	private static ScoreCommand comment(String user, String field) {
		return new ScoreCommand(user, field, 1, false, "comment", false, null, null);
	}

	private ActivityStore store() {
		return this.stores.activityStore(EnumSet.of(Period.DAY, Period.TOTAL));
	}

	private String count(String user) {
		return this.redis.<String, String>opsForHash()
			.get(new RankKeys(this.prefix).tag() + ":badges:" + user, "#n:comment");
	}

	@Test
	void countsPointsAndLevelsAreDecidedInOneBatchOnce() {
		ActivityStore store = store();
		store.apply(List.of(comment("ann", "c1"), comment("ann", "c2"), comment("ann", "c3"), comment("ann", "c4")));
		assertThat(this.reached).extracting(Achievement::badge, Achievement::tier)
			.containsExactly(tuple("commenter", 1), tuple(null, 2), tuple("commenter", 2), tuple("rich", 1));
		assertThat(store.apply(List.of(comment("ann", "c4")))).extracting(AwardResult::outcome)
			.containsExactly(Outcome.ALREADY_AWARDED);
		assertThat(this.reached).hasSize(4);
		assertThat(count("ann")).isEqualTo("4");
	}

	@Test
	void aCommandThatFailsInTheLeanLoopLeavesNeitherItsCounterNorItsAnnouncement() {
		ActivityStore store = store();
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
		ActivityStore store = store();
		Instant first = this.clock.instant();
		store.apply(List.of(comment("dee", "c1"), comment("dee", "c2")));
		assertThat(count("dee")).isEqualTo("2");
		// two days on, c1's record has expired: the ledger takes it back by its rule and
		// points
		this.clock.advance(Duration.ofDays(2));
		UserRecords records = this.stores.userRecords(EnumSet.of(Period.DAY, Period.TOTAL), Map.of());
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
