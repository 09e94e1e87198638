package io.github.activityrank.aspect;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityScore;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.dispatch.SyncActivityDispatcher;
import io.github.activityrank.test.RecordingActivityRankService;
import org.junit.jupiter.api.Test;

import org.springframework.aop.framework.ProxyFactory;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.context.expression.AnnotatedElementKey;
import org.springframework.util.ReflectionUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class ActivityScoreAspectTests {

	private final RecordingActivityRankService service = new RecordingActivityRankService();

	private final AwardDispatchCounters counters = new AwardDispatchCounters();

	private volatile String currentUser = "alice";

	private final AtomicInteger resolverCalls = new AtomicInteger();

	private final ActivityScoreOperationSource operationSource = new ActivityScoreOperationSource();

	private final ActivityScoreExpressionEvaluator evaluator = evaluator();

	private final ActivityScoreAspect aspect = new ActivityScoreAspect(
			new SyncActivityDispatcher(this.service, this.counters), () -> () -> {
				this.resolverCalls.incrementAndGet();
				return this.currentUser;
			}, this.operationSource, this.evaluator, 0);

	private static ActivityScoreExpressionEvaluator evaluator() {
		StaticListableBeanFactory beans = new StaticListableBeanFactory();
		beans.addBean("forum", "f1");
		return new ActivityScoreExpressionEvaluator(beans);
	}

	private <T> T proxy(T target, boolean proxyTargetClass) {
		ProxyFactory factory = new ProxyFactory(target);
		factory.setProxyTargetClass(proxyTargetClass);
		factory.addAdvisor(this.aspect);
		@SuppressWarnings("unchecked")
		T proxy = (T) factory.getProxy();
		return proxy;
	}

	private ForumService forum() {
		return proxy(new ForumService(), true);
	}

	@Test
	void awardsRuleWithFieldExpressionToTheResolvedUser() {
		forum().praise(42, true);
		assertThat(this.service.applied()).containsExactly(ActivityEvent.award("alice", "42_praise", "praise"));
	}

	@Test
	void revokesWhenRevokeExpressionIsTrue() {
		forum().praise(42, false);
		assertThat(this.service.applied()).containsExactly(ActivityEvent.revoke("alice", "42_praise", "praise"));
	}

	@Test
	void awardsPointsToUserAndFieldFromTheResult() {
		Article article = forum().publish("Hello");
		assertThat(article.id()).isEqualTo(7);
		assertThat(this.service.applied()).containsExactly(ActivityEvent.awardPoints("bob", "7_publish", 10));
	}

	@Test
	void defaultsFieldToTheRuleName() {
		forum().comment(3);
		assertThat(this.service.applied()).containsExactly(ActivityEvent.award("alice", "comment", "comment"));
	}

	@Test
	void pointsOverrideTheRulesPoints() {
		forum().bonus();
		assertThat(this.service.applied()).containsExactly(new ActivityEvent("alice", "bonus", "comment", 5L, false));
	}

	@Test
	void defaultsFieldToTheMethodNameForPointsWithoutRule() {
		forum().signIn();
		assertThat(this.service.applied()).containsExactly(ActivityEvent.awardPoints("alice", "signIn", 1));
	}

	@Test
	void conditionFalseAwardsNothingAndTrueAwards() {
		forum().follow("carol", false);
		assertThat(this.service.applied()).isEmpty();
		forum().follow("carol", true);
		assertThat(this.service.applied()).containsExactly(ActivityEvent.award("alice", "follow_carol", "follow"));
	}

	@Test
	void conditionSeesTheResult() {
		forum().tryComment(false);
		assertThat(this.service.applied()).isEmpty();
		forum().tryComment(true);
		assertThat(this.service.applied()).hasSize(1);
	}

	@Test
	void userExpressionSeesPositionalParametersAndBeans() {
		forum().gift("dave", 3);
		assertThat(this.service.applied()).containsExactly(ActivityEvent.awardPoints("dave", "f1_gift", 3));
	}

	@Test
	void appliesEveryRepeatedAnnotation() {
		forum().collectAndPraise(9);
		assertThat(this.service.applied()).containsExactlyInAnyOrder(
				ActivityEvent.award("alice", "9_collect", "collect"),
				ActivityEvent.award("alice", "9_praise", "praise"));
	}

	@Test
	void throwingMethodAwardsNothing() {
		assertThatIllegalStateException().isThrownBy(() -> forum().failing(1));
		assertThat(this.service.applied()).isEmpty();
	}

	@Test
	void anonymousCallerAwardsNothingAndIsNoError() {
		this.currentUser = null;
		forum().praise(1, true);
		assertThat(this.service.applied()).isEmpty();
		assertThat(this.counters.getEvaluationErrors()).isZero();
	}

	@Test
	void nullUserOrFieldFromAnExpressionIsCountedAndAwardsNothing() {
		assertThat(forum().gift(null, 2)).isEqualTo("gift");
		forum().praiseNullable(null);
		assertThat(this.service.applied()).isEmpty();
		assertThat(this.counters.getEvaluationErrors()).isEqualTo(2);
	}

	@Test
	void expressionThatThrowsIsCountedAndTheMethodsResultIsKept() {
		assertThat(forum().brokenAtRuntime("x")).isEqualTo("x");
		assertThat(this.service.applied()).isEmpty();
		assertThat(this.counters.getEvaluationErrors()).isOne();
	}

	@Test
	void userOrFieldThatIsNeitherTextNorANumberIsCountedAndAwardsNothing() {
		ForumService forum = forum();
		assertThat(forum.giftTo(new Article(1, "bob", "an entity, not its id"))).isEqualTo("gift");
		forum.giftTo(java.util.List.of("alice", "bob"));
		forum.giftTo(new long[] { 1, 2 });
		forum.giftTo(new Object());
		forum.tagged(new Article(1, "bob", "t"));
		assertThat(this.service.applied()).isEmpty();
		assertThat(this.counters.getEvaluationErrors()).isEqualTo(5);
	}

	@Test
	void idsMayBeTextNumbersUuidsAndEnumConstants() {
		java.util.UUID uuid = java.util.UUID.fromString("00000000-0000-0000-0000-000000000042");
		ForumService forum = forum();
		forum.giftTo(42L);
		forum.giftTo(uuid);
		forum.giftTo(java.time.DayOfWeek.MONDAY);
		forum.giftTo(new StringBuilder("sb"));
		forum.tagged('x');
		assertThat(this.service.applied()).containsExactly(ActivityEvent.awardPoints("42", "gift", 1),
				ActivityEvent.awardPoints(uuid.toString(), "gift", 1), ActivityEvent.awardPoints("MONDAY", "gift", 1),
				ActivityEvent.awardPoints("sb", "gift", 1), ActivityEvent.award("alice", "x", "praise"));
		assertThat(this.counters.getEvaluationErrors()).isZero();
	}

	@Test
	void revokeOrConditionThatIsNotABooleanIsCountedAndAwardsNothing() {
		ForumService forum = forum();
		forum.maybeRevoke("maybe");
		forum.maybeRevoke("yes");
		forum.maybeRevoke(1);
		forum.maybeRevoke(null);
		forum.onlyIf("sure");
		forum.onlyIf(null);
		assertThat(this.service.applied()).isEmpty();
		assertThat(this.counters.getEvaluationErrors()).isEqualTo(6);
		forum.maybeRevoke(" TRUE ");
		forum.onlyIf("false");
		forum.onlyIf(Boolean.TRUE);
		assertThat(this.service.applied()).containsExactly(ActivityEvent.revoke("alice", "f", "praise"),
				ActivityEvent.award("alice", "f", "praise"));
	}

	@Test
	void serviceFailureNeverReachesTheCaller() {
		this.service.failWith(() -> new IllegalStateException("Redis down"));
		Article article = forum().publish("Hi");
		assertThat(article.title()).isEqualTo("Hi");
		assertThat(this.counters.getFailed()).isOne();
	}

	@Test
	void awardsWhenCompletableFutureCompletes() {
		CompletableFuture<Article> pending = new CompletableFuture<>();
		CompletionStage<Article> stage = forum().publishLater(pending);
		assertThat(this.service.applied()).isEmpty();
		pending.complete(new Article(8, "eve", "Later"));
		assertThat(stage.toCompletableFuture().join().id()).isEqualTo(8);
		assertThat(this.service.applied()).containsExactly(ActivityEvent.awardPoints("eve", "8_publish", 10));
	}

	@Test
	void awardsNothingWhenCompletableFutureFails() {
		CompletableFuture<Article> pending = new CompletableFuture<>();
		forum().publishLater(pending);
		pending.completeExceptionally(new IllegalStateException("no"));
		assertThat(this.service.applied()).isEmpty();
	}

	@Test
	void resolvesTheUserOnTheCallingThreadForAsyncResults() throws Exception {
		CompletableFuture<Void> pending = new CompletableFuture<>();
		forum().commentLater(pending);
		this.currentUser = "someone-else";
		CompletableFuture.runAsync(() -> pending.complete(null)).get();
		assertThat(this.service.awaitApplied(1, Duration.ofSeconds(5)))
			.containsExactly(ActivityEvent.award("alice", "comment", "comment"));
	}

	@Test
	void worksOnInterfaceBasedProxies() {
		Articles articles = proxy(new ArticlesImpl(), false);
		articles.praise(5);
		assertThat(this.service.applied()).containsExactly(ActivityEvent.award("alice", "5_praise", "praise"));
	}

	@Test
	void worksOnClassBasedProxiesOfInterfaces() {
		Articles articles = proxy(new ArticlesImpl(), true);
		articles.praise(5);
		assertThat(this.service.applied()).containsExactly(ActivityEvent.award("alice", "5_praise", "praise"));
	}

	@Test
	void readsEachMethodsAnnotationsAndParsesItsExpressionsOnce() {
		ForumService forum = forum();
		for (int i = 0; i < 50; i++) {
			forum.praise(i, true);
		}
		assertThat(this.service.applied()).hasSize(50);
		// one metadata record for the method, and its field and revoke parsed once each
		assertThat(this.operationSource.cachedMethods()).isOne();
		assertThat(this.evaluator.cachedExpressions()).isEqualTo(2);
	}

	@Test
	void keepsOneMetadataRecordPerMethodAndTargetClass() {
		Method method = ReflectionUtils.findMethod(ForumService.class, "praise", long.class, boolean.class);
		ActivityScoreMetadata metadata = this.operationSource.getMetadata(method, ForumService.class);
		assertThat(this.operationSource.getMetadata(method, ForumService.class)).isSameAs(metadata);
		assertThat(metadata.specificMethod()).isEqualTo(method);
		assertThat(metadata.element()).isEqualTo(new AnnotatedElementKey(method, ForumService.class));
		assertThat(metadata.operations()).singleElement()
			.satisfies((operation) -> assertThat(operation.rule()).isEqualTo("praise"));
		assertThat(metadata.usesResolver()).isTrue();
		Method publish = ReflectionUtils.findMethod(ForumService.class, "publish", String.class);
		assertThat(this.operationSource.getMetadata(publish, ForumService.class).usesResolver()).isFalse();
	}

	@Test
	void marksMethodsWithoutAnnotationsWithTheEmptyRecord() {
		Method method = ReflectionUtils.findMethod(Object.class, "toString");
		assertThat(this.operationSource.getMetadata(method, ForumService.class)).isSameAs(ActivityScoreMetadata.NONE);
		assertThat(ActivityScoreMetadata.NONE.isEmpty()).isTrue();
	}

	@Test
	void readsTheImplementationsMetadataForInterfaceCalls() {
		Method declared = ReflectionUtils.findMethod(Articles.class, "praise", long.class);
		ActivityScoreMetadata metadata = this.operationSource.getMetadata(declared, ArticlesImpl.class);
		assertThat(metadata.specificMethod().getDeclaringClass()).isEqualTo(ArticlesImpl.class);
		assertThat(metadata.element())
			.isEqualTo(new AnnotatedElementKey(metadata.specificMethod(), ArticlesImpl.class));
	}

	@Test
	void annotationsOfOneCallShareOneResolverCall() {
		forum().collectAndPraise(9);
		assertThat(this.service.applied()).hasSize(2);
		assertThat(this.resolverCalls).hasValue(1);
	}

	@Test
	void callsNoResolverWhenEveryAnnotationNamesItsUser() {
		forum().publish("Hello");
		assertThat(this.service.applied()).hasSize(1);
		assertThat(this.resolverCalls).hasValue(0);
	}

	record Article(long id, String authorId, String title) {
	}

	public static class ForumService {

		@ActivityScore(rule = "praise", field = "#articleId + '_praise'", revoke = "!#praise")
		public void praise(long articleId, boolean praise) {
		}

		@ActivityScore(points = 10, field = "#result.id + '_publish'", user = "#result.authorId")
		public Article publish(String title) {
			return new Article(7, "bob", title);
		}

		@ActivityScore(points = 10, field = "#result.id + '_publish'", user = "#result.authorId")
		public CompletionStage<Article> publishLater(CompletableFuture<Article> article) {
			return article;
		}

		@ActivityScore(rule = "comment")
		public CompletableFuture<Void> commentLater(CompletableFuture<Void> done) {
			return done;
		}

		@ActivityScore(rule = "comment")
		public void comment(long articleId) {
		}

		@ActivityScore(rule = "comment", points = 5, field = "'bonus'")
		public void bonus() {
		}

		@ActivityScore(points = 1)
		public void signIn() {
		}

		@ActivityScore(rule = "follow", field = "'follow_' + #followee", condition = "#follow")
		public void follow(String followee, boolean follow) {
		}

		@ActivityScore(rule = "comment", condition = "#result")
		public boolean tryComment(boolean accepted) {
			return accepted;
		}

		@ActivityScore(points = 3, user = "#p0", field = "@forum + '_gift'")
		public String gift(String to, int amount) {
			return "gift";
		}

		@ActivityScore(rule = "praise", field = "#id")
		public void praiseNullable(String id) {
		}

		@ActivityScore(points = 1, user = "#to", field = "'gift'")
		public String giftTo(Object to) {
			return "gift";
		}

		@ActivityScore(rule = "praise", field = "#tag")
		public void tagged(Object tag) {
		}

		@ActivityScore(rule = "praise", field = "'f'", revoke = "#how")
		public void maybeRevoke(Object how) {
		}

		@ActivityScore(rule = "praise", field = "'f'", condition = "#when")
		public void onlyIf(Object when) {
		}

		@ActivityScore(points = 1, field = "#value.substring(5)")
		public String brokenAtRuntime(String value) {
			return value;
		}

		@ActivityScore(rule = "collect", field = "#articleId + '_collect'")
		@ActivityScore(rule = "praise", field = "#articleId + '_praise'")
		public void collectAndPraise(long articleId) {
		}

		@ActivityScore(rule = "praise")
		public void failing(long articleId) {
			throw new IllegalStateException("business failure");
		}

	}

	public interface Articles {

		void praise(long articleId);

	}

	public static class ArticlesImpl implements Articles {

		@Override
		@ActivityScore(rule = "praise", field = "#articleId + '_praise'")
		public void praise(long articleId) {
		}

	}

}
