package io.github.activityrank.autoconfigure;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.OptionalInt;

import io.github.activityrank.engine.ActivityRules;
import io.github.activityrank.engine.ScoringRule;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.runner.AbstractApplicationContextRunner;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.core.env.Environment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Every check of {@link ActivityRankPropertyChecks}: a bad value stops the start, and the
 * report a developer sees (from the registered failure analyzers) names the property, the
 * value and the fix.
 */
class ActivityRankPropertyChecksTests {

	private static final AutoConfigurations CONFIGURATIONS = AutoConfigurations.of(DataRedisAutoConfiguration.class,
			ActivityRankAutoConfiguration.class, ActivityScoreAutoConfiguration.class, AopAutoConfiguration.class);

	private volatile Environment environment;

	private final ApplicationContextRunner runner = configure(new ApplicationContextRunner());

	private <R extends AbstractApplicationContextRunner<R, ?, ?>> R configure(R runner) {
		return runner.withConfiguration(CONFIGURATIONS)
			.withPropertyValues(RedisTestServer.shared().springProperties())
			.withPropertyValues("activity-rank.key-prefix=" + RedisTestServer.uniquePrefix("checks"),
					"activity-rank.rules.praise.points=2")
			.withInitializer((context) -> this.environment = context.getEnvironment());
	}

	@Test
	void startsWithTheDefaults() {
		this.runner.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void rejectsAKeyPrefixWithBraces() {
		assertRejected("activity-rank.key-prefix", "has{brace}",
				"Set activity-rank.key-prefix to such a text, for example activity_rank.");
	}

	@Test
	void rejectsAKeyPrefixWithAColonSinceItWouldShareAnotherPrefixsShardKeys() {
		assertRejected("activity-rank.key-prefix", "ar:0", "would share the keys of shard 0 of the prefix ar",
				"Set activity-rank.key-prefix to letters, digits, '.', '_' or '-', for example ar_0.");
	}

	@Test
	void aMisspelledKeyStopsTheStartNamingTheNearestKnownOne() {
		this.runner.withPropertyValues("activity-rank.week-cap=50").run((context) -> {
			assertThat(context).hasFailed();
			FailureAnalysis analysis = analysis(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains("Unknown activity-rank properties")
				.contains("Property: activity-rank.week-cap", "Value: \"50\"");
			assertThat(analysis.getAction())
				.contains("activity-rank.week-cap: the nearest known property is activity-rank.weekly-cap; rename it");
		});
	}

	@Test
	void aMisspelledKeyInsideANamedRuleOrAGroupStopsTheStartToo() {
		this.runner.withPropertyValues("activity-rank.rules.praise.once-pr=ever", "activity-rank.retry.max-backof=1s")
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = analysis(context.getStartupFailure());
				assertThat(analysis.getAction())
					.contains("activity-rank.rules.praise.once-pr: the nearest known property is "
							+ "activity-rank.rules.praise.once-per")
					.contains("activity-rank.retry.max-backof: the nearest known property is "
							+ "activity-rank.retry.max-backoff");
			});
	}

	@ParameterizedTest
	@ValueSource(strings = { "retention.dy:retention.day", "async.thread:async.threads", "retry.capacty:retry.capacity",
			"aspect.ordr:aspect.order", "page-views.rul:page-views.rule", "ledger.relay-thread:ledger.relay-threads",
			"events.tp:events.top", "ingest.partition:ingest.partitions", "streaks.bucket:streaks.buckets",
			"rules.praise.point:rules.praise.points" })
	void aMisspelledKeyOfEveryGroupIsMatchedToTheGroupsOwnKey(String misspelledAndMeant) {
		String[] keys = misspelledAndMeant.split(":");
		assertThat(UnknownPropertyFailureAnalyzer.nearest(ConfigurationPropertyName.of("activity-rank." + keys[0])))
			.isEqualTo("activity-rank." + keys[1]);
	}

