package io.github.activityrank.engine;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityLimits;
import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.redis.ScopeKeys;
import io.github.activityrank.test.CountingConnections;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Awards that name scope ids take the lean way (scope-core.lua); a batch with a revoke
 * takes the full script, whose scopes module takes back what the award's record names,
 * whichever way the award went.
 */
class ScopeLeanPathTests {

	/**
	 * A Saturday of 2027 in the last ISO week of 2026 (2026-W53); two days later 2027-W01
	 * starts.
	 */
	private static final LocalDateTime MORNING = LocalDateTime.of(2027, 1, 2, 10, 0);

	private static final List<String> CATEGORIES = List.of("java", "kotlin", "go");

	private static final List<String> COURSES = List.of("c-1", "c-2");

	/** category: day, week and total boards, every rule; course: kept to 2, two rules. */
	private static final ScopeSettings SCOPES = new ScopeSettings(
			Map.of("category", new ScopeKind("category", List.of(Period.DAY, Period.WEEK, Period.TOTAL), Set.of(), 0),
					"course", new ScopeKind("course", List.of(Period.WEEK, Period.MONTH), Set.of("post", "spam"), 2)));

	private static final Map<String, List<String>> IDS = Map.of("category", CATEGORIES, "course", COURSES);

	@Test
	void aBatchOfScopedAwardsIsOneCallAndItsRevokesTakeBackExactly() {
		CountingConnections counting = new CountingConnections(EngineFixture.factory(3));
		try (EngineFixture engine = new EngineFixture(MORNING, EnumSet.of(Period.DAY, Period.WEEK, Period.TOTAL),
				EngineFixture.FORUM_RULES, null, null, counting.factory(), RedisTestServer.uniquePrefix("scopelean"),
				BoardOrder.DEFAULT, 1, Map.of(), SCOPES)) {
			long before = counting.scriptCalls();
			List<AwardResult> results = engine.service
				.applyAll(List.of(ActivityEvent.award("ann", "a1", "publish").withScope("category", "java"),
						ActivityEvent.award("bob", "a2", "publish").withScope("category", "java"),
						ActivityEvent.award("ann", "a3", "comment").withScope("category", "go")));
			assertThat(counting.scriptCalls() - before).isEqualTo(1);
			assertThat(results).extracting(AwardResult::outcome).containsOnly(Outcome.AWARDED);
			String record = engine.keys.record(MORNING.toLocalDate(), "ann");
			// each award's value carries the scope ids it gave to, for its revoke
			assertThat(engine.hash(record))
				.hasEntrySatisfying("a1", (value) -> assertThat(value).endsWith("|category=java:dwt"))
				.hasEntrySatisfying("a3", (value) -> assertThat(value).endsWith("|category=go:dwt"))
				.doesNotContainKeys("#s:a1", "#s:a3");
			// which history and summaries read past
			assertThat(engine.service.history("ann", MORNING.toLocalDate(), MORNING.toLocalDate()).get(0).awards())
				.containsOnlyKeys("a1", "a3")
				.containsEntry("a1", 10L);
			assertThat(engine.service.summary("ann", Period.DAY).byRule()).containsOnlyKeys("publish", "comment");
			engine.clock.set(MORNING.plusDays(2)); // the next ISO week, 2027-W01
			assertThat(engine.service.revoke("ann", "a1", "publish").outcome()).isEqualTo(Outcome.REVOKED);
			LocalDate day = MORNING.toLocalDate();
			assertThat(engine.rawScore(new ScopeKeys(engine.keys).scopesBoard("category", Period.WEEK, day), "java"))
				.isEqualTo(10.0);
			assertThat(engine.service.board("category", "java", Period.WEEK, day).top(10)).extracting(RankEntry::id)
				.containsExactly("bob");
			assertThat(engine.service.board("category", "java", Period.DAY, day).top(10)).extracting(RankEntry::id)
				.containsExactly("bob");
			assertThat(engine.hash(record)).doesNotContainKey("a1").containsKey("a3");
		}
	}

	/**
	 * A record written before the scope ids moved into its value (into a field
	 * {@code #s:<field>} of their own) is still taken back exactly, that field with it.
	 */
	@Test
	void aRevokeTakesBackTheScopeIdsOfARecordThatKeepsThemInAFieldOfTheirOwn() {
		try (EngineFixture engine = new EngineFixture(MORNING, EnumSet.of(Period.DAY, Period.WEEK, Period.TOTAL),
				EngineFixture.FORUM_RULES, null, null, EngineFixture.factory(3),
				RedisTestServer.uniquePrefix("scopelean"), BoardOrder.DEFAULT, 1, Map.of(), SCOPES)) {
			LocalDate day = MORNING.toLocalDate();
			engine.service.apply(ActivityEvent.award("ann", "a1", "publish").withScope("category", "java"));
			String record = engine.keys.record(day, "ann");
			String value = engine.hash(record).get("a1");
			engine.hset(record, "a1", value.substring(0, value.indexOf('|')));
			engine.hset(record, "#s:a1", value.substring(value.indexOf('|') + 1));

			assertThat(engine.service.revoke("ann", "a1", "publish").outcome()).isEqualTo(Outcome.REVOKED);
			for (Period period : List.of(Period.DAY, Period.WEEK, Period.TOTAL)) {
				assertThat(engine.service.board("category", "java", period, day).top(10)).as("%s", period).isEmpty();
				assertThat(engine.service.scopes("category", period).top(10)).as("%s", period).isEmpty();
			}
			assertThat(engine.hash(record)).isEmpty();
		}
	}

