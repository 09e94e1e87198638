package io.github.activityrank.engine;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.ScopeKeys;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Scope boards on one Redis (database 3): an award scores its scope ids' boards in the
 * same call as the global boards, and a revoke takes back exactly what the award gave.
 */
class ScopeBoardsTests {

	static final LocalDateTime MONDAY = LocalDateTime.of(2026, 6, 8, 10, 0);

	/** category: day and total boards, every rule; course: week boards, two rules. */
	static final ScopeSettings SCOPES = new ScopeSettings(
			Map.of("category", new ScopeKind("category", List.of(Period.DAY, Period.TOTAL), Set.of(), 0), "course",
					new ScopeKind("course", List.of(Period.WEEK), Set.of("comment", "publish"), 0)));

	/** Ann publishes article 1 in category java and course c-101. */
	static final ActivityEvent JAVA_C101 = ActivityEvent.award("ann", "article-1", "publish")
		.withScope("category", "java")
		.withScope("course", "c-101");

	private final List<EngineFixture> fixtures = new ArrayList<>();

	@AfterEach
	void deleteKeys() {
		this.fixtures.forEach(EngineFixture::close);
	}

	private EngineFixture engine(ScopeSettings scopes, BoardOrder order) {
		EngineFixture engine = new EngineFixture(MONDAY, EnumSet.of(Period.DAY, Period.WEEK), EngineFixture.FORUM_RULES,
				null, null, EngineFixture.factory(3), RedisTestServer.uniquePrefix("scopes"), order, 1, Map.of(),
				scopes);
		this.fixtures.add(engine);
		return engine;
	}

	private EngineFixture engine() {
		return engine(SCOPES, BoardOrder.DEFAULT);
	}

	private static Map<String, Long> scores(Leaderboard board) {
		return board.top(100).stream().collect(Collectors.toMap(RankEntry::id, RankEntry::score));
	}

	@Test
	void anAwardScoresTheGlobalBoardsAndTheBoardsOfEachKindItNames() {
		EngineFixture engine = engine();
		ActivityEvent award = JAVA_C101;
		assertThat(engine.service.apply(award).outcome()).isEqualTo(Outcome.AWARDED);
		assertThat(scores(engine.service.board(Period.DAY))).containsExactly(Map.entry("ann", 10L));
		assertThat(scores(engine.service.board("category", "java", Period.DAY))).containsExactly(Map.entry("ann", 10L));
		assertThat(scores(engine.service.board("category", "java", Period.TOTAL)))
			.containsExactly(Map.entry("ann", 10L));
		assertThat(scores(engine.service.board("course", "c-101", Period.WEEK))).containsExactly(Map.entry("ann", 10L));
		assertThat(scores(engine.service.scopes("category", Period.DAY))).containsExactly(Map.entry("java", 10L));
		assertThat(scores(engine.service.scopes("course", Period.WEEK))).containsExactly(Map.entry("c-101", 10L));
	}

	@Test
	void aRevokeTakesBackFromEveryBoardTheAwardGaveTo() {
		EngineFixture engine = engine();
		engine.service.apply(JAVA_C101);
		engine.service.apply(ActivityEvent.award("bob", "article-2", "publish").withScope("category", "java"));
		assertThat(engine.service.revoke("ann", "article-1", "publish").outcome()).isEqualTo(Outcome.REVOKED);
		assertThat(scores(engine.service.board(Period.DAY))).containsExactly(Map.entry("bob", 10L));
		assertThat(scores(engine.service.board("category", "java", Period.DAY))).containsExactly(Map.entry("bob", 10L));
		assertThat(engine.service.board("course", "c-101", Period.WEEK).size()).isZero();
		assertThat(scores(engine.service.scopes("category", Period.DAY))).containsExactly(Map.entry("java", 10L));
		assertThat(engine.service.scopes("course", Period.WEEK).size()).isZero();
	}

	@Test
	void aRevokeAfterTheHostMovedTheArticleTakesBackFromTheOriginalScope() {
		EngineFixture engine = engine();
		engine.service.apply(ActivityEvent.award("ann", "article-1", "publish").withScope("category", "java"));
		engine.service.apply(ActivityEvent.award("bob", "article-2", "publish").withScope("category", "kotlin"));
		// the article is in kotlin now; the revoke names its current category
		ActivityEvent revoke = ActivityEvent.revoke("ann", "article-1", "publish").withScope("category", "kotlin");
		assertThat(engine.service.apply(revoke).outcome()).isEqualTo(Outcome.REVOKED);
		assertThat(engine.service.board("category", "java", Period.DAY).size()).isZero();
		assertThat(scores(engine.service.board("category", "kotlin", Period.DAY)))
			.containsExactly(Map.entry("bob", 10L));
		assertThat(scores(engine.service.scopes("category", Period.DAY))).containsExactly(Map.entry("kotlin", 10L));
	}

