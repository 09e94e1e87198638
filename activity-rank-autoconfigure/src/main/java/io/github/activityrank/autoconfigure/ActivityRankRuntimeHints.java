package io.github.activityrank.autoconfigure;

import java.lang.reflect.Type;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivitySummary;
import io.github.activityrank.AwardResult;
import io.github.activityrank.Badge;
import io.github.activityrank.BadgeEarnedEvent;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.ChallengeEndedEvent;
import io.github.activityrank.DayActivity;
import io.github.activityrank.Level;
import io.github.activityrank.LevelReachedEvent;
import io.github.activityrank.PeriodEndedEvent;
import io.github.activityrank.RankEntry;
import io.github.activityrank.RebuildReport;
import io.github.activityrank.RuleTally;
import io.github.activityrank.SetAsideAward;
import io.github.activityrank.Streak;
import io.github.activityrank.actuator.ActivityRankEndpoint.ActivityRankDescriptor;
import io.github.activityrank.actuator.HealthThresholds;
import io.github.activityrank.actuator.RuleDescriptor;

import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.boot.context.properties.bind.BindableRuntimeHintsRegistrar;

/**
 * What a native image needs of the starter beyond the code it reaches: the Lua scripts
 * and the ledger's SQL schemas read from the class path, binding of the properties, the
 * records applications and the endpoint turn into JSON, the root object of
 * {@code @ActivityScore} expressions, and the classes probed by name at run time.
 * Registered in {@code META-INF/spring/aot.factories}, so it applies whenever the starter
 * is on the class path of an application processed ahead of time.
 */
final class ActivityRankRuntimeHints implements RuntimeHintsRegistrar {

	/**
	 * Class-path resources read at run time: the scripts of the boards and of stream
	 * ingestion, and the ledger's schema per database.
	 */
	static final List<String> RESOURCE_PATTERNS = List.of("io/github/activityrank/**/*.lua",
			"io/github/activityrank/ledger/schema-*.sql");

	/**
	 * Records of the public API, the endpoint's answer and the health thresholds, bound
	 * or serialized.
	 */
	static final List<Class<?>> SERIALIZED = List.of(ActivityEvent.class, ActivitySummary.class, AwardResult.class,
			Badge.class, BadgeEarnedEvent.class, Level.class, LevelReachedEvent.class, ChallengeDefinition.class,
			ChallengeEndedEvent.class, DayActivity.class, PeriodEndedEvent.class, RankEntry.class, RebuildReport.class,
			RuleTally.class, SetAsideAward.class, Streak.class, ActivityRankDescriptor.class, RuleDescriptor.class,
			HealthThresholds.class);

	/**
	 * Classes the starter looks for with {@code ClassUtils.isPresent} when it runs, which
	 * a native image finds only when they are registered.
	 */
	static final List<String> PROBED_CLASSES = List.of("io.lettuce.core.RedisClient",
			"org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory",
			"org.springframework.web.util.pattern.PathPatternParser",
			"org.springframework.transaction.support.TransactionSynchronizationManager");

	/** SpEL reads the root object of {@code @ActivityScore} expressions by reflection. */
	static final String EXPRESSION_ROOT = "io.github.activityrank.aspect.ActivityScoreRootObject";

	@Override
	public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
		RESOURCE_PATTERNS.forEach(hints.resources()::registerPattern);
		BindableRuntimeHintsRegistrar.forTypes(ActivityRankProperties.class).registerHints(hints, classLoader);
		new BindingReflectionHintsRegistrar().registerReflectionHints(hints.reflection(),
				SERIALIZED.toArray(new Type[0]));
		hints.reflection().registerType(TypeReference.of(EXPRESSION_ROOT), MemberCategory.INVOKE_PUBLIC_METHODS);
		PROBED_CLASSES.forEach((name) -> hints.reflection().registerTypeIfPresent(classLoader, name));
	}

}
