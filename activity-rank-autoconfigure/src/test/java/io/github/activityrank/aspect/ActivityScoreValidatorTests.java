package io.github.activityrank.aspect;

import java.net.URL;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import io.github.activityrank.ActivityScore;
import io.github.activityrank.aspect.ActivityScoreValidationException.Problem;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.dispatch.SyncActivityDispatcher;
import io.github.activityrank.test.RecordingActivityRankService;
import org.junit.jupiter.api.Test;

import org.springframework.aop.framework.ProxyFactory;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.io.UrlResource;
import org.springframework.core.io.support.PropertiesLoaderUtils;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

class ActivityScoreValidatorTests {

	private final ActivityScoreOperationSource operationSource = new ActivityScoreOperationSource();

	private final ActivityScoreExpressionEvaluator evaluator = new ActivityScoreExpressionEvaluator(null);

	private final Set<String> rules = Set.of("praise", "comment");

	private final ActivityScoreValidator validator = new ActivityScoreValidator(this.operationSource, this.evaluator,
			this.rules::contains, () -> this.rules);

	@Test
	void acceptsCorrectAnnotationsAndWarmsTheExpressionCache() {
		assertThat(this.validator.validate(Valid.class, true)).isEmpty();
		assertThat(this.evaluator.cachedExpressions()).isEqualTo(5);
		assertThat(this.operationSource.cachedMethods()).isEqualTo(2);
	}

	@Test
	void warmsExactlyTheCachesTheAspectReads() {
		assertThat(this.validator.validate(Valid.class, true)).isEmpty();
		RecordingActivityRankService service = new RecordingActivityRankService();
		ActivityScoreAspect aspect = new ActivityScoreAspect(
				new SyncActivityDispatcher(service, new AwardDispatchCounters()), () -> () -> "alice",
				this.operationSource, this.evaluator, 0);
		ProxyFactory factory = new ProxyFactory(new Valid());
		factory.setProxyTargetClass(true);
		factory.addAdvisor(aspect);
		Valid valid = (Valid) factory.getProxy();
		valid.praise(1, true);
		valid.publish("bob");
		assertThat(service.applied()).hasSize(2);
		// nothing read or parsed on the first calls: both came from the validator's work
		assertThat(this.operationSource.cachedMethods()).isEqualTo(2);
		assertThat(this.evaluator.cachedExpressions()).isEqualTo(5);
	}

	@Test
	void rejectsSpelSyntaxErrors() {
		Problem problem = single(SyntaxError.class, true);
		assertThat(problem.location()).isEqualTo(SyntaxError.class.getName() + ".praise(long)");
		assertThat(problem.attribute()).isEqualTo("field");
		assertThat(problem.expression()).isEqualTo("#articleId +");
		assertThat(problem.description()).startsWith("SpEL syntax error");
	}

	@Test
	void rejectsVariablesThatAreNotParameters() {
		Problem problem = single(UnknownVariable.class, true);
		assertThat(problem.attribute()).isEqualTo("field");
		assertThat(problem.expression()).isEqualTo("#artcleId + '_praise'");
		assertThat(problem.description()).contains("#artcleId is not a parameter")
			.contains("(available: #articleId, #p0..#p0, #a0..#a0).")
			.doesNotContain("#result");
		assertThat(problem.action()).contains("refer to a parameter").doesNotContain("#result");
	}

	@Test
	void listsResultAsAvailableOnlyOnMethodsThatReturnOne() {
		Problem problem = single(UnknownVariableWithResult.class, true);
		assertThat(problem.description()).contains("(available: #articleId, #p0..#p0, #a0..#a0, #result).");
		assertThat(problem.action()).contains("or to #result");
	}

	@Test
	void rejectsResultOnVoidMethods() {
		Problem problem = single(ResultOnVoid.class, true);
		assertThat(problem.attribute()).isEqualTo("user");
		assertThat(problem.description()).contains("#result is used but the method returns void");
	}

	@Test
	void rejectsResultOnFuturesOfVoid() {
		Problem problem = single(ResultOnFutureOfVoid.class, true);
		assertThat(problem.description()).contains("#result is used but the method returns");
	}

	@Test
	void rejectsUnknownRules() {
		Problem problem = single(UnknownRule.class, true);
		assertThat(problem.attribute()).isEqualTo("rule");
		assertThat(problem.expression()).isEqualTo("prase");
		assertThat(problem.description()).contains("No rule 'prase'").contains("praise");
		assertThat(problem.action()).contains("activity-rank.rules.prase.points");
	}

