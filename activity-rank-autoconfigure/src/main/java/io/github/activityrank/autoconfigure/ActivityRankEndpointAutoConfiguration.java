package io.github.activityrank.autoconfigure;

import java.time.ZoneId;

import io.github.activityrank.actuator.ActivityRankEndpoint;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ActivityRankCounters;
import io.github.activityrank.engine.ActivityRules;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.ingest.StreamIngester;
import io.github.activityrank.ledger.LedgerRelay;
import io.github.activityrank.redis.RankKeys;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code activityrank} actuator endpoint. Active when Spring
 * Boot's actuator is on the classpath, activity-rank is enabled and the endpoint is
 * available (exposed, for example with
 * {@code management.endpoints.web.exposure.include=health,activityrank}).
 */
@AutoConfiguration(after = { ActivityRankAutoConfiguration.class, ActivityScoreAutoConfiguration.class,
		ActivityRankIngestAutoConfiguration.class, ActivityRankLedgerAutoConfiguration.class })
@ConditionalOnClass(name = { "org.springframework.boot.actuate.endpoint.annotation.Endpoint",
		"org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint" })
@ConditionalOnBean(ActivityRankCounters.class)
@ConditionalOnBooleanProperty(name = "activity-rank.enabled", matchIfMissing = true)
@EnableConfigurationProperties(ActivityRankProperties.class)
public class ActivityRankEndpointAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnAvailableEndpoint
	ActivityRankEndpoint activityRankEndpoint(ActivityRankProperties properties, ObjectProvider<RankKeys> keys,
			ObjectProvider<ActivityCalendar> calendar, ObjectProvider<ActivityRules> rules,
			ObjectProvider<BoardOrder> order, ActivityRankCounters outcomes,
			ObjectProvider<AwardDispatchCounters> dispatch, ObjectProvider<ActivityDispatcher> dispatcher,
			ObjectProvider<StreamIngester> ingester, ObjectProvider<LedgerRelay> ledgerRelay) {
		RankKeys rankKeys = keys.getIfUnique();
		String prefix = (rankKeys != null) ? rankKeys.tag().substring(1, rankKeys.tag().length() - 1)
				: properties.getKeyPrefix();
		ActivityCalendar activityCalendar = calendar.getIfUnique();
		ZoneId zone = (activityCalendar != null) ? activityCalendar.zone()
				: (properties.getTimeZone() != null) ? properties.getTimeZone() : ZoneId.systemDefault();
		return new ActivityRankEndpoint(prefix, zone.getId(), properties.getPeriods(), rules.getIfUnique(),
				order.getIfUnique(), outcomes, dispatch.getIfUnique(), dispatcher.getIfUnique(), ingester.getIfUnique(),
				ledgerRelay.getIfUnique());
	}

}
