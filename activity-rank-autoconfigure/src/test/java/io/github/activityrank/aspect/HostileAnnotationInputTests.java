package io.github.activityrank.aspect;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ActivityScore;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityScoreAutoConfiguration;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ActivityRankCounters;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.support.LogText;
import io.github.activityrank.test.HostileTally;
import io.github.activityrank.test.KeyspaceAudit;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The catalogue of hostile input through {@code @ActivityScore}: users and fields
 * produced by SpEL that are null, blank, oversized, full of control or key characters, of
 * the wrong type, or that throw; revoke and condition expressions that are not booleans;
 * points expressions that are not whole numbers from 1 to 1,000,000; annotation points
 * the service would refuse. The business method always returns its own result; each bad
 * award is refused, logged (one warning, then debug) and counted, and stores nothing. Odd
 * but valid ids (unicode, {@code :{}*?}) are stored under the prefix and read back
 * unchanged. Runs with the real auto-configurations in Redis database
 * {@link KeyspaceAudit#ANNOTATION_DATABASE}; after every test a SCAN of that whole
 * database finds no key outside the prefix.
 */
@ExtendWith(OutputCaptureExtension.class)
class HostileAnnotationInputTests {

	private static final int DATABASE = KeyspaceAudit.ANNOTATION_DATABASE;

	private static final String TEN_KB = "x".repeat(10 * 1024);

	private static final HostileTally tally = new HostileTally("annotation");

	private static final LettuceConnectionFactory connections = RedisTestServer.shared().newConnectionFactory(DATABASE);

	private final String prefix = KeyspaceAudit.prefix("annotation");

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
				ActivityScoreAutoConfiguration.class, AopAutoConfiguration.class))
		.withPropertyValues(RedisTestServer.shared().springProperties(DATABASE))
		.withPropertyValues("activity-rank.key-prefix=" + this.prefix, "activity-rank.periods=day,week",
				"activity-rank.rules.praise.points=2");

	@AfterEach
	void scanTheWholeDatabaseThenCleanUp() {
		try {
			KeyspaceAudit.Result keyspace = KeyspaceAudit.audit(connections, this.prefix);
			tally.scanned(keyspace);
			assertThat(keyspace.outside()).as("keys outside every prefix in database " + DATABASE).isEmpty();
			assertThat(keyspace.ours())
				.allSatisfy((key) -> assertThat(key).doesNotContain(" ", "\n", "*", "?", "}:evil"));
		}
		finally {
			RedisKeysCleaner.delete(connections, "{" + this.prefix + "}:*");
		}
	}

	@AfterAll
	static void printFigures() {
		System.out.println(tally.line());
		connections.destroy();
		assertThat(tally.storedByRejected()).isZero();
		assertThat(tally.outsidePrefix()).isZero();
	}

	@Test
	void hostileUsersAndFieldsFromExpressionsAwardNothingAndTheMethodStillReturns(CapturedOutput output) {
		record Case(String label, Object user, Object field, Refusal refusal) {
		}
		List<Case> cases = List.of(new Case("null user", null, "f", Refusal.EVALUATION),
				new Case("empty user", "", "f", Refusal.EVALUATION),
				new Case("blank user", " ", "f", Refusal.EVALUATION),
				new Case("whitespace user", "\t\n ", "f", Refusal.EVALUATION),
				new Case("user with a newline", "u1\nu2", "f", Refusal.SERVICE),
				new Case("user with NUL", "u1\u0000", "f", Refusal.SERVICE),
				new Case("10 KB user", TEN_KB, "f", Refusal.SERVICE),
				new Case("10 KB user of :{}*?\\n", ":{}*?\n".repeat(1707), "f", Refusal.SERVICE),
				new Case("10 KB unicode user", "用".repeat(10 * 1024), "f", Refusal.SERVICE),
				new Case("null field", "u1", null, Refusal.EVALUATION),
				new Case("empty field", "u1", "", Refusal.EVALUATION),
				new Case("blank field", "u1", "   ", Refusal.EVALUATION),
				new Case("field with a newline", "u1", "42\n_praise", Refusal.SERVICE),
				new Case("10 KB field", "u1", TEN_KB, Refusal.SERVICE),
				new Case("10 KB field of :{}*?\\n", "u1", ":{}*?\n".repeat(1707), Refusal.SERVICE),
				new Case("an entity as user", new Account(7, "ada"), "f", Refusal.EVALUATION),
				new Case("a list as user", List.of("u1", "u2"), "f", Refusal.EVALUATION),
				new Case("an array as user", new long[] { 1, 2 }, "f", Refusal.EVALUATION),
				new Case("an object as user", new Object(), "f", Refusal.EVALUATION),
				new Case("a map as field", "u1", Map.of("k", "v"), Refusal.EVALUATION),
				new Case("an entity as field", "u1", new Account(7, "ada"), Refusal.EVALUATION));
		this.runner.withUserConfiguration(HostileConfiguration.class).run((context) -> {
			Hostile hostile = context.getBean(Hostile.class);
			for (Case c : cases) {
				assertRefused(context, c.label(), c.refusal(), () -> hostile.act(c.user(), c.field()));
			}
			assertRefusalsAreLoggedOnce(output);
		});
	}

	@Test
	void expressionsThatThrowAtRunTimeAreCountedAndTheMethodStillReturns() {
		this.runner.withUserConfiguration(HostileConfiguration.class).run((context) -> {
			Hostile hostile = context.getBean(Hostile.class);
			assertRefused(context, "substring past the end", Refusal.EVALUATION, () -> hostile.shortUser("u1"));
			assertRefused(context, "number parsed from text", Refusal.EVALUATION, () -> hostile.parsed("abc"));
			assertRefused(context, "division by zero", Refusal.EVALUATION, () -> hostile.divided(0));
			assertRefused(context, "property of a null result", Refusal.EVALUATION, () -> {
				assertThat(hostile.nothing()).isNull();
				return "done";
			});
			assertRefused(context, "bean that does not exist", Refusal.EVALUATION, hostile::unknownBean);
			assertRefused(context, "method that does not exist", Refusal.EVALUATION, () -> hostile.noSuchMethod("u1"));
		});
	}

	@Test
	void revokeAndConditionThatAreNotBooleansAreCountedAndAwardNothing() {
		this.runner.withUserConfiguration(HostileConfiguration.class).run((context) -> {
			Hostile hostile = context.getBean(Hostile.class);
			for (Object notABoolean : Arrays.asList("maybe", "yes", "", "1", 1, 0L, null, List.of(true))) {
				assertRefused(context, "revoke = " + notABoolean, Refusal.EVALUATION,
						() -> hostile.toggle(notABoolean));
				assertRefused(context, "condition = " + notABoolean, Refusal.EVALUATION,
						() -> hostile.conditional(notABoolean));
			}
		});
	}

	@Test
	void pointsExpressionsThatAreNotPointsAreCountedAndAwardNothing(CapturedOutput output) {
		List<Object> notPoints = Arrays.asList(null, 0, -1, -2L, 1_000_001, Long.MAX_VALUE, Long.MIN_VALUE,
				Integer.MIN_VALUE, BigInteger.TEN.pow(40), BigInteger.TEN.pow(40).negate(), 2.5, 0.5, -0.0, 1e300,
				Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1.5f, new BigDecimal("2.0001"),
				new BigDecimal("1E+400"), new BigDecimal("-3"), "2", "", TEN_KB, "1e3", '2', true, false,
				new Account(7, "ada"), List.of(2), Map.of("points", 2), new long[] { 2 }, new Object());
		this.runner.withUserConfiguration(HostileConfiguration.class).run((context) -> {
			Hostile hostile = context.getBean(Hostile.class);
			for (Object value : notPoints) {
				assertRefused(context, "pointsExpression = " + describe(value), Refusal.EVALUATION,
						() -> hostile.points(value));
			}
			assertRefused(context, "points parsed from text", Refusal.EVALUATION, () -> hostile.parsedPoints("abc"));
			assertRefused(context, "points divided by zero", Refusal.EVALUATION, () -> hostile.dividedPoints(0));
			assertRefused(context, "points of a null result", Refusal.EVALUATION, () -> {
				assertThat(hostile.noPoints()).isNull();
				return "done";
			});
			assertThat(output.getOut())
				.containsOnlyOnce("further evaluation errors are logged at debug level and counted")
				.contains("pointsExpression = \"#points\"")
				.doesNotContain(TEN_KB);
		});
	}

	@Test
	void aRevokeDoesNotEvaluateThePointsExpression() {
		this.runner.withUserConfiguration(HostileConfiguration.class).run((context) -> {
			Hostile hostile = context.getBean(Hostile.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
			assertThat(hostile.undoablePoints(7, false)).isEqualTo("done");
			awaitIdle(context);
			assertThat(service.board(Period.DAY).rankOf("u1")).map(RankEntry::score).contains(7L);
			// values that would be refused on an award: the revoke takes back the stored
			// 7
			assertThat(hostile.undoablePoints(null, true)).isEqualTo("done");
			awaitIdle(context);
			assertThat(service.board(Period.DAY).rankOf("u1")).isEmpty();
			assertThat(hostile.undoablePoints(Double.NaN, true)).isEqualTo("done");
			awaitIdle(context);
			assertThat(counters.getEvaluationErrors()).isZero();
			assertThat(context.getBean(ActivityRankCounters.class).count(Outcome.REVOKED)).isOne();
			assertThat(context.getBean(ActivityRankCounters.class).count(Outcome.NOTHING_TO_REVOKE)).isOne();
			tally.accepted();
		});
	}

	@Test
	void wholePointsOfEveryAcceptedTypeAreStoredExactly() {
		List<Object> points = List.of(1, 2L, (short) 3, (byte) 4, BigInteger.valueOf(5), new BigDecimal("6.000"), 7.0,
				8.0f, 1_000_000L, 1e6, new BigDecimal("1E+6"));
		this.runner.withUserConfiguration(HostileConfiguration.class).run((context) -> {
			Hostile hostile = context.getBean(Hostile.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			for (int i = 0; i < points.size(); i++) {
				String user = "points-" + i;
				assertThat(hostile.pointsFor(user, points.get(i))).isEqualTo("done");
				awaitIdle(context);
				long expected = new BigDecimal(points.get(i).toString()).longValueExact();
				assertThat(service.board(Period.DAY).rankOf(user)).as(describe(points.get(i)))
					.map(RankEntry::score)
					.contains(expected);
				tally.accepted();
			}
			assertThat(context.getBean(AwardDispatchCounters.class).getEvaluationErrors()).isZero();
		});
	}

	@Test
	void misusedPointsExpressionsStopTheStartAndStoreNothing() {
		record Case(Class<?> type, String message) {
		}
		for (Case c : List.of(new Case(PointsAndPointsExpression.class, "Both points (5) and pointsExpression"),
				new Case(PointsExpressionSyntaxError.class, "SpEL syntax error"),
				new Case(PointsExpressionUnknownVariable.class, "#pionts is not a parameter"),
				new Case(PointsExpressionResultOnVoid.class, "#result is used but the method returns void"))) {
			this.runner.withBean(c.type()).run((context) -> {
				assertThat(context).as(c.type().getSimpleName()).hasFailed();
				assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
					.as(c.type().getSimpleName())
					.isInstanceOf(ActivityScoreValidationException.class)
					.hasMessageContaining("pointsExpression")
					.hasMessageContaining(c.message());
			});
			tally.rejected(!KeyspaceAudit.fingerprint(connections, this.prefix).isEmpty());
		}
		assertThat(KeyspaceAudit.fingerprint(connections, this.prefix)).isEmpty();
	}

	@Test
	void annotationPointsTheServiceWouldRefuseStopTheStartAndStoreNothing() {
		for (Class<?> type : List.of(NegativePoints.class, TooManyPoints.class, MinLongPoints.class,
				MaxLongPoints.class)) {
			this.runner.withBean(type).run((context) -> {
				assertThat(context).as(type.getSimpleName()).hasFailed();
				assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
					.as(type.getSimpleName())
					.isInstanceOf(ActivityScoreValidationException.class)
					.hasMessageContaining("Points must be between 1 and 1000000");
			});
			tally.rejected(!KeyspaceAudit.fingerprint(connections, this.prefix).isEmpty());
		}
		for (Class<?> type : List.of(RuleWithNewline.class, RuleWithBraces.class)) {
			this.runner.withBean(type)
				.run((context) -> assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
					.as(type.getSimpleName())
					.hasMessageContaining("No rule"));
			tally.rejected(!KeyspaceAudit.fingerprint(connections, this.prefix).isEmpty());
		}
		assertThat(KeyspaceAudit.fingerprint(connections, this.prefix)).isEmpty();
	}

	@Test
	void oddButValidIdsFromExpressionsAreStoredUnderThePrefixAndReadBack() {
		UUID uuid = UUID.fromString("7f000001-0000-4000-8000-000000000042");
		List<Object[]> odd = List.of(new Object[] { "ünïcødé-用户", "ünïcødé-用户" }, new Object[] { "😀", "😀_praise" },
				new Object[] { "a:b", ":{}*?" }, new Object[] { "}:evil", "{other}:day:20261118" },
				new Object[] { "{x}", "*" }, new Object[] { "?", "%41" }, new Object[] { 42L, 42 },
				new Object[] { uuid, uuid }, new Object[] { "用".repeat(128), "😀".repeat(128) });
		this.runner.withUserConfiguration(HostileConfiguration.class).run((context) -> {
			Hostile hostile = context.getBean(Hostile.class);
			ActivityRankService service = context.getBean(ActivityRankService.class);
			java.time.LocalDate today = context.getBean(ActivityCalendar.class).today();
			AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
			for (Object[] pair : odd) {
				assertThat(hostile.act(pair[0], pair[1])).isEqualTo("done");
				awaitIdle(context);
				String user = pair[0].toString();
				String field = pair[1].toString();
				assertThat(service.board(Period.DAY).rankOf(user)).as(user).map(RankEntry::score).contains(2L);
				assertThat(service.board(Period.WEEK).top(100)).extracting(RankEntry::id).contains(user);
				assertThat(service.history(user, today, today)).singleElement()
					.satisfies((day) -> assertThat(day.awards()).containsOnlyKeys(field));
				assertThat(KeyspaceAudit.fingerprint(connections, this.prefix).keySet())
					.anySatisfy((key) -> assertThat(key).endsWith(":" + RankKeys.encode(user)));
				tally.accepted();
			}
			assertThat(counters.getRejected()).isZero();
			assertThat(counters.getEvaluationErrors()).isZero();
			assertThat(context.getBean(ActivityRankCounters.class).count(Outcome.AWARDED)).isEqualTo(odd.size());
		});
	}

	/**
	 * Call the method and check that it returned normally, that exactly one refusal of
	 * the expected kind was counted, and that no key of the prefix changed.
	 */
	private void assertRefused(AssertableApplicationContext context, String label, Refusal refusal,
			Supplier<String> call) {
		AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
		ActivityRankCounters outcomes = context.getBean(ActivityRankCounters.class);
		long rejected = counters.getRejected();
		long serviceRejected = outcomes.count(Outcome.REJECTED);
		long evaluationErrors = counters.getEvaluationErrors();
		Map<String, String> before = KeyspaceAudit.fingerprint(connections, this.prefix);
		assertThat(call.get()).as(label + ": the business result").isEqualTo("done");
		awaitIdle(context);
		boolean changed = !KeyspaceAudit.fingerprint(connections, this.prefix).equals(before);
		tally.rejected(changed);
		assertThat(changed).as(label + ": keys of the prefix changed").isFalse();
		assertThat(counters.getApplied()).as(label + ": applied").isZero();
		assertThat(counters.getFailed()).as(label + ": failed").isZero();
		if (refusal == Refusal.SERVICE) {
			assertThat(counters.getRejected()).as(label + ": rejected by the service").isEqualTo(rejected + 1);
			assertThat(outcomes.count(Outcome.REJECTED)).as(label).isEqualTo(serviceRejected + 1);
			assertThat(counters.getEvaluationErrors()).as(label).isEqualTo(evaluationErrors);
		}
		else {
			assertThat(counters.getEvaluationErrors()).as(label + ": evaluation errors")
				.isEqualTo(evaluationErrors + 1);
			assertThat(counters.getRejected()).as(label).isEqualTo(rejected);
		}
	}

	private static String describe(Object value) {
		return (value != null) ? value.getClass().getSimpleName() + " " + LogText.of(String.valueOf(value)) : "null";
	}

	private static void assertRefusalsAreLoggedOnce(CapturedOutput output) {
		assertThat(output.getOut()).containsOnlyOnce("further evaluation errors are logged at debug level and counted")
			.containsOnlyOnce("further rejections are logged at debug level")
			.contains("WARN")
			.doesNotContain(TEN_KB);
	}

	private static void awaitIdle(AssertableApplicationContext context) {
		assertThat(context.getBean(ActivityDispatcher.class).awaitIdle(Duration.ofSeconds(10))).isTrue();
	}

	/** How a bad award is refused. */
	enum Refusal {

		/**
		 * The aspect could not turn the expressions into an award: counted as an
		 * evaluation error.
		 */
		EVALUATION,

		/** The service answered REJECTED: counted as rejected. */
		SERVICE

	}

	record Account(long id, String name) {
	}

	static class Hostile {

		@ActivityScore(rule = "praise", user = "#user", field = "#field")
		public String act(Object user, Object field) {
			return "done";
		}

		@ActivityScore(rule = "praise", user = "#user.substring(100)", field = "'f'")
		public String shortUser(String user) {
			return "done";
		}

		@ActivityScore(rule = "praise", user = "'u1'", field = "T(java.lang.Integer).parseInt(#text)")
		public String parsed(String text) {
			return "done";
		}

		@ActivityScore(rule = "praise", user = "'u1'", field = "'f' + (1 / #zero)")
		public String divided(int zero) {
			return "done";
		}

		@ActivityScore(rule = "praise", user = "'u1'", field = "#result.name")
		public Account nothing() {
			return null;
		}

		@ActivityScore(rule = "praise", user = "'u1'", field = "@noSuchBean.id")
		public String unknownBean() {
			return "done";
		}

		@ActivityScore(rule = "praise", user = "#user.noSuchMethod()", field = "'f'")
		public String noSuchMethod(String user) {
			return "done";
		}

		@ActivityScore(rule = "praise", user = "'u1'", field = "'f'", revoke = "#how")
		public String toggle(Object how) {
			return "done";
		}

		@ActivityScore(rule = "praise", user = "'u1'", field = "'f'", condition = "#when")
		public String conditional(Object when) {
			return "done";
		}

		@ActivityScore(rule = "praise", user = "'u1'", field = "'f'", pointsExpression = "#points")
		public String points(Object points) {
			return "done";
		}

		@ActivityScore(rule = "praise", user = "#user", field = "'f'", pointsExpression = "#points")
		public String pointsFor(String user, Object points) {
			return "done";
		}

		@ActivityScore(rule = "praise", user = "'u1'", field = "'f'", pointsExpression = "#points", revoke = "#undo")
		public String undoablePoints(Object points, boolean undo) {
			return "done";
		}

		@ActivityScore(rule = "praise", user = "'u1'", field = "'f'",
				pointsExpression = "T(java.lang.Long).parseLong(#text)")
		public String parsedPoints(String text) {
			return "done";
		}

		@ActivityScore(rule = "praise", user = "'u1'", field = "'f'", pointsExpression = "10 / #zero")
		public String dividedPoints(int zero) {
			return "done";
		}

		@ActivityScore(rule = "praise", user = "'u1'", field = "'f'", pointsExpression = "#result.id")
		public Account noPoints() {
			return null;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class HostileConfiguration {

		@Bean
		Hostile hostile() {
			return new Hostile();
		}

	}

	static class NegativePoints {

		@ActivityScore(points = -5, user = "'u1'")
		public void act() {
		}

	}

	static class TooManyPoints {

		@ActivityScore(points = 1_000_001, user = "'u1'")
		public void act() {
		}

	}

	static class MinLongPoints {

		@ActivityScore(points = Long.MIN_VALUE, user = "'u1'")
		public void act() {
		}

	}

	static class MaxLongPoints {

		@ActivityScore(points = Long.MAX_VALUE, user = "'u1'")
		public void act() {
		}

	}

	static class PointsAndPointsExpression {

		@ActivityScore(points = 5, pointsExpression = "#points", user = "'u1'")
		public void act(long points) {
		}

	}

	static class PointsExpressionSyntaxError {

		@ActivityScore(rule = "praise", pointsExpression = "#points *", user = "'u1'")
		public void act(long points) {
		}

	}

	static class PointsExpressionUnknownVariable {

		@ActivityScore(rule = "praise", pointsExpression = "#pionts", user = "'u1'")
		public void act(long points) {
		}

	}

	static class PointsExpressionResultOnVoid {

		@ActivityScore(rule = "praise", pointsExpression = "#result", user = "'u1'")
		public void act(long points) {
		}

	}

	static class RuleWithNewline {

		// attributes are trimmed, so the newline must be inside the name to make it
		// unknown
		@ActivityScore(rule = "pra\nise", user = "'u1'")
		public void act() {
		}

	}

	static class RuleWithBraces {

		@ActivityScore(rule = "{praise}", user = "'u1'")
		public void act() {
		}

	}

}