	@Test
	void rejectsNeitherRuleNorPoints() {
		Problem problem = single(NeitherRuleNorPoints.class, true);
		assertThat(problem.attribute()).isEqualTo("rule");
		assertThat(problem.description()).isEqualTo("Neither a rule nor points are given.");
	}

	@Test
	void rejectsPointsTheServiceWouldRejectOnEveryCall() {
		assertThat(this.validator.validate(PointsOutOfRange.class, true)).extracting(Problem::expression)
			.containsExactlyInAnyOrder("-5", "1000001", String.valueOf(Long.MIN_VALUE), String.valueOf(Long.MAX_VALUE));
		assertThat(this.validator.validate(PointsOutOfRange.class, true)).allSatisfy((problem) -> {
			assertThat(problem.attribute()).isEqualTo("points");
			assertThat(problem.description()).startsWith("Points must be between 1 and 1000000");
			assertThat(problem.action()).contains("name a rule with negative points for a penalty");
		});
	}

	@Test
	void acceptsPointsExpressionsWithAndWithoutARuleAndWarmsTheirCache() {
		assertThat(this.validator.validate(ValidPointsExpressions.class, true)).isEmpty();
		// "#steps / 100" and "#day" of walk, "#result" and "'u1'" of count
		assertThat(this.evaluator.cachedExpressions()).isEqualTo(4);
	}

	@Test
	void rejectsPointsTogetherWithPointsExpressionSayingWhichToKeep() {
		Problem problem = single(PointsAndPointsExpression.class, true);
		assertThat(problem.location()).isEqualTo(PointsAndPointsExpression.class.getName() + ".walk(int)");
		assertThat(problem.attribute()).isEqualTo("pointsExpression");
		assertThat(problem.expression()).isEqualTo("#steps / 100");
		assertThat(problem.description()).startsWith("Both points (5) and pointsExpression are given");
		assertThat(problem.action()).contains("keep points = 5 for the same points on every call")
			.contains("or keep pointsExpression for points computed from the call")
			.contains("remove the other");
	}

	@Test
	void rejectsSpelSyntaxErrorsInPointsExpressions() {
		Problem problem = single(PointsExpressionSyntaxError.class, true);
		assertThat(problem.attribute()).isEqualTo("pointsExpression");
		assertThat(problem.expression()).isEqualTo("#steps /");
		assertThat(problem.description()).startsWith("SpEL syntax error");
	}

	@Test
	void rejectsPointsExpressionsNamingVariablesThatAreNotParameters() {
		Problem problem = single(PointsExpressionUnknownVariable.class, true);
		assertThat(problem.attribute()).isEqualTo("pointsExpression");
		assertThat(problem.expression()).isEqualTo("#stpes / 100");
		assertThat(problem.description()).contains("#stpes is not a parameter").contains("#steps");
	}

	@Test
	void rejectsPointsExpressionsUsingTheResultOfVoidMethods() {
		Problem problem = single(PointsExpressionResultOnVoid.class, true);
		assertThat(problem.attribute()).isEqualTo("pointsExpression");
		assertThat(problem.description()).contains("#result is used but the method returns void");
	}

	@Test
	void analyzerNamesThePointsAttributeToKeep() {
		FailureAnalysis analysis = new ActivityScoreFailureAnalyzer().analyze(
				new ActivityScoreValidationException(this.validator.validate(PointsAndPointsExpression.class, true)));
		assertThat(analysis.getDescription()).contains("attribute 'pointsExpression' = \"#steps / 100\"");
		assertThat(analysis.getAction()).contains("attribute 'pointsExpression': keep points = 5");
	}

	@Test
	void rejectsMissingUserWithoutResolver() {
		assertThat(this.validator.validate(Valid.class, false)).singleElement()
			.satisfies((problem) -> assertThat(problem.attribute()).isEqualTo("user"));
	}

	@Test
	void rejectsAnnotationsDeclaredOnlyOnInterfaces() {
		Problem problem = single(InterfaceOnlyImpl.class, true);
		assertThat(problem.action()).contains("move the annotation to the implementing method");
	}

	@Test
	void reportsEveryProblemOfEveryAnnotation() {
		assertThat(this.validator.validate(Several.class, true)).extracting(Problem::attribute)
			.containsExactlyInAnyOrder("rule", "revoke", "condition");
	}

	@Test
	void analyzerNamesClassMethodAttributeExpressionAndAction() {
		ActivityScoreValidationException ex = new ActivityScoreValidationException(
				this.validator.validate(UnknownVariable.class, true));
		FailureAnalysis analysis = new ActivityScoreFailureAnalyzer().analyze(new IllegalStateException("wrapped", ex));
		assertThat(analysis).isNotNull();
		assertThat(analysis.getDescription()).contains(UnknownVariable.class.getName() + ".praise(long)")
			.contains("attribute 'field' = \"#artcleId + '_praise'\"")
			.contains("#artcleId is not a parameter");
		assertThat(analysis.getAction()).contains("refer to a parameter of the method");
		assertThat(analysis.getCause()).isSameAs(ex);
	}