	static Stream<Arguments> configurations() {
		Map<String, ScoringRule> plain = Map.of("post", new ScoringRule("post", 5, false, null), "like",
				new ScoringRule("like", 1, false, null), "spam", new ScoringRule("spam", -2, false, null));
		Map<String, ScoringRule> capped = Map.of("post", new ScoringRule("post", 5, false, 12L, 30L, 45L), "like",
				new ScoringRule("like", 1, false, null), "spam", new ScoringRule("spam", -2, false, null));
		BoardOrder earliest = new BoardOrder(TieBreak.EARLIEST, Ranking.COMPETITION, BoardOrder.DEFAULT_EPOCH);
		return Stream.of(Arguments.of("plain", plain, null, BoardOrder.DEFAULT),
				Arguments.of("caps", capped, 20L, BoardOrder.DEFAULT), Arguments.of("earliest", plain, null, earliest));
	}

	/**
	 * The same random batches (scoped awards, repeats naming another id, penalties, and
	 * every third batch revokes, over three days) on two engines, one of them kept on the
	 * full script by an item type no award uses: the same results, records, scope boards
	 * (their raw scores and TTLs too) and boards of scope ids; a removed user leaves
	 * every scope board on both.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("configurations")
	void leanAndFullScriptsAgreeOnScopes(String name, Map<String, ScoringRule> rules, Long dailyCap, BoardOrder order) {
		EnumSet<Period> periods = EnumSet.of(Period.DAY, Period.WEEK, Period.MONTH, Period.TOTAL);
		Map<String, ItemType> unused = Map.of("unused",
				new ItemType("unused", Map.of("nothing", 1L), List.of(Period.DAY), null, 10, false));
		try (EngineFixture lean = new EngineFixture(MORNING, periods, rules, dailyCap, null, EngineFixture.factory(3),
				RedisTestServer.uniquePrefix("scopelean"), order, 1, Map.of(), SCOPES);
				EngineFixture full = new EngineFixture(MORNING, periods, rules, dailyCap, null,
						EngineFixture.factory(3), RedisTestServer.uniquePrefix("scopefull"), order, 1, unused,
						SCOPES)) {
			Random random = new Random(name.hashCode());
			List<String[]> awarded = new ArrayList<>();
			for (int day = 0; day < 3; day++) {
				lean.clock.set(MORNING.plusDays(day));
				full.clock.set(MORNING.plusDays(day));
				for (int batch = 0; batch < 12; batch++) {
					List<ActivityEvent> events = new ArrayList<>();
					for (int e = 0; e < 20; e++) {
						events.add(event(random, awarded, batch % 3 == 2));
					}
					assertThat(lean.service.applyAll(events)).as("day %d batch %d", day, batch)
						.isEqualTo(full.service.applyAll(events));
				}
				LocalDate today = MORNING.toLocalDate().plusDays(day);
				for (int u = 0; u < 8; u++) {
					assertThat(lean.hash(lean.keys.record(today, "u" + u))).as("record of u%d", u)
						.isEqualTo(full.hash(full.keys.record(today, "u" + u)));
				}
				assertSameScopeBoards(lean, full, today, false);
			}
			lean.service.removeUser("u3");
			full.service.removeUser("u3");
			assertSameScopeBoards(lean, full, MORNING.toLocalDate().plusDays(2), true);
		}
	}

	/**
	 * A scope board that would pass its largest score (a total board, which no global
	 * board of the day bounds) sets the award aside on the lean path as on the full
	 * script: nothing stored, the same reason, and the same award applies once there is
	 * room again.
	 */
	@Test
	void anAwardThatWouldPassAScopeBoardsLargestScoreIsSetAsideOnBothPaths() {
		ScopeSettings totals = new ScopeSettings(
				Map.of("category", new ScopeKind("category", List.of(Period.DAY, Period.TOTAL), Set.of(), 0)));
		Map<String, ScoringRule> rules = Map.of("post", new ScoringRule("post", 5, false, null));
		Map<String, ItemType> unused = Map.of("unused",
				new ItemType("unused", Map.of("nothing", 1L), List.of(Period.DAY), null, 10, false));
		try (EngineFixture lean = new EngineFixture(MORNING, EnumSet.of(Period.DAY), rules, null, null,
				EngineFixture.factory(3), RedisTestServer.uniquePrefix("scopelean"), BoardOrder.DEFAULT, 1, Map.of(),
				totals);
				EngineFixture full = new EngineFixture(MORNING, EnumSet.of(Period.DAY), rules, null, null,
						EngineFixture.factory(3), RedisTestServer.uniquePrefix("scopefull"), BoardOrder.DEFAULT, 1,
						unused, totals)) {
			LocalDate day = MORNING.toLocalDate();
			List<AwardResult> results = new ArrayList<>();
			for (EngineFixture engine : List.of(lean, full)) {
				String total = new ScopeKeys(engine.keys).scopeBoard("category", "java", Period.TOTAL, day);
				engine.zadd(total, "ann", ActivityLimits.MAX_BOARD_SCORE - 4);
				List<AwardResult> batch = engine.service
					.applyAll(List.of(ActivityEvent.award("bob", "b1", "post").withScope("category", "java"),
							ActivityEvent.award("ann", "a1", "post").withScope("category", "java")));
				assertThat(batch).extracting(AwardResult::outcome).containsExactly(Outcome.AWARDED, Outcome.SET_ASIDE);
				assertThat(batch.get(1).reason())
					.contains("a scope board would pass its largest score of 9007199254740991 points");
				assertThat(engine.hash(engine.keys.record(day, "ann"))).isEmpty();
				assertThat(engine.service.board(Period.DAY).rankOf("ann")).isEmpty();
				assertThat(engine.service.board("category", "java", Period.DAY, day).rankOf("ann")).isEmpty();
				assertThat(engine.rawScore(total, "ann")).isEqualTo(ActivityLimits.MAX_BOARD_SCORE - 4.0);
				results.addAll(batch);
				engine.zadd(total, "ann", 10);
				assertThat(engine.service.apply(ActivityEvent.award("ann", "a1", "post").withScope("category", "java"))
					.outcome()).isEqualTo(Outcome.AWARDED);
				assertThat(engine.rawScore(total, "ann")).isEqualTo(15.0);
			}
			assertThat(results.subList(0, 2)).isEqualTo(results.subList(2, 4));
		}
	}

