package io.github.activityrank.autoconfigure;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.actuator.ActivityRankHealthIndicator;
import io.github.activityrank.actuator.HealthThresholds;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.dispatch.AsyncActivityDispatcher;
import io.github.activityrank.ingest.StreamIngester;
import io.github.activityrank.ledger.AwardLedger;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code activityrank} health indicator. Opt-in: only with
 * {@code management.health.activityrank.enabled=true} (not turned on by
 * {@code management.health.defaults.enabled}), so an application's health and readiness
 * never change unless its operator chose it.
 */
@AutoConfiguration(after = { ActivityRankAutoConfiguration.class, ActivityScoreAutoConfiguration.class,
		ActivityRankLedgerAutoConfiguration.class, ActivityRankIngestAutoConfiguration.class })
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnBean(ActivityRankService.class)
@ConditionalOnBooleanProperty(name = "management.health.activityrank.enabled")
@ConditionalOnBooleanProperty(name = "activity-rank.enabled", matchIfMissing = true)
public class ActivityRankHealthAutoConfiguration {

	/** Named so that the contribution is {@code activityrank}. */
	@Bean
	@ConditionalOnMissingBean(name = "activityrankHealthIndicator")
	ActivityRankHealthIndicator activityrankHealthIndicator(ActivityRankProperties properties,
			ObjectProvider<ActivityDispatcher> dispatcher, ObjectProvider<ActivityRankAdmin> admin,
			ObjectProvider<StreamIngester> ingester, ObjectProvider<AwardLedger> ledger) {
		HealthProperties health = properties.getHealth();
		HealthThresholds thresholds = new HealthThresholds(health.getQueueOutOfServiceRatio(),
				health.getRetryBufferDownRatio(), health.getSetAsideDown(), health.getStreamLagOutOfService(),
				health.getLedgerPendingOutOfService());
		ActivityDispatcher events = dispatcher.getIfUnique();
		// the ledger's dispatcher writes to the database: no queue, no retry buffer
		boolean async = events instanceof AsyncActivityDispatcher;
		int queueCapacity = async ? properties.getAsync().getQueueCapacity() : 0;
		int retryCapacity = async ? properties.getRetry().getCapacity() : 0;
		StreamIngester streams = ingester.getIfUnique();
		AwardLedger awards = ledger.getIfUnique();
		return new ActivityRankHealthIndicator(thresholds, events, queueCapacity, retryCapacity, admin.getIfUnique(),
				(streams != null) ? streams.counters() : null, (awards != null) ? awards::pendingCount : null);
	}

}
