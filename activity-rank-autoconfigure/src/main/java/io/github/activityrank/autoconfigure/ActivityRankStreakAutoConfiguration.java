package io.github.activityrank.autoconfigure;

import java.util.LinkedHashSet;

import io.github.activityrank.StreakService;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ScoreCommand;
import io.github.activityrank.engine.StreakSettings;
import io.github.activityrank.redis.RedisStreakService;
import io.github.activityrank.redis.ShardMap;
import io.github.activityrank.redis.StreakPruning;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Auto-configuration of streaks ({@code activity-rank.streaks.enabled=true}): the
 * {@link StreakService} and the {@link StreakPruning} that takes broken streaks off the
 * board at each day's start. The award script keeps streaks through the settings
 * {@link #settings(ActivityRankProperties)} gives the stores.
 */
@AutoConfiguration(after = ActivityRankAutoConfiguration.class)
@ConditionalOnBean(ShardMap.class)
@ConditionalOnBooleanProperty(name = "activity-rank.streaks.enabled")
public class ActivityRankStreakAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	StreakService streakService(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			ActivityRankProperties properties) {
		return new RedisStreakService(connectionFactory, shards, calendar, properties.getStreaks().getBuckets());
	}

	@Bean
	@ConditionalOnMissingBean
	StreakPruning streakPruning(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar) {
		return new StreakPruning(connectionFactory, shards, calendar);
	}

	/**
	 * The streak settings of the award script: off unless enabled; the bonus carries the
	 * caps of the rule {@code streak} when the application configures one, and the global
	 * caps.
	 * @param properties the bound properties
	 * @return the settings
	 */
	static StreakSettings settings(ActivityRankProperties properties) {
		StreakProperties streaks = properties.getStreaks();
		if (!streaks.isEnabled()) {
			return StreakSettings.OFF;
		}
		RuleProperties rule = properties.getRules().get(StreakSettings.BONUS_RULE);
		ScoreCommand bonus = new ScoreCommand("", "", 0, false, StreakSettings.BONUS_RULE, false,
				(rule != null) ? rule.getDailyCap() : null, properties.getDailyCap(),
				(rule != null) ? rule.getWeeklyCap() : null, properties.getWeeklyCap(),
				(rule != null) ? rule.getMonthlyCap() : null, properties.getMonthlyCap());
		return StreakSettings.of(new LinkedHashSet<>(streaks.getRules()), streaks.getMilestones(), bonus,
				streaks.getBuckets());
	}

}
