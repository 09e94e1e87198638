package io.github.activityrank.autoconfigure;

import io.github.activityrank.actuator.ActivityRankMeterBinder;
import io.github.activityrank.actuator.IngestMeterBinder;
import io.github.activityrank.actuator.LedgerMeterBinder;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.engine.ActivityRankCounters;
import io.github.activityrank.ingest.StreamIngester;
import io.github.activityrank.ledger.LedgerRebuild;
import io.github.activityrank.ledger.LedgerRelay;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

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
@AutoConfiguration(
		after = { ActivityRankAutoConfiguration.class, ActivityRankLedgerAutoConfiguration.class,
				ActivityScoreAutoConfiguration.class, ActivityRankIngestAutoConfiguration.class },
		afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean({ MeterRegistry.class, ActivityRankCounters.class })
@ConditionalOnBooleanProperty(name = "activity-rank.enabled", matchIfMissing = true)
public class ActivityRankMetricsAutoConfiguration {

	/** The gauge of a rebuild's progress. */
	static final String REBUILD_ENTRIES = "activity.rank.ledger.rebuild.entries";

	@Bean
	@ConditionalOnMissingBean
	ActivityRankMeterBinder activityRankMeterBinder(ActivityRankCounters outcomes,
			ObjectProvider<AwardDispatchCounters> dispatch, ObjectProvider<ActivityDispatcher> dispatcher) {
		return new ActivityRankMeterBinder(outcomes, dispatch.getIfUnique(), dispatcher.getIfUnique());
	}

	/**
	 * The entries the running rebuild (or the last one) replayed, as the gauge
	 * {@code activity.rank.ledger.rebuild.entries}.
	 */
	@Bean
	@ConditionalOnBean(LedgerRebuild.class)
	MeterBinder activityRankRebuildMeters(LedgerRebuild rebuild) {
		return (registry) -> Gauge.builder(REBUILD_ENTRIES, rebuild, LedgerRebuild::progress)
			.description("Ledger entries the running activity-rank rebuild has replayed, or the last one's total")
			.register(registry);
	}

	/**
	 * The meters of the award ledger's relay ({@code activity.rank.ledger.set.aside} and
	 * the others of {@link LedgerMeterBinder}).
	 */
	@Bean
	@ConditionalOnBean(LedgerRelay.class)
	@ConditionalOnMissingBean
	LedgerMeterBinder activityRankLedgerMeters(LedgerRelay relay) {
		return new LedgerMeterBinder(relay);
	}

	/**
	 * The meters of ingestion from Redis Streams, see {@link IngestMeterBinder}.
	 */
	@Bean
	@ConditionalOnBean(StreamIngester.class)
	@ConditionalOnMissingBean
	IngestMeterBinder activityRankIngestMeters(StreamIngester ingester) {
		return new IngestMeterBinder(ingester.counters());
	}

}
