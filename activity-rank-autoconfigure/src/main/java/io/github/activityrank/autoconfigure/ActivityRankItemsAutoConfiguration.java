package io.github.activityrank.autoconfigure;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ItemRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankItemLookup;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.DefaultItemRankService;
import io.github.activityrank.engine.ItemBoards;
import io.github.activityrank.engine.ItemType;
import io.github.activityrank.redis.RedisItemBoards;
import io.github.activityrank.redis.ShardMap;
import io.github.activityrank.redis.ShardedItemBoards;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Auto-configuration of item boards ({@code activity-rank.items}, docs/items.md): the
 * {@link ItemRankService} and the reads of item boards and active-user counters (summed
 * over the shards with {@code activity-rank.shards} above 1). The award script writes
 * them only when an item type is configured.
 */
@AutoConfiguration(after = ActivityRankAutoConfiguration.class)
@ConditionalOnBooleanProperty(name = "activity-rank.enabled", matchIfMissing = true)
@ConditionalOnBean({ ActivityRankService.class, RedisConnectionFactory.class })
@EnableConfigurationProperties(ActivityRankProperties.class)
public class ActivityRankItemsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	ItemBoards activityRankItemBoards(RedisConnectionFactory connectionFactory, ShardMap shards,
			ActivityCalendar calendar) {
		return (shards.shards() > 1) ? new ShardedItemBoards(connectionFactory, shards, calendar)
				: new RedisItemBoards(connectionFactory, shards.keys(0), calendar);
	}

	@Bean
	@ConditionalOnMissingBean
	ItemRankService itemRankService(ActivityRankProperties properties, ItemBoards boards, ActivityCalendar calendar,
			ObjectProvider<RankItemLookup> lookup) {
		return new DefaultItemRankService(itemTypes(properties), boards, calendar, lookup.getIfUnique());
	}

	/**
	 * The configured item types, with the default periods filled in.
	 * @param properties the properties
	 * @return the types by name
	 */
	static Map<String, ItemType> itemTypes(ActivityRankProperties properties) {
		Map<String, ItemType> types = new LinkedHashMap<>();
		properties.getItems().forEach((name, item) -> {
			List<Period> periods = List
				.copyOf(item.getPeriods().isEmpty() ? properties.getPeriods() : item.getPeriods());
			types.put(name, new ItemType(name, item.getPoints(), periods, item.getHot().getHalfLife(), item.getKeep(),
					item.isUniqueUsers()));
		});
		return types;
	}

}