	@Test
	void analyzerIsRegisteredUnderAClassThatLoads() throws Exception {
		// the file of this module, not the merged view of every jar's spring.factories
		String registered = null;
		for (URL url : Collections.list(getClass().getClassLoader().getResources("META-INF/spring.factories"))) {
			Properties factories = PropertiesLoaderUtils.loadProperties(new UrlResource(url));
			String names = factories.getProperty(FailureAnalyzer.class.getName());
			if (names != null && names.contains(ActivityScoreFailureAnalyzer.class.getName())) {
				registered = names;
			}
		}
		assertThat(registered).isNotNull();
		for (String name : registered.split(",")) {
			assertThat(FailureAnalyzer.class).isAssignableFrom(ClassUtils.forName(name.trim(), null));
		}
	}

	private Problem single(Class<?> type, boolean resolverPresent) {
		List<Problem> problems = this.validator.validate(type, resolverPresent);
		assertThat(problems).hasSize(1);
		return problems.get(0);
	}

	static class Valid {

		@ActivityScore(rule = "praise", field = "#articleId + '_praise'", revoke = "!#praise")
		public void praise(long articleId, boolean praise) {
		}

		@ActivityScore(points = 10, field = "#result + '_publish'", user = "#p0", condition = "#result != null")
		public String publish(String author) {
			return "x";
		}

	}

	static class ValidPointsExpressions {

		@ActivityScore(pointsExpression = "#steps / 100", field = "#day")
		public void walk(int steps, String day) {
		}

		@ActivityScore(rule = "praise", pointsExpression = "#result", user = "'u1'")
		public int count() {
			return 3;
		}

	}

	static class PointsAndPointsExpression {

		@ActivityScore(rule = "praise", points = 5, pointsExpression = "#steps / 100")
		public void walk(int steps) {
		}

	}

	static class PointsExpressionSyntaxError {

		@ActivityScore(rule = "praise", pointsExpression = "#steps /")
		public void walk(int steps) {
		}

	}

	static class PointsExpressionUnknownVariable {

		@ActivityScore(pointsExpression = "#stpes / 100")
		public void walk(int steps) {
		}

	}

	static class PointsExpressionResultOnVoid {

		@ActivityScore(rule = "praise", pointsExpression = "#result")
		public void walk(int steps) {
		}

	}

	static class SyntaxError {

		@ActivityScore(rule = "praise", field = "#articleId +")
		public void praise(long articleId) {
		}

	}

	static class UnknownVariable {

		@ActivityScore(rule = "praise", field = "#artcleId + '_praise'")
		public void praise(long articleId) {
		}

	}

	static class UnknownVariableWithResult {

		@ActivityScore(rule = "praise", field = "#artcleId + '_praise'")
		public long praise(long articleId) {
			return articleId;
		}

	}

	static class ResultOnVoid {

		@ActivityScore(rule = "praise", user = "#result")
		public void praise(long articleId) {
		}

	}

	static class ResultOnFutureOfVoid {

		@ActivityScore(rule = "praise", field = "#result")
		public CompletableFuture<Void> praise(long articleId) {
			return CompletableFuture.completedFuture(null);
		}

	}

	static class UnknownRule {

		@ActivityScore(rule = "prase")
		public void praise(long articleId) {
		}

	}

	static class NeitherRuleNorPoints {

		@ActivityScore(field = "'x'")
		public void praise(long articleId) {
		}

	}

	static class PointsOutOfRange {

		@ActivityScore(rule = "praise", points = -5)
		public void penalty() {
		}

		@ActivityScore(points = 1_000_001)
		public void tooMany() {
		}

		@ActivityScore(points = Long.MIN_VALUE)
		public void overflowingNegative() {
		}

		@ActivityScore(points = Long.MAX_VALUE)
		public void overflowingPositive() {
		}

		@ActivityScore(points = 1_000_000)
		public void mostAllowed() {
		}

	}

	interface InterfaceOnly {

		@ActivityScore(rule = "praise")
		void praise(long articleId);

	}

	static class InterfaceOnlyImpl implements InterfaceOnly {

		@Override
		public void praise(long articleId) {
		}

	}

	static class Several {

		@ActivityScore(rule = "unknown", revoke = "#nope")
		@ActivityScore(rule = "praise", condition = "((")
		public void praise(long articleId) {
		}

	}

}
