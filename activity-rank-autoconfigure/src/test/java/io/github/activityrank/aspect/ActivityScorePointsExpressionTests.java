package io.github.activityrank.aspect;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityLimits;
import io.github.activityrank.ActivityScore;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.dispatch.SyncActivityDispatcher;
import io.github.activityrank.test.RecordingActivityRankService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.aop.framework.ProxyFactory;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;

/**
 * {@code @ActivityScore(pointsExpression = ...)} through the aspect, without a Spring
 * context: which values are points, which are evaluation errors, and what a revoke does
 * with the expression.
 */
@ExtendWith(OutputCaptureExtension.class)
class ActivityScorePointsExpressionTests {

	private final RecordingActivityRankService service = new RecordingActivityRankService();

	private final AwardDispatchCounters counters = new AwardDispatchCounters();

	private final ActivityScoreExpressionEvaluator evaluator = new ActivityScoreExpressionEvaluator(null);

	private final ActivityScoreAspect aspect = new ActivityScoreAspect(
			new SyncActivityDispatcher(this.service, this.counters), () -> () -> "alice",
			new ActivityScoreOperationSource(), this.evaluator, 0);

	private final Walks walks = proxy(new Walks());

	private Walks proxy(Walks target) {
		ProxyFactory factory = new ProxyFactory(target);
		factory.setProxyTargetClass(true);
		factory.addAdvisor(this.aspect);
		return (Walks) factory.getProxy();
	}

	@Test
	void theExpressionsPointsReplaceTheRulesPoints() {
		this.walks.walk(1234, "2026-11-18");
		assertThat(this.service.applied())
			.containsExactly(new ActivityEvent("alice", "2026-11-18", "walk", 12L, false));
	}

	@Test
	void withoutARuleTheExpressionActsAsExplicitPoints() {
		this.walks.steps(40);
		assertThat(this.service.applied()).containsExactly(ActivityEvent.awardPoints("alice", "steps", 40));
	}

	@Test
	void acceptsWholeNumbersOfEveryNumericType() {
		List<Object> values = List.of(5, 7L, (short) 3, (byte) 2, BigInteger.valueOf(11), new BigDecimal("4.00"),
				new BigDecimal("9"), new BigDecimal("6E+1"), 6.0, 8.0f, 1, ActivityLimits.MAX_POINTS,
				(double) ActivityLimits.MAX_POINTS, BigInteger.valueOf(ActivityLimits.MAX_POINTS));
		values.forEach((value) -> assertThat(this.walks.points(value)).isEqualTo("done"));
		assertThat(this.service.applied()).extracting(ActivityEvent::points)
			.containsExactly(5L, 7L, 3L, 2L, 11L, 4L, 9L, 60L, 6L, 8L, 1L, ActivityLimits.MAX_POINTS,
					ActivityLimits.MAX_POINTS, ActivityLimits.MAX_POINTS);
		assertThat(this.service.applied()).allSatisfy((event) -> {
			assertThat(event.rule()).isEqualTo("walk");
			assertThat(event.revoke()).isFalse();
		});
		assertThat(this.counters.getEvaluationErrors()).isZero();
	}

	@Test
	void eachValueThatIsNotPointsIsOneEvaluationErrorAndAwardsNothing() {
		List<Object> bad = Arrays.asList(null, 0, 0L, -1, -1_000_000L, ActivityLimits.MAX_POINTS + 1, Long.MAX_VALUE,
				Long.MIN_VALUE, Integer.MIN_VALUE, (short) 0, (byte) -1, BigInteger.TEN.pow(30),
				BigInteger.TEN.pow(30).negate(), 2.5, 0.5, 1.000001, -0.0, Double.NaN, Double.POSITIVE_INFINITY,
				Double.NEGATIVE_INFINITY, Double.MAX_VALUE, 1.5f, Float.NaN, new BigDecimal("1.5"),
				new BigDecimal("0.999"), new BigDecimal("1E+7"), new BigDecimal("1000000.0001"), "12", "", " 3 ", '5',
				true, false, new Object(), List.of(1), Map.of("points", 1), new int[] { 1 }, new AtomicLong(5),
				new Object[] { 1 });
		for (Object value : bad) {
			long before = this.counters.getEvaluationErrors();
			assertThat(this.walks.points(value)).as("the business result for %s", value).isEqualTo("done");
			assertThat(this.counters.getEvaluationErrors()).as("evaluation errors for %s", value).isEqualTo(before + 1);
		}
		assertThat(this.service.applied()).isEmpty();
		assertThat(this.counters.getEvaluationErrors()).isEqualTo(bad.size());
	}