	private static void assertSameScopeBoards(EngineFixture lean, EngineFixture full, LocalDate day, boolean removed) {
		ScopeKeys leanKeys = new ScopeKeys(lean.keys);
		ScopeKeys fullKeys = new ScopeKeys(full.keys);
		for (ScopeKind kind : SCOPES.kinds().values()) {
			for (Period period : kind.periods()) {
				assertThat(lean.service.scopes(kind.name(), period).top(100)).as("%s %s", kind.name(), period)
					.isEqualTo(full.service.scopes(kind.name(), period).top(100));
				for (String id : IDS.get(kind.name())) {
					List<RankEntry> top = lean.service.board(kind.name(), id, period, day).top(100);
					assertThat(top).as("%s %s %s", kind.name(), id, period)
						.isEqualTo(full.service.board(kind.name(), id, period, day).top(100));
					if (removed) {
						assertThat(top).extracting(RankEntry::id).doesNotContain("u3");
					}
					String board = leanKeys.scopeBoard(kind.name(), id, period, day);
					for (int u = 0; u < 8; u++) {
						assertThat(lean.rawScore(board, "u" + u)).as("%s of u%d", board, u)
							.isEqualTo(full.rawScore(fullKeys.scopeBoard(kind.name(), id, period, day), "u" + u));
					}
					if (!top.isEmpty() && period != Period.TOTAL) {
						assertThat(lean.pttl(board)).as("TTL of %s", board).isPositive();
						String ids = leanKeys.scopesBoard(kind.name(), period, day);
						assertThat(lean.pttl(ids)).as("TTL of %s", ids).isPositive();
					}
				}
			}
		}
	}

	private static ActivityEvent event(Random random, List<String[]> awarded, boolean revokes) {
		String user = "u" + random.nextInt(8);
		int kind = random.nextInt(10);
		if (revokes && kind < 3 && !awarded.isEmpty()) {
			String[] award = awarded.get(random.nextInt(awarded.size()));
			// the host's data may have changed: a revoke's ids do not count
			return ActivityEvent.revoke(award[0], award[1], award[2]).withScope("category", pick(random, CATEGORIES));
		}
		if (kind == 3 && !awarded.isEmpty()) {
			String[] award = awarded.get(random.nextInt(awarded.size()));
			return ActivityEvent.award(award[0], award[1], award[2]).withScope("category", pick(random, CATEGORIES));
		}
		String rule = (kind < 6) ? "post" : (kind < 9) ? "like" : "spam";
		String field = "f" + random.nextInt(1000);
		awarded.add(new String[] { user, field, rule });
		ActivityEvent event = ActivityEvent.award(user, field, rule);
		if (random.nextInt(5) > 0) {
			event = event.withScope("category", pick(random, CATEGORIES));
		}
		if (random.nextBoolean()) {
			event = event.withScope("course", pick(random, COURSES));
		}
		return event;
	}

	private static String pick(Random random, List<String> ids) {
		return ids.get(random.nextInt(ids.size()));
	}

}