	@Test
	void ruleNamesAreFreeAndEveryDocumentedKeyIsKnown() {
		this.runner
			.withPropertyValues("activity-rank.rules.any-name-at-all.points=3", "activity-rank.rules[a.b].points=1",
					"activity-rank.weekly-cap=50", "activity-rank.retry.max-backoff=5s",
					"activity-rank.ledger.enabled=false", "activity-rank.page-views.enabled=false",
					"activity-rank.events.enabled=true", "activity-rank.async.enabled=true")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void rejectsAShardCountOutsideOneTo1024() {
		assertRejected("activity-rank.shards", "0", "The value must be from 1 to 1024");
		assertRejected("activity-rank.shards", "1025", "The value must be from 1 to 1024");
	}

	@Test
	void anotherWrittenShardCountIsRefusedOnlyWithoutTheLedger() {
		assertThatExceptionOfType(InvalidConfigurationPropertyValueException.class)
			.isThrownBy(() -> ActivityRankPropertyChecks.checkShardCount(3, OptionalInt.of(1), false))
			.withMessageContaining("written with activity-rank.shards=1");
		// with the ledger, ActivityRankAdmin.rebuild() moves the boards
		ActivityRankPropertyChecks.checkShardCount(3, OptionalInt.of(1), true);
		ActivityRankPropertyChecks.checkShardCount(3, OptionalInt.empty(), false);
	}

	@Test
	void rejectsATooLongKeyPrefix() {
		assertRejected("activity-rank.key-prefix", "p".repeat(65), "1 to 64 letters, digits");
	}

	@Test
	void rejectsAnUnknownTimeZoneThroughTheBinder() {
		// conversion to ZoneId fails before the checks run; Boot's binder reports it
		this.runner.withPropertyValues("activity-rank.time-zone=Mars/Olympus").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(analysis(context.getStartupFailure()).getDescription()).contains("activity-rank.time-zone")
				.contains("Mars/Olympus")
				.contains("Unknown time-zone ID");
		});
	}

	@Test
	void rejectsNoPeriods() {
		assertRejected("activity-rank.periods", "", "activity-rank.periods is empty, so awards would go nowhere",
				"List at least one of day, week, month, total in activity-rank.periods");
	}

	@Test
	void rejectsADailyCapOfZero() {
		assertRejected("activity-rank.daily-cap", "0",
				"Set activity-rank.daily-cap to a positive number of points, or remove it for no cap.");
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "weekly-cap", "monthly-cap" })
	void rejectsAWeeklyOrMonthlyCapThatIsNotPositive(String cap) {
		String property = "activity-rank." + cap;
		assertRejected(property, "0", "Set " + property + " to a positive number of points, or remove it for no cap.");
		assertRejected(property, "-5", "A cap must be positive.");
	}

	@Test
	void rejectsARuleNameWithOtherCharacters() {
		this.runner.withPropertyValues("activity-rank.rules[a/b].points=2").run((context) -> {
			FailureAnalysis analysis = failedWith(context.getStartupFailure(), "activity-rank.rules[a/b]");
			assertThat(analysis.getDescription()).contains("Invalid value 'a/b'")
				.contains("a rule name must be 1 to 64 letters, digits, '.', '_' or '-'")
				.contains("Rename the rule under activity-rank.rules");
		});
	}

	@Test
	void rejectsARuleNameLongerThan64Characters() {
		String name = "r".repeat(65);
		this.runner.withPropertyValues("activity-rank.rules." + name + ".points=2")
			.run((context) -> assertThat(
					failedWith(context.getStartupFailure(), "activity-rank.rules." + name).getDescription())
				.contains("Rename the rule"));
	}

	@Test
	void rejectsARuleWithoutPoints() {
		this.runner.withPropertyValues("activity-rank.rules.comment.once-per=ever").run((context) -> {
			FailureAnalysis analysis = failedWith(context.getStartupFailure(), "activity-rank.rules.comment.points");
			assertThat(analysis.getDescription()).contains("Invalid value '0'")
				.contains("activity-rank.rules.comment.points is 0 (or missing)")
				.contains("Set activity-rank.rules.comment.points to a non-zero number");
		});
	}

	@Test
	void rejectsRulePointsBeyondTheLimit() {
		assertRejected("activity-rank.rules.comment.points", "1000001",
				"Set activity-rank.rules.comment.points between -1000000 and 1000000.");
		assertRejected("activity-rank.rules.comment.points", String.valueOf(Long.MIN_VALUE),
				"beyond the limit of 1000000");
	}

	@Test
	void acceptsNegativeRulePointsWithinTheLimit() {
		this.runner.withPropertyValues("activity-rank.rules.spam.points=-1000000")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void rejectsARuleDailyCapOfZero() {
		assertRejected("activity-rank.rules.praise.daily-cap", "0",
				"Set activity-rank.rules.praise.daily-cap to a positive number of points, or remove it for no cap.");
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "weekly-cap", "monthly-cap" })
	void rejectsARuleWeeklyOrMonthlyCapThatIsNotPositive(String cap) {
		String property = "activity-rank.rules.praise." + cap;
		assertRejected(property, "0", "Set " + property + " to a positive number of points, or remove it for no cap.");
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "day", "week", "month", "record", "challenge" })
	void rejectsARetentionThatIsNotPositive(String period) {
		String property = "activity-rank.retention." + period;
		assertRejected(property, "0s", "The duration must be positive. Set " + property + " to a positive duration");
		assertRejected(property, "-1d", "Set " + property + " to a positive duration");
	}

	@Test
	void rejectsAnEventTopOutsideOneToAThousand() {
		assertRejected("activity-rank.events.top", "0", "The value must be from 1 to 1000.",
				"Set activity-rank.events.top to a number in that range, such as 10.");
		assertRejected("activity-rank.events.top", "1001", "The value must be from 1 to 1000.");
	}

	@Test
	void rejectsAnEventCheckIntervalThatIsNotPositive() {
		assertRejected("activity-rank.events.check-interval", "0s",
				"Set activity-rank.events.check-interval to a positive duration such as 1m.");
	}

	@Test
	void checksTheEventSettingsEvenWhileEventsAreOff() {
		this.runner.withPropertyValues("activity-rank.events.enabled=false", "activity-rank.events.top=0")
			.run((context) -> assertThat(context).hasFailed());
	}

	@Test
	void rejectsNoAsyncThreads() {
		// the dispatcher must never see 0 threads and quietly use 1 instead
		assertRejected("activity-rank.async.threads", "0", "Set activity-rank.async.threads to 1 or more",
				"activity-rank.async.enabled=false");
	}

	@Test
	void rejectsAnEmptyQueue() {
		assertRejected("activity-rank.async.queue-capacity", "0",
				"Set activity-rank.async.queue-capacity to 1 or more");
	}

	@Test
	void rejectsANegativeRetryCapacity() {
		assertRejected("activity-rank.retry.capacity", "-1", "Set activity-rank.retry.capacity to 0");
	}

	@Test
	void acceptsARetryCapacityOfZero() {
		this.runner.withPropertyValues("activity-rank.retry.capacity=0")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void rejectsBackoffsThatAreNotPositive() {
		assertRejected("activity-rank.retry.initial-backoff", "0ms",
				"Set activity-rank.retry.initial-backoff to a positive duration");
		assertRejected("activity-rank.retry.max-backoff", "-5s",
				"Set activity-rank.retry.max-backoff to a positive duration");
	}

	@Test
	void rejectsAnInitialBackoffLongerThanTheMaximum() {
		assertRejected("activity-rank.retry.initial-backoff", "10s", "longer than activity-rank.retry.max-backoff (5s)",
				"Set activity-rank.retry.initial-backoff to at most 5s, or raise activity-rank.retry.max-backoff.");
	}

	@ParameterizedTest
	@ValueSource(strings = { "1prefix", "activity-rank_", "drop table;", "p23456789012345678901234567890x" })
	void rejectsALedgerTablePrefixThatIsNotAPlainIdentifier(String prefix) {
		assertRejected("activity-rank.ledger.table-prefix", prefix, "a letter followed by up to 29 letters",
				"Set activity-rank.ledger.table-prefix to such a text, for example activity_rank_ (the default).");
	}

	@Test
	void rejectsALedgerRetentionThatIsNotPositive() {
		assertRejected("activity-rank.ledger.retention", "0s",
				"Set activity-rank.ledger.retention to a positive duration such as 365d");
	}

	@Test
	void rejectsALedgerPollIntervalThatIsNotPositive() {
		assertRejected("activity-rank.ledger.poll-interval", "0ms",
				"Set activity-rank.ledger.poll-interval to a positive duration");
	}

	@ParameterizedTest
	@ValueSource(strings = { "0", "257" })
	void rejectsALedgerBatchSizeOutsideOneScriptCall(String size) {
		assertRejected("activity-rank.ledger.batch-size", size,
				"Set activity-rank.ledger.batch-size between 1 and 256");
	}

	@ParameterizedTest
	@ValueSource(strings = { "0", "17" })
	void rejectsLedgerRelayThreadsOutsideTheLanes(String threads) {
		assertRejected("activity-rank.ledger.relay-threads", threads,
				"Set activity-rank.ledger.relay-threads between 1 and 16");
	}

	@ParameterizedTest
	@ValueSource(strings = { "0", "-5" })
	void rejectsALedgerArchiveSizeBelowOne(String size) {
		assertRejected("activity-rank.ledger.archive-size", size,
				"Set activity-rank.ledger.archive-size to the entries kept per ended board, at least 1");
	}

	@Test
	void rejectsAnUnknownLedgerSchemaModeThroughTheBinder() {
		this.runner.withPropertyValues("activity-rank.ledger.initialize-schema=sometimes").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(analysis(context.getStartupFailure()).getDescription())
				.contains("activity-rank.ledger.initialize-schema")
				.contains("sometimes");
		});
	}

	@Test
	void acceptsLedgerSettingsWhileTheLedgerIsOff() {
		this.runner
			.withPropertyValues("activity-rank.ledger.retention=30d", "activity-rank.ledger.initialize-schema=never",
					"activity-rank.ledger.table-prefix=shop_", "activity-rank.ledger.batch-size=1",
					"activity-rank.ledger.archive-size=1")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void rejectsANegativeShutdownGracePeriod() {
		assertRejected("activity-rank.retry.shutdown-grace-period", "-1s",
				"Set activity-rank.retry.shutdown-grace-period to 0s or more");
	}

	@Test
	void acceptsAnyAspectOrderButNotText() {
		this.runner.withPropertyValues("activity-rank.aspect.order=" + Integer.MIN_VALUE)
			.run((context) -> assertThat(context).hasNotFailed());
		this.runner.withPropertyValues("activity-rank.aspect.order=first").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(analysis(context.getStartupFailure()).getDescription()).contains("activity-rank.aspect.order")
				.contains("first");
		});
	}

	@Test
	void rejectsAnUnknownTieBreakOrRankingThroughTheBinder() {
		for (String property : new String[] { "activity-rank.tie-break=latest", "activity-rank.ranking=fancy",
				"activity-rank.tie-break-epoch=last-year" }) {
			this.runner.withPropertyValues(property).run((context) -> {
				assertThat(context).as(property).hasFailed();
				assertThat(analysis(context.getStartupFailure()).getDescription()).as(property)
					.contains(property.substring(0, property.indexOf('=')))
					.contains(property.substring(property.indexOf('=') + 1));
			});
		}
	}

	@Test
	void rejectsATieBreakEpochInTheFutureOnlyForTheEarliestTieBreak() {
		String nextYear = Instant.now().plus(365, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS).toString();
		this.runner.withPropertyValues("activity-rank.tie-break=earliest", "activity-rank.tie-break-epoch=" + nextYear)
			.run((context) -> assertThat(
					failedWith(context.getStartupFailure(), "activity-rank.tie-break-epoch").getDescription())
				.contains("Invalid value '" + nextYear + "'")
				.contains("Set activity-rank.tie-break-epoch to a past instant before your first award"));
		// without the earliest tie-break the epoch is not used
		this.runner.withPropertyValues("activity-rank.tie-break-epoch=" + nextYear)
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void rejectsAPageViewRuleThatIsNotConfigured() {
		configure(new WebApplicationContextRunner()).withPropertyValues("activity-rank.page-views.enabled=true")
			.run((context) -> {
				FailureAnalysis analysis = failedWith(context.getStartupFailure(), "activity-rank.page-views.rule");
				assertThat(analysis.getDescription()).contains("Invalid value 'page-view'")
					.contains("no rule 'page-view' is configured (known rules: [praise])")
					.contains("Add activity-rank.rules.page-view.points, set activity-rank.page-views.rule to a "
							+ "known rule, or set activity-rank.page-views.enabled=false.");
			});
	}

	@Test
	void findsThePageViewRuleInTheApplicationsOwnRules() {
		configure(new WebApplicationContextRunner()).withPropertyValues("activity-rank.page-views.enabled=true")
			.withBean(ActivityRules.class,
					() -> new ActivityRules(Map.of("page-view", new ScoringRule("page-view", 1, false, null)), null))
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void rejectsPageViewPatternsThatNeverMatch() {
		this.runner
			.withPropertyValues("activity-rank.rules.page-view.points=1", "activity-rank.page-views.enabled=true")
			.withPropertyValues("activity-rank.page-views.include=articles/**")
			.run((context) -> assertThat(
					failedWith(context.getStartupFailure(), "activity-rank.page-views.include").getDescription())
				.contains("does not start with '/'")
				.contains("Set activity-rank.page-views.include to patterns that start with '/'"));
	}

	@Test
	void rejectsPageViewPatternsThatDoNotParse() {
		this.runner
			.withPropertyValues("activity-rank.rules.page-view.points=1", "activity-rank.page-views.enabled=true")
			.withPropertyValues("activity-rank.page-views.exclude=/admin/**,/users/{id")
			.run((context) -> assertThat(
					failedWith(context.getStartupFailure(), "activity-rank.page-views.exclude").getDescription())
				.contains("Invalid value '/admin/**,/users/{id'")
				.contains("Path pattern '/users/{id' is not valid")
				.contains("Set activity-rank.page-views.exclude to patterns that start with '/'"));
	}

	@Test
	void ignoresPageViewSettingsWhilePageViewsAreOff() {
		this.runner.withPropertyValues("activity-rank.page-views.include=articles/**")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void checksNothingWhileActivityRankIsDisabled() {
		this.runner.withPropertyValues("activity-rank.enabled=false", "activity-rank.async.threads=0")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void failsThePropertiesBeanItselfBeforeAnyBeanUsesTheValues() {
		this.runner.withPropertyValues("activity-rank.async.threads=0").run((context) -> {
			Throwable failure = context.getStartupFailure();
			BeanCreationException innermost = null;
			for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
				if (cause instanceof BeanCreationException creation) {
					innermost = creation;
				}
			}
			assertThat(innermost).isNotNull();
			assertThat(innermost.getBeanName()).endsWith(ActivityRankProperties.class.getName());
			assertThat(innermost.getCause()).isInstanceOf(InvalidConfigurationPropertyValueException.class);
		});
	}

	@Test
	void everyRegisteredFailureAnalyzerLoadsAndBootsOwnExplainsOurChecks() {
		assertThat(RegisteredFailureAnalyzers.load(null)).extracting((analyzer) -> analyzer.getClass().getName())
			.contains("org.springframework.boot.diagnostics.analyzer.InvalidConfigurationPropertyValueFailureAnalyzer",
					"io.github.activityrank.aspect.ActivityScoreFailureAnalyzer")
			.allSatisfy((name) -> assertThat(FailureAnalyzer.class).isAssignableFrom(Class.forName(name)));
		FailureAnalysis analysis = RegisteredFailureAnalyzers.analyze(new IllegalStateException("wrapped",
				new InvalidConfigurationPropertyValueException("activity-rank.async.threads", 0, "Set it to 1.")),
				null);
		assertThat(analysis.getDescription()).contains("'activity-rank.async.threads'", "Set it to 1.");
		assertThat(analysis.getAction()).isEqualTo("Review the value of the property with the provided reason.");
	}

	private void assertRejected(String property, String value, String... reason) {
		this.runner.withPropertyValues(property + "=" + value).run((context) -> {
			FailureAnalysis analysis = failedWith(context.getStartupFailure(), property);
			assertThat(analysis.getDescription()).as(property + "=" + value)
				.contains("Invalid value '" + value + "' for configuration property '" + property + "'")
				.contains(reason);
		});
	}

	private FailureAnalysis failedWith(Throwable failure, String property) {
		assertThat(failure).as(property).isNotNull();
		assertThat(failure).as(property)
			.rootCause()
			.isInstanceOf(InvalidConfigurationPropertyValueException.class)
			.extracting((cause) -> ((InvalidConfigurationPropertyValueException) cause).getName())
			.isEqualTo(property);
		return analysis(failure);
	}

	private FailureAnalysis analysis(Throwable failure) {
		FailureAnalysis analysis = RegisteredFailureAnalyzers.analyze(failure, this.environment);
		assertThat(analysis).as("an analysis of " + failure).isNotNull();
		return analysis;
	}

}
