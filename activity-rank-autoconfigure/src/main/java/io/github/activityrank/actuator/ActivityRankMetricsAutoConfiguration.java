package io.github.activityrank.actuator;

import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityScoreAutoConfiguration;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.engine.ActivityRankCounters;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of activity-rank's Micrometer meters: an
 * {@link ActivityRankMeterBinder}, bound to every registry by Spring Boot's metrics
 * support. Active when Micrometer is on the classpath, a {@link MeterRegistry} bean
 * exists and activity-rank is enabled.
 */
@AutoConfiguration(after = { ActivityRankAutoConfiguration.class, ActivityScoreAutoConfiguration.class },
		afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean({ MeterRegistry.class, ActivityRankCounters.class })
@ConditionalOnBooleanProperty(name = "activity-rank.enabled", matchIfMissing = true)
public class ActivityRankMetricsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	ActivityRankMeterBinder activityRankMeterBinder(ActivityRankCounters outcomes,
			ObjectProvider<AwardDispatchCounters> dispatch, ObjectProvider<ActivityDispatcher> dispatcher) {
		return new ActivityRankMeterBinder(outcomes, dispatch.getIfUnique(), dispatcher.getIfUnique());
	}

}
