package io.github.activityrank.autoconfigure;

import io.github.activityrank.engine.ActivityObservations;
import io.github.activityrank.engine.ActivityRules;
import io.github.activityrank.observation.AwardObservationConvention;
import io.github.activityrank.observation.BoardReadObservationConvention;
import io.github.activityrank.observation.MicrometerActivityObservations;
import io.micrometer.observation.ObservationRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of activity-rank's Micrometer observations: awards and board reads
 * become observations ({@code activity.rank.award}, {@code activity.rank.board.read}) of
 * the application's {@link ObservationRegistry}. Without a registry bean nothing is
 * configured, and the award path makes no object for observations.
 */
@AutoConfiguration(after = ActivityRankAutoConfiguration.class,
		afterName = "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration")
@ConditionalOnClass(ObservationRegistry.class)
@ConditionalOnBean({ ObservationRegistry.class, ActivityRules.class })
@ConditionalOnBooleanProperty(name = "activity-rank.enabled", matchIfMissing = true)
public class ActivityRankObservationAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	ActivityObservations activityRankObservations(ObservationRegistry registry, ActivityRules rules,
			ObjectProvider<AwardObservationConvention> awardConvention,
			ObjectProvider<BoardReadObservationConvention> boardConvention) {
		return new MicrometerActivityObservations(registry, rules.names(), awardConvention.getIfUnique(),
				boardConvention.getIfUnique());
	}

	@Bean
	static BeanPostProcessor activityRankObservationsPostProcessor(ObjectProvider<ActivityObservations> observations) {
		return new ObservationsPostProcessor(observations);
	}

}
