package io.github.activityrank.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.ChallengeService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.ActivityRankCounters;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.ScopeKeys;
import io.github.activityrank.redis.ShardMap;
import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.TestDatabase;
import io.github.activityrank.test.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.github.activityrank.faults.FaultFixture.DAY;
import static io.github.activityrank.faults.FaultFixture.POISONED;
import static io.github.activityrank.faults.FaultPaths.PATIENCE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A board key of the wrong type (a challenge board, or the day board of one shard, holds
 * a string) costs only the awards that write to it, and each of them whole: the score
 * script answers that award set aside and leaves none of its writes behind (its record
 * among them), every other award of the same call is applied once and answered
 * {@code AWARDED}, and after the key is deleted
 * {@link ActivityRankAdmin#reapplySetAside()} gives the set-aside awards their full
 * points on every board. On the lean path and the full script, with and without shards,
 * and on the direct, annotated and ledger relay paths (the stream path is in
 * {@code StreamFaultTests}); a scope key of the wrong type likewise.
 */
class WrongTypeBoardKeyTests {

	private static final String CHALLENGE = "c1";

	private static final int HEALTHY_USERS = 5;

	private static final int AWARDS = 30;

	/** Every sixth award is the poisoned user's. */
	private static final int POISONED_AWARDS = 5;

	private final EmbeddedRedis redis = EmbeddedRedis.start();

	@AfterEach
	void closeRedis() {
		this.redis.close();
	}

	/**
	 * The lean path and the full script (dense ranking), without and with shards and a
	 * time part, with the wrong type on a challenge board or on one shard's day board
	 * (the day board is read across shards, so it is read only once the key is cured).
	 */
	static Stream<Arguments> directBatches() {
		Function<AssertableApplicationContext, String> challenge = WrongTypeBoardKeyTests::challengeBoard;
		Function<AssertableApplicationContext, String> shardDay = WrongTypeBoardKeyTests::shardDayBoard;
		return Stream.of(Arguments.of("lean path, challenge board", new String[0], challenge),
				Arguments.of("full script, challenge board", new String[] { "activity-rank.ranking=dense" }, challenge),
				Arguments.of("lean path with shards, challenge board", new String[] { "activity-rank.shards=2" },
						challenge),
				Arguments.of("full script with shards, a shard's day board",
						new String[] { "activity-rank.shards=2", "activity-rank.ranking=dense" }, shardDay),
				Arguments.of("lean path with shards, a shard's day board", new String[] { "activity-rank.shards=2" },
						shardDay),
				Arguments.of("lean path with a time part, a shard's day board",
						new String[] { "activity-rank.shards=2", "activity-rank.tie-break=earliest" }, shardDay));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("directBatches")
	void aBatchSetsAsideOnlyTheAwardsThatReachTheWrongTypeKey(String scenario, String[] properties,
			Function<AssertableApplicationContext, String> key) {
		FaultFixture.runner(this.redis).withPropertyValues(properties).run((context) -> directBatch(context, key));
	}

	/**
	 * A scope key of the wrong type, reached only by the poisoned user's awards (they
	 * alone name the kind tenant): the id's scope board or the kind's board of scope ids,
	 * which the lean loop reads before an award writes, or the user's scoped set, its
	 * last write before the boards; the full script (dense ranks) journals them.
	 */
	static Stream<Arguments> scopeKeys() {
		Function<AssertableApplicationContext, String> board = (context) -> scopeKeys(context).scopeBoard("tenant",
				"t1", Period.DAY, DAY);
		Function<AssertableApplicationContext, String> ids = (context) -> scopeKeys(context).scopesBoard("tenant",
				Period.DAY, DAY);
		Function<AssertableApplicationContext, String> scoped = (context) -> scopeKeys(context).scoped(POISONED);
		return Stream.of(Arguments.of("lean path, scope board", new String[0], board),
				Arguments.of("lean path, board of scope ids", new String[0], ids),
				Arguments.of("lean path, scoped set", new String[0], scoped),
				Arguments.of("lean path with a time part, scope board",
						new String[] { "activity-rank.tie-break=earliest" }, board),
				Arguments.of("lean path with shards, board of scope ids", new String[] { "activity-rank.shards=2" },
						ids),
				Arguments.of("full script, scope board", new String[] { "activity-rank.ranking=dense" }, board));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("scopeKeys")
	void aBatchSetsAsideOnlyTheAwardsThatReachAWrongTypeScopeKey(String scenario, String[] properties,
			Function<AssertableApplicationContext, String> key) {
		FaultFixture.runner(this.redis)
			.withPropertyValues("activity-rank.scopes.category.periods=day,total",
					"activity-rank.scopes.tenant.periods=day")
			.withPropertyValues(properties)
			.run((context) -> {
				ActivityRankService service = context.getBean(ActivityRankService.class);
				ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
				String poisonedKey = key.apply(context);
				this.redis.command("SET " + poisonedKey + " x");
				List<String> healthy = healthyUsers(context);
				List<ActivityEvent> events = new ArrayList<>();
				for (ActivityEvent event : events(healthy)) {
					ActivityEvent scoped = event.withScope("category", "java");
					events.add(event.userId().equals(POISONED) ? scoped.withScope("tenant", "t1") : scoped);
				}
				List<AwardResult> results = service.applyAll(events);
				for (int e = 0; e < events.size(); e++) {
					assertThat(results.get(e).outcome()).as(events.get(e).toString())
						.isEqualTo(events.get(e).userId().equals(POISONED) ? Outcome.SET_ASIDE : Outcome.AWARDED);
				}
				String record = context.getBean(ShardMap.class)
					.keys(context.getBean(ShardMap.class).shardOf(POISONED))
					.record(DAY, POISONED);
				Long records = FaultFixture.query(this.redis, (commands) -> commands.exists(record));
				assertThat(records).as("record left").isZero();
				for (String user : healthy) {
					assertThat(scopeScore(service, "category", "java", user)).as(user)
						.isEqualTo(AWARDS / HEALTHY_USERS);
				}
				assertThat(scopeScore(service, "category", "java", POISONED)).isZero();
				assertThat(service.scopes("category", Period.DAY).rankOf("java").map(RankEntry::score))
					.contains((long) AWARDS);
				FaultFixture.delete(this.redis, poisonedKey);
				assertThat(admin.reapplySetAside()).isEqualTo(POISONED_AWARDS);
				assertThat(score(service, Period.TOTAL, POISONED)).isEqualTo(POISONED_AWARDS);
				assertThat(scopeScore(service, "category", "java", POISONED)).isEqualTo(POISONED_AWARDS);
				assertThat(scopeScore(service, "tenant", "t1", POISONED)).isEqualTo(POISONED_AWARDS);
				assertThat(service.scopes("tenant", Period.DAY).rankOf("t1").map(RankEntry::score))
					.contains((long) POISONED_AWARDS);
				assertThat(service.scopes("category", Period.DAY).rankOf("java").map(RankEntry::score))
					.contains((long) AWARDS + POISONED_AWARDS);
			});
	}

	/**
	 * Competition ranks take the lean path, dense ranks the full script, whose revoke
	 * takes points from the day and total boards (and their dense companions) before it
	 * reaches the challenge board.
	 */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "competition", "dense" })
	void aRevokeThatReachesAWrongTypeChallengeBoardIsSetAsideWithNothingTakenBackAndReappliedAfterTheCure(
			String ranking) {
		FaultFixture.runner(this.redis).withPropertyValues("activity-rank.ranking=" + ranking).run((context) -> {
			ActivityRankService service = context.getBean(ActivityRankService.class);
			ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
			joinChallenge(context);
			assertThat(service.award(POISONED, "p", "praise").outcome()).isEqualTo(Outcome.AWARDED);
			String key = challengeBoard(context);
			this.redis.command("SET " + key + " x");
			List<AwardResult> results = service.applyAll(List.of(award("u0", "f0"),
					new ActivityEvent(POISONED, "p", "praise", null, true), award("u1", "f1")));
			assertThat(results).extracting(AwardResult::outcome)
				.containsExactly(Outcome.AWARDED, Outcome.SET_ASIDE, Outcome.AWARDED);
			assertThat(results.get(1).reason()).contains("WRONGTYPE");
			// nothing taken back: the award is still on the day and total boards
			assertThat(score(service, Period.TOTAL, POISONED)).isEqualTo(1);
			assertThat(score(service, Period.DAY, POISONED)).isEqualTo(1);
			FaultFixture.delete(this.redis, key);
			assertThat(admin.reapplySetAside()).isEqualTo(1);
			assertThat(score(service, Period.TOTAL, POISONED)).isZero();
			assertThat(score(service, Period.DAY, POISONED)).isZero();
			assertThat(score(service, Period.TOTAL, "u0")).isEqualTo(1);
			assertThat(score(service, Period.DAY, "u1")).isEqualTo(1);
			assertThat(service.board(Period.DAY).top(10)).extracting(RankEntry::id)
				.containsExactlyInAnyOrder("u0", "u1");
		});
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "competition", "dense" })
	void aCappedAwardWhoseWeekHashHasTheWrongTypeLeavesNoCounterBehind(String ranking) {
		// competition takes the lean path, dense the full script
		cappedBatch(FaultFixture.runner(this.redis).withPropertyValues("activity-rank.ranking=" + ranking), false);
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "competition", "dense" })
	void aCappedAwardWhoseWeekCounterHoldsNoIntegerLeavesNoCounterBehind(String ranking) {
		cappedBatch(FaultFixture.runner(this.redis).withPropertyValues("activity-rank.ranking=" + ranking), true);
	}

	/**
	 * Daily caps of the rule and over all rules (two counters in the record) and a weekly
	 * cap: the poisoned user's week hash is a string (or its counter no integer), so each
	 * of their awards fails once its week counter is counted or read.
	 */
	private void cappedBatch(ApplicationContextRunner runner, boolean counter) {
		runner
			.withPropertyValues("activity-rank.rules.praise.daily-cap=100", "activity-rank.daily-cap=100",
					"activity-rank.rules.praise.weekly-cap=100")
			.run((context) -> {
				ActivityRankService service = context.getBean(ActivityRankService.class);
				ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
				RankKeys keys = context.getBean(RankKeys.class);
				String week = keys.tallies(Period.WEEK, DAY, POISONED);
				if (counter) {
					FaultFixture.query(this.redis, (commands) -> commands.hset(week, "#cap:praise", "x"));
				}
				else {
					this.redis.command("SET " + week + " x");
				}
				List<ActivityEvent> events = events();
				List<AwardResult> results = service.applyAll(events);
				for (int e = 0; e < events.size(); e++) {
					assertThat(results.get(e).outcome()).as(events.get(e).toString())
						.isEqualTo(events.get(e).userId().equals(POISONED) ? Outcome.SET_ASIDE : Outcome.AWARDED);
				}
				String record = keys.record(DAY, POISONED);
				Long records = FaultFixture.query(this.redis, (commands) -> commands.exists(record));
				assertThat(records).as("record left").isZero();
				FaultFixture.delete(this.redis, week);
				assertThat(admin.reapplySetAside()).isEqualTo(POISONED_AWARDS);
				assertThat(score(service, Period.TOTAL, POISONED)).isEqualTo(POISONED_AWARDS);
				String dayCount = FaultFixture.query(this.redis, (commands) -> commands.hget(record, "#cap"));
				String weekCount = FaultFixture.query(this.redis, (commands) -> commands.hget(week, "#cap:praise"));
				assertThat(dayCount).isEqualTo("5");
				assertThat(weekCount).isEqualTo("5");
			});
	}

	@Test
	void annotatedAwardsThatReachAWrongTypeChallengeBoardAreSetAsideAloneAndTheRestAwardedOnce() {
		FaultFixture.runner(this.redis).run((context) -> {
			ActivityRankService service = context.getBean(ActivityRankService.class);
			ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
			String key = praiseWithAPoisonedChallengeBoard(context);
			assertThat(admin.setAside(100)).hasSize(POISONED_AWARDS)
				.allSatisfy((award) -> assertThat(award.reason()).contains("WRONGTYPE"));
			cureAndReapply(context, key, Period.DAY, Period.TOTAL);
		});
	}

	@Test
	void ledgerRowsThatReachAWrongTypeChallengeBoardAreSetAsideAloneAndTheRestAppliedOnce() {
		try (TestDatabase database = TestDatabases.h2()) {
			FaultPaths.ledgerRunner(FaultFixture.runner(this.redis), database.dataSource()).run((context) -> {
				ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
				JdbcTemplate jdbc = new JdbcTemplate(database.dataSource());
				String key = praiseWithAPoisonedChallengeBoard(context);
				assertThat(jdbc.queryForObject(
						"SELECT COUNT(*) FROM activity_rank_ledger WHERE state = 1 AND outcome = 'AWARDED'",
						Long.class))
					.as("rows applied and awarded")
					.isEqualTo(AWARDS);
				assertThat(jdbc.queryForList("SELECT DISTINCT user_id FROM activity_rank_ledger WHERE state = 2",
						String.class))
					.containsExactly(POISONED);
				assertThat(admin.setAside(100)).hasSize(POISONED_AWARDS);
				FaultFixture.delete(this.redis, key);
				assertThat(admin.reapplySetAside()).isEqualTo(POISONED_AWARDS);
				assertThat(admin.awaitApplied(PATIENCE)).isTrue();
				assertFullPoints(context, Period.DAY, Period.TOTAL);
			});
		}
	}

	/**
	 * The awards made through the annotation, after the poisoned user's challenge board
	 * became a string: the healthy users' are applied once.
	 * @return the poisoned key
	 */
	private String praiseWithAPoisonedChallengeBoard(AssertableApplicationContext context) {
		FaultFixture.Praises praises = context.getBean(FaultFixture.Praises.class);
		joinChallenge(context);
		String key = challengeBoard(context);
		this.redis.command("SET " + key + " x");
		for (ActivityEvent event : events()) {
			praises.praise(event.userId(), event.field());
		}
		assertThat(context.getBean(ActivityRankAdmin.class).awaitApplied(PATIENCE)).isTrue();
		assertHealthyAwardedOnce(context);
		return key;
	}

	/**
	 * One call of the direct path carrying healthy awards and the poisoned user's, then
	 * the cure and the replay.
	 */
	private void directBatch(AssertableApplicationContext context, Function<AssertableApplicationContext, String> key) {
		ActivityRankService service = context.getBean(ActivityRankService.class);
		ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
		joinChallenge(context);
		String poisonedKey = key.apply(context);
		this.redis.command("SET " + poisonedKey + " x");
		List<ActivityEvent> events = events(healthyUsers(context));
		List<AwardResult> results = service.applyAll(events);
		for (int e = 0; e < events.size(); e++) {
			boolean poisoned = events.get(e).userId().equals(POISONED);
			assertThat(results.get(e).outcome()).as(events.get(e).toString())
				.isEqualTo(poisoned ? Outcome.SET_ASIDE : Outcome.AWARDED);
			if (poisoned) {
				assertThat(results.get(e).reason()).contains("WRONGTYPE");
			}
		}
		assertHealthyAwardedOnce(context, healthyUsers(context), !poisonedKey.contains(":day:"));
		assertThat(admin.setAside(100)).hasSize(POISONED_AWARDS)
			.allSatisfy((award) -> assertThat(award.reason()).contains("WRONGTYPE"));
		cureAndReapply(context, poisonedKey, Period.DAY, Period.TOTAL);
	}

	private void cureAndReapply(AssertableApplicationContext context, String key, Period... periods) {
		ActivityRankAdmin admin = context.getBean(ActivityRankAdmin.class);
		FaultFixture.delete(this.redis, key);
		assertThat(admin.reapplySetAside()).isEqualTo(POISONED_AWARDS);
		assertThat(admin.setAside(100)).isEmpty();
		assertFullPoints(context, periods);
	}

	/** The poisoned user's full points on every board, the challenge's too. */
	private static void assertFullPoints(AssertableApplicationContext context, Period... periods) {
		ActivityRankService service = context.getBean(ActivityRankService.class);
		for (Period period : periods) {
			assertThat(score(service, period, POISONED)).as(period.toString()).isEqualTo(POISONED_AWARDS);
		}
		assertThat(context.getBean(ChallengeService.class).board(CHALLENGE).rankOf(POISONED).map(RankEntry::score))
			.as("challenge")
			.contains((long) POISONED_AWARDS);
	}

	private static void assertHealthyAwardedOnce(AssertableApplicationContext context) {
		assertHealthyAwardedOnce(context, defaultHealthy(), true);
	}

	private static void assertHealthyAwardedOnce(AssertableApplicationContext context, List<String> healthy,
			boolean dayReadable) {
		ActivityRankService service = context.getBean(ActivityRankService.class);
		for (String user : healthy) {
			assertThat(score(service, Period.TOTAL, user)).as(user).isEqualTo(AWARDS / HEALTHY_USERS);
			if (dayReadable) {
				assertThat(score(service, Period.DAY, user)).as(user).isEqualTo(AWARDS / HEALTHY_USERS);
			}
		}
		assertThat(score(service, Period.TOTAL, POISONED)).isZero();
		ActivityRankCounters counters = context.getBean(ActivityRankCounters.class);
		assertThat(counters.count(Outcome.ALREADY_AWARDED)).as("already awarded").isZero();
		assertThat(counters.count(Outcome.AWARDED)).as("awarded").isEqualTo(AWARDS);
	}

	private static void joinChallenge(AssertableApplicationContext context) {
		ChallengeService challenges = context.getBean(ChallengeService.class);
		challenges.create(new ChallengeDefinition(CHALLENGE, DAY.atStartOfDay(java.time.ZoneOffset.UTC).toInstant(),
				DAY.plusDays(7).atStartOfDay(java.time.ZoneOffset.UTC).toInstant(), Set.of(), false));
		assertThat(challenges.join(CHALLENGE, POISONED)).isTrue();
	}

	/** The challenge board on the poisoned user's shard. */
	private static String challengeBoard(AssertableApplicationContext context) {
		ShardMap shards = context.getBean(ShardMap.class);
		return shards.keys(shards.shardOf(POISONED)).challengeBoard(CHALLENGE);
	}

	/**
	 * The day board of the poisoned user's shard: every award of that shard reaches it.
	 */
	private static String shardDayBoard(AssertableApplicationContext context) {
		ShardMap shards = context.getBean(ShardMap.class);
		return shards.keys(shards.shardOf(POISONED)).board(Period.DAY, DAY);
	}

	/** The scope keys of the poisoned user's shard. */
	private static ScopeKeys scopeKeys(AssertableApplicationContext context) {
		ShardMap shards = context.getBean(ShardMap.class);
		return new ScopeKeys(shards.keys(shards.shardOf(POISONED)));
	}

	/** A user's points on a scope id's day board. */
	private static long scopeScore(ActivityRankService service, String kind, String id, String user) {
		return service.board(kind, id, Period.DAY).rankOf(user).map(RankEntry::score).orElse(0L);
	}

	/** Users on no shard of the poisoned user's (every user without shards). */
	private static List<String> healthyUsers(AssertableApplicationContext context) {
		ShardMap shards = context.getBean(ShardMap.class);
		if (shards.shards() == 1) {
			return defaultHealthy();
		}
		List<String> users = new ArrayList<>();
		for (int u = 0; users.size() < HEALTHY_USERS; u++) {
			if (shards.shardOf("u" + u) != shards.shardOf(POISONED)) {
				users.add("u" + u);
			}
		}
		return users;
	}

	private static List<String> defaultHealthy() {
		List<String> users = new ArrayList<>();
		for (int u = 0; u < HEALTHY_USERS; u++) {
			users.add("u" + u);
		}
		return users;
	}

	private static List<ActivityEvent> events() {
		return events(defaultHealthy());
	}

	/** Healthy awards with every sixth the poisoned user's in between. */
	private static List<ActivityEvent> events(List<String> healthy) {
		List<ActivityEvent> events = new ArrayList<>();
		for (int c = 0; c < AWARDS; c++) {
			events.add(award(healthy.get(c % HEALTHY_USERS), "f" + c));
			if (c % 6 == 2) {
				events.add(award(POISONED, "p" + c));
			}
		}
		return events;
	}

	private static ActivityEvent award(String user, String field) {
		return new ActivityEvent(user, field, "praise", null, false);
	}

	private static long score(ActivityRankService service, Period period, String user) {
		return service.board(period).rankOf(user).map(RankEntry::score).orElse(0L);
	}

}