	@Test
	void aRevokeOnALaterDayTakesBackFromTheAwardsDay() {
		EngineFixture engine = engine();
		engine.service.apply(ActivityEvent.award("ann", "article-1", "publish").withScope("category", "java"));
		engine.clock.advance(java.time.Duration.ofDays(1));
		assertThat(engine.service.revoke("ann", "article-1", "publish").outcome()).isEqualTo(Outcome.REVOKED);
		assertThat(engine.service.board("category", "java", Period.DAY, MONDAY.toLocalDate()).size()).isZero();
		assertThat(engine.service.board("category", "java", Period.TOTAL).size()).isZero();
	}

	@Test
	void theSameAwardTwiceScoresOnceEverywhere() {
		EngineFixture engine = engine();
		ActivityEvent award = JAVA_C101;
		engine.service.apply(award);
		assertThat(engine.service.apply(award).outcome()).isEqualTo(Outcome.ALREADY_AWARDED);
		assertThat(scores(engine.service.board(Period.DAY))).containsExactly(Map.entry("ann", 10L));
		assertThat(scores(engine.service.board("category", "java", Period.DAY))).containsExactly(Map.entry("ann", 10L));
		assertThat(scores(engine.service.board("course", "c-101", Period.WEEK))).containsExactly(Map.entry("ann", 10L));
		assertThat(scores(engine.service.scopes("category", Period.DAY))).containsExactly(Map.entry("java", 10L));
	}

	@Test
	void aKindCountsOnlyItsRules() {
		EngineFixture engine = engine();
		engine.service.apply(ActivityEvent.award("ann", "like-1", "praise")
			.withScope("category", "java")
			.withScope("course", "c-101"));
		assertThat(scores(engine.service.board("category", "java", Period.DAY))).containsExactly(Map.entry("ann", 2L));
		assertThat(engine.service.board("course", "c-101", Period.WEEK).size()).isZero();
	}

	@Test
	void aScopeGetsThePointsTheCapsLeftTheAward() {
		EngineFixture engine = engine();
		// comment: 3 points, at most 9 a day
		for (int c = 1; c <= 4; c++) {
			engine.service.apply(ActivityEvent.award("ann", "comment-" + c, "comment").withScope("category", "java"));
		}
		assertThat(scores(engine.service.board(Period.DAY))).containsExactly(Map.entry("ann", 9L));
		assertThat(scores(engine.service.board("category", "java", Period.DAY))).containsExactly(Map.entry("ann", 9L));
	}

