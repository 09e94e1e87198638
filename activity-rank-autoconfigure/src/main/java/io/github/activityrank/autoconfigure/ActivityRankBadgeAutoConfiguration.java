package io.github.activityrank.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.BadgeService;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BadgeDefinition;
import io.github.activityrank.engine.BadgeDefinition.Kind;
import io.github.activityrank.engine.BadgeSettings;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.TopBadgeRecorder;
import io.github.activityrank.redis.BadgeEvents;
import io.github.activityrank.redis.BadgeStore;
import io.github.activityrank.redis.RetroBadgeGrants;
import io.github.activityrank.redis.ShardMap;
import io.github.activityrank.redis.TopBadgeGrants;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Auto-configuration of badges and levels (docs/badges.md), when
 * {@code activity-rank.levels.at} or {@code activity-rank.badges} is configured: the
 * {@link BadgeService} and the {@link TopBadgeGrants} that grant top badges when a board
 * ends. The award script decides the other badges and the levels through the settings
 * {@link #settings} gives the stores.
 */
@AutoConfiguration(after = ActivityRankAutoConfiguration.class)
@ConditionalOnBean(ShardMap.class)
@Conditional(ActivityRankBadgeAutoConfiguration.OnBadges.class)
public class ActivityRankBadgeAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(BadgeService.class)
	BadgeStore badgeService(RedisConnectionFactory connectionFactory, ShardMap shards, ActivityCalendar calendar,
			BoardOrder boardOrder, ActivityRankProperties properties) {
		return new BadgeStore(connectionFactory, shards, calendar, boardOrder, settings(properties));
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBean(BadgeStore.class)
	TopBadgeGrants topBadgeGrants(BadgeStore badges, ActivityCalendar calendar, ApplicationEventPublisher publisher,
			ObjectProvider<TopBadgeRecorder> recorder) {
		BadgeSettings settings = badges.settings();
		TopBadgeGrants grants = new TopBadgeGrants(badges, calendar, new BadgeEvents(publisher, settings));
		// with the ledger on, each board's grants are recorded there for a rebuild
		recorder.ifAvailable(grants::setRecorder);
		return grants;
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBean(BadgeStore.class)
	RetroBadgeGrants retroBadgeGrants(BadgeStore badges) {
		return new RetroBadgeGrants(badges);
	}

	/**
	 * The settings of checked properties.
	 * @param properties the checked properties
	 * @return the settings, {@link BadgeSettings#OFF} when neither levels nor badges are
	 * configured
	 */
	static BadgeSettings settings(ActivityRankProperties properties) {
		LevelProperties levels = properties.getLevels();
		if (levels.getAt().isEmpty() && properties.getBadges().isEmpty()) {
			return BadgeSettings.OFF;
		}
		List<BadgeDefinition> badges = new ArrayList<>();
		properties.getBadges().forEach((name, badge) -> badges.add(definition(name, badge)));
		return new BadgeSettings(levels.getPointsOf(), levels.getAt(), levels.getNames(), badges,
				BadgeSettings.OFF.listener());
	}

	private static BadgeDefinition definition(String name, BadgeProperties badge) {
		if (!badge.getCount().isEmpty()) {
			return new BadgeDefinition(name, Kind.COUNT, badge.getRule(), badge.getCount(), 0, null, false);
		}
		if (!badge.getPoints().isEmpty()) {
			return new BadgeDefinition(name, Kind.POINTS, null, badge.getPoints(), 0, null, false);
		}
		if (!badge.getStreak().isEmpty()) {
			return new BadgeDefinition(name, Kind.STREAK, null, badge.getStreak(), 0, null, false);
		}
		return new BadgeDefinition(name, Kind.TOP, null, List.of(), badge.getTop(), badge.getPeriod(),
				badge.isChallenges());
	}

	/** Levels or badges are configured. */
	static class OnBadges extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			Binder binder = Binder.get(context.getEnvironment());
			boolean levels = binder.bind("activity-rank.levels.at", Bindable.listOf(Long.class))
				.map((at) -> !at.isEmpty())
				.orElse(false);
			boolean badges = binder.bind("activity-rank.badges", Bindable.mapOf(String.class, BadgeProperties.class))
				.map((map) -> !map.isEmpty())
				.orElse(false);
			return (levels || badges) ? ConditionOutcome.match("activity-rank.levels.at or activity-rank.badges is set")
					: ConditionOutcome.noMatch("neither activity-rank.levels.at nor activity-rank.badges is set");
		}

	}

}