	@Test
	void anExpressionThatThrowsIsOneEvaluationErrorAndAwardsNothing() {
		assertThat(this.walks.parsed("abc")).isEqualTo("done");
		assertThat(this.walks.divided(0)).isEqualTo("done");
		assertThat(this.service.applied()).isEmpty();
		assertThat(this.counters.getEvaluationErrors()).isEqualTo(2);
	}

	@Test
	void smallValuesCanBeSkippedWithAConditionWithoutAnError() {
		this.walks.walkAtLeast(99);
		assertThat(this.service.applied()).isEmpty();
		this.walks.walkAtLeast(250);
		assertThat(this.service.applied()).containsExactly(new ActivityEvent("alice", "walk", "walk", 2L, false));
		assertThat(this.counters.getEvaluationErrors()).isZero();
	}

	@Test
	void aRevokeTakesBackWhatWasStoredWithoutEvaluatingTheExpression() {
		// on the undo the expression would throw (null), but a revoke needs no points
		assertThat(this.walks.toggle(null, true)).isEqualTo("done");
		this.walks.toggle("not points", true);
		assertThat(this.service.applied()).containsExactly(ActivityEvent.revoke("alice", "f", "walk"),
				ActivityEvent.revoke("alice", "f", "walk"));
		assertThat(this.counters.getEvaluationErrors()).isZero();
		this.walks.toggle(3, false);
		assertThat(this.service.applied()).last().isEqualTo(new ActivityEvent("alice", "f", "walk", 3L, false));
	}

	@Test
	void aBadValueStopsOnlyItsOwnAnnotation() {
		this.walks.twice(0);
		assertThat(this.service.applied()).containsExactly(new ActivityEvent("alice", "fixed", "walk", 5L, false));
		assertThat(this.counters.getEvaluationErrors()).isOne();
	}

	@Test
	void parsesTheExpressionOnceForEveryCall() {
		for (int i = 1; i <= 20; i++) {
			this.walks.steps(i);
		}
		assertThat(this.service.applied()).hasSize(20);
		assertThat(this.evaluator.cachedExpressions()).isOne();
	}

	@Test
	void warnsOnceNamingTheExpressionTheMethodAndTheValue(CapturedOutput output) {
		this.walks.points(2.5);
		this.walks.points("x".repeat(10 * 1024));
		this.walks.points(null);
		// the later ones go to debug level, which may or may not be shown
		assertThat(output.getOut().lines().filter((line) -> line.contains("WARN"))).singleElement(STRING)
			.contains("pointsExpression = \"#value\"")
			.contains(Walks.class.getName() + ".points")
			.contains("java.lang.Double ('2.5')")
			.contains("not a whole number")
			.contains("further evaluation errors are logged at debug level and counted");
		assertThat(output.getOut()).doesNotContain("x".repeat(100));
		assertThat(this.counters.getEvaluationErrors()).isEqualTo(3);
	}

	@Test
	void messagesSayWhatIsWrongWithEachKindOfValue() {
		List<String> reasons = new ArrayList<>();
		for (Object value : List.of(0, 2.5, "12", Double.NaN)) {
			try {
				ActivityScorePoints.of(value);
			}
			catch (IllegalArgumentException ex) {
				reasons.add(ex.getMessage());
			}
		}
		assertThat(reasons).satisfiesExactly((zero) -> assertThat(zero).startsWith("out of range 1..1000000"),
				(fraction) -> assertThat(fraction).startsWith("not a whole number"),
				(text) -> assertThat(text).startsWith("not a number").contains("T(Long).parseLong"),
				(nan) -> assertThat(nan).isEqualTo("not a finite number"));
	}

	public static class Walks {

		@ActivityScore(rule = "walk", pointsExpression = "#steps / 100", field = "#day")
		public void walk(int steps, String day) {
		}

		@ActivityScore(pointsExpression = "#count")
		public void steps(int count) {
		}

		@ActivityScore(rule = "walk", pointsExpression = "#value", field = "'f'")
		public String points(Object value) {
			return "done";
		}

		@ActivityScore(rule = "walk", pointsExpression = "T(Long).parseLong(#text)", field = "'f'")
		public String parsed(String text) {
			return "done";
		}

		@ActivityScore(rule = "walk", pointsExpression = "10 / #zero", field = "'f'")
		public String divided(int zero) {
			return "done";
		}

		@ActivityScore(rule = "walk", pointsExpression = "#steps / 100", condition = "#steps >= 100")
		public void walkAtLeast(int steps) {
		}

		@ActivityScore(rule = "walk", pointsExpression = "#value", field = "'f'", revoke = "#undo")
		public String toggle(Object value, boolean undo) {
			return "done";
		}

		@ActivityScore(rule = "walk", pointsExpression = "#value", field = "'computed'")
		@ActivityScore(rule = "walk", points = 5, field = "'fixed'")
		public void twice(int value) {
		}

	}

}