	@Test
	void anAwardToAnUnknownKindIsRefusedNamingTheConfiguredKinds() {
		EngineFixture engine = engine();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> engine.service
				.apply(ActivityEvent.award("ann", "article-1", "publish").withScope("tenant", "acme")))
			.withMessageContaining("tenant")
			.withMessageContaining("category")
			.withMessageContaining("course");
		assertThat(engine.service.board(Period.DAY).size()).isZero();
	}

	@Test
	void aQueuedOrRelayedAwardNamingAKindNoLongerConfiguredIsRejectedNotThrown() {
		EngineFixture engine = engine();
		ActivityEvent award = ActivityEvent.award("ann", "article-1", "publish").withScope("tenant", "acme");
		assertThat(engine.service.applyAll(List.of(award), java.util.Collections.singletonList(null)))
			.extracting((result) -> result.outcome())
			.containsExactly(Outcome.REJECTED);
	}

	@Test
	void anInvalidScopeIdIsRejectedLikeAnInvalidUserId() {
		EngineFixture engine = engine();
		assertThat(engine.service
			.apply(ActivityEvent.award("ann", "article-1", "publish").withScope("category", "x".repeat(200)))
			.outcome()).isEqualTo(Outcome.REJECTED);
	}

	@Test
	void aKindIsGivenOncePerEvent() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ActivityEvent.award("ann", "a", "publish")
				.withScope("category", "java")
				.withScope("category", "kotlin"))
			.withMessageContaining("category");
	}

	@Test
	void readingAnUnknownKindOrAPeriodTheKindDoesNotKeepIsRefused() {
		EngineFixture engine = engine();
		assertThatIllegalArgumentException().isThrownBy(() -> engine.service.board("tenant", "acme", Period.DAY))
			.withMessageContaining("category")
			.withMessageContaining("course");
		assertThatIllegalArgumentException().isThrownBy(() -> engine.service.scopes("tenant", Period.DAY))
			.withMessageContaining("category")
			.withMessageContaining("course");
		assertThatIllegalArgumentException().isThrownBy(() -> engine.service.board("course", "c-101", Period.DAY))
			.withMessageContaining("activity-rank.scopes.course.periods");
	}

	@Test
	void keepTrimsEachScopeBoardToItsBestMembers() {
		EngineFixture engine = engine(
				new ScopeSettings(Map.of("category", new ScopeKind("category", List.of(Period.DAY), Set.of(), 2))),
				BoardOrder.DEFAULT);
		engine.service.apply(ActivityEvent.award("ann", "article-1", "publish").withScope("category", "java"));
		engine.service.apply(ActivityEvent.award("bob", "like-1", "praise").withScope("category", "java"));
		engine.service.apply(ActivityEvent.award("cid", "comment-1", "comment").withScope("category", "java"));
		assertThat(scores(engine.service.board("category", "java", Period.DAY))).containsOnlyKeys("ann", "cid");
		assertThat(engine.service.board(Period.DAY).size()).isEqualTo(3);
		assertThat(scores(engine.service.scopes("category", Period.DAY))).containsExactly(Map.entry("java", 15L));
	}

	@Test
	void aRemovedUserLeavesEveryScopeBoard() {
		EngineFixture engine = engine();
		engine.service.apply(JAVA_C101);
		engine.service.apply(ActivityEvent.award("ann", "article-2", "publish").withScope("category", "kotlin"));
		engine.service.apply(ActivityEvent.award("bob", "article-3", "publish").withScope("category", "java"));
		engine.service.removeUser("ann");
		assertThat(scores(engine.service.board("category", "java", Period.DAY))).containsExactly(Map.entry("bob", 10L));
		assertThat(engine.service.board("category", "kotlin", Period.TOTAL).size()).isZero();
		assertThat(engine.service.board("course", "c-101", Period.WEEK).size()).isZero();
		assertThat(engine.storedKeys()).doesNotContain(new ScopeKeys(engine.keys).scoped("ann"));
	}

	@Test
	void tieModesHoldOnScopeBoards() {
		EngineFixture engine = engine(SCOPES,
				new BoardOrder(TieBreak.EARLIEST, Ranking.COMPETITION, BoardOrder.DEFAULT_EPOCH));
		engine.service.apply(ActivityEvent.award("bob", "article-1", "publish").withScope("category", "java"));
		engine.clock.advance(java.time.Duration.ofMinutes(1));
		engine.service.apply(ActivityEvent.award("ann", "article-2", "publish").withScope("category", "java"));
		// equal points: the earlier first
		assertThat(engine.service.board("category", "java", Period.DAY).top(2)).extracting(RankEntry::id)
			.containsExactly("bob", "ann");
		assertThat(engine.service.board("category", "java", Period.DAY).top(2)).extracting(RankEntry::score)
			.containsExactly(10L, 10L);
		engine.service.revoke("bob", "article-1", "publish");
		assertThat(scores(engine.service.board("category", "java", Period.TOTAL)))
			.containsExactly(Map.entry("ann", 10L));
	}

	@Test
	void scopeKeysFollowTheKeyScheme() {
		EngineFixture engine = engine();
		engine.service.apply(ActivityEvent.award("ann", "article-1", "publish").withScope("category", "c++"));
		ScopeKeys keys = new ScopeKeys(engine.keys);
		assertThat(engine.storedKeys()).contains(
				keys.scopeBoard("category", RankKeys.encode("c++"), Period.DAY, MONDAY.toLocalDate()),
				keys.scopeBoard("category", RankKeys.encode("c++"), Period.TOTAL, MONDAY.toLocalDate()),
				keys.scopesBoard("category", Period.DAY, MONDAY.toLocalDate()), keys.scoped("ann"));
		assertThat(scores(engine.service.scopes("category", Period.DAY))).containsExactly(Map.entry("c++", 10L));
	}

}
