package io.github.activityrank.engine;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.redis.RedisRollingBoards;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The rolling boards of one scope id on the test Redis (database 4, a prefix of their
 * own) with a movable clock, on one shard and on three.
 */
class ScopedRollingBoardTests {

	private static final LocalDateTime NOON = LocalDateTime.of(2026, 6, 20, 12, 0);

	/** category: day boards, every rule; course: week boards only. */
	private static final ScopeSettings SCOPES = new ScopeSettings(
			Map.of("category", new ScopeKind("category", List.of(Period.DAY), Set.of(), 0), "course",
					new ScopeKind("course", List.of(Period.WEEK), Set.of(), 0)));

	private final List<EngineFixture> fixtures = new ArrayList<>();

	@AfterEach
	void deleteKeys() {
		this.fixtures.forEach(EngineFixture::close);
	}

	private EngineFixture engine(int shards) {
		EngineFixture engine = new EngineFixture(NOON, EnumSet.of(Period.DAY, Period.MONTH), EngineFixture.FORUM_RULES,
				null, null, EngineFixture.factory(4), RedisTestServer.uniquePrefix("scoped-rolling"),
				BoardOrder.DEFAULT, shards, Map.of(), SCOPES);
		this.fixtures.add(engine);
		return engine;
	}

	private static RedisRollingBoards rolling(EngineFixture engine) {
		RedisRollingBoards rolling = new RedisRollingBoards(engine.connections, engine.shards, engine.calendar,
				BoardOrder.DEFAULT, List.of(7, 30), Duration.ofMinutes(1));
		engine.service.setRollingBoards(rolling);
		return rolling;
	}

	private static void award(EngineFixture engine, String user, String item, long points, String category) {
		engine.service.apply(ActivityEvent.awardPoints(user, item, points).withScope("category", category));
	}

	@Test
	void anAwardEightDaysAgoIsOnTheThirtyDayBoardOfItsCategoryOnly() {
		awardsInTwoCategories(engine(1));
	}

	@Test
	void theBoardsOfAScopeIdSumTheirDaysOverThreeShards() {
		awardsInTwoCategories(engine(3));
	}

	private void awardsInTwoCategories(EngineFixture engine) {
		rolling(engine);
		engine.clock.set(NOON.minusDays(8));
		award(engine, "ann", "old", 5, "java");
		engine.clock.set(NOON);
		award(engine, "bob", "new", 3, "java");
		award(engine, "ann", "new", 1, "java");
		award(engine, "cid", "other", 9, "kotlin");
		award(engine, "dan", "other", 2, "java");
		award(engine, "eve", "other", 4, "java");

		assertThat(engine.service.rolling(7, "category", "java").top(10)).extracting(RankEntry::id, RankEntry::score)
			.containsExactly(tuple("eve", 4L), tuple("bob", 3L), tuple("dan", 2L), tuple("ann", 1L));
		assertThat(engine.service.rolling(30, "category", "java").top(10)).extracting(RankEntry::id, RankEntry::score)
			.containsExactly(tuple("ann", 6L), tuple("eve", 4L), tuple("bob", 3L), tuple("dan", 2L));
		assertThat(engine.service.rolling(7, "category", "kotlin").top(10)).extracting(RankEntry::id)
			.containsExactly("cid");
		assertThat(engine.service.rolling(7).size()).isEqualTo(5);
	}

	@Test
	void removingAUserTakesThemOffTheScopedRollingBoards() {
		EngineFixture engine = engine(1);
		RedisRollingBoards rolling = rolling(engine);
		award(engine, "ann", "a", 2, "java");
		award(engine, "bob", "a", 3, "java");
		award(engine, "ann", "b", 1, "kotlin");
		assertThat(engine.service.rolling(7, "category", "java").size()).isEqualTo(2);
		assertThat(engine.service.rolling(30, "category", "kotlin").size()).isOne();

		// as removeUser runs them: the user's keys first, then the erasures
		engine.service.removeUser("ann");
		assertThat(rolling.erase("ann")).isEqualTo(2);
		assertThat(engine.service.rolling(7, "category", "java").top(10)).extracting(RankEntry::id)
			.containsExactly("bob");
		assertThat(engine.service.rolling(30, "category", "kotlin").size()).isZero();
	}

	@Test
	void everyWrongArgumentIsRefusedSayingWhatToChange() {
		EngineFixture engine = engine(1);
		rolling(engine);
		assertThatIllegalArgumentException().isThrownBy(() -> engine.service.rolling(14, "category", "java"))
			.withMessageContaining("[7, 30]")
			.withMessageContaining("activity-rank.rolling");
		assertThatIllegalArgumentException().isThrownBy(() -> engine.service.rolling(7, "tag", "java"))
			.withMessageContaining("'tag'")
			.withMessageContaining("category")
			.withMessageContaining("course");
		// course keeps week boards only
		assertThatIllegalArgumentException().isThrownBy(() -> engine.service.rolling(7, "course", "c-101"))
			.withMessageContaining("add day to activity-rank.scopes.course.periods");
		assertThatIllegalArgumentException().isThrownBy(() -> engine.service.rolling(7, "category", ""))
			.withMessageContaining("Invalid scope id");
		assertThatIllegalArgumentException().isThrownBy(() -> engine.service.rolling(7, "category", null))
			.withMessageContaining("Invalid scope id");
	}

	@Test
	void withoutRollingBoardsAScopedReadIsRefused() {
		EngineFixture engine = engine(1);
		assertThatIllegalArgumentException().isThrownBy(() -> engine.service.rolling(7, "category", "java"))
			.withMessageContaining("activity-rank.rolling");
	}

}
