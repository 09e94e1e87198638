package io.github.activityrank.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

/**
 * Configuration of activity-rank, under {@code activity-rank.*}: the root keys (with
 * those of {@link BoardProperties} and {@link CapProperties}, which it extends) and one
 * class per group.
 */
@ConfigurationProperties(prefix = "activity-rank", ignoreUnknownFields = false)
public class ActivityRankProperties extends BoardProperties implements InitializingBean {

	/**
	 * Whether activity-rank is enabled.
	 */
	private boolean enabled = true;

	/**
	 * Scoring rules by name, referred to by @ActivityScore(rule = ...) and the service.
	 */
	private final Map<String, RuleProperties> rules = new LinkedHashMap<>();

	@NestedConfigurationProperty
	private final RetentionProperties retention = new RetentionProperties();

	@NestedConfigurationProperty
	private final AsyncProperties async = new AsyncProperties();

	@NestedConfigurationProperty
	private final RetryProperties retry = new RetryProperties();

	@NestedConfigurationProperty
	private final AspectProperties aspect = new AspectProperties();

	@NestedConfigurationProperty
	private final PageViewProperties pageViews = new PageViewProperties();

	@NestedConfigurationProperty
	private final LedgerProperties ledger = new LedgerProperties();

	@NestedConfigurationProperty
	private final EventProperties events = new EventProperties();

	@NestedConfigurationProperty
	private final IngestProperties ingest = new IngestProperties();

	@NestedConfigurationProperty
	private final StreakProperties streaks = new StreakProperties();

	@NestedConfigurationProperty
	private final RedisClientProperties redis = new RedisClientProperties();

	@NestedConfigurationProperty
	private final HealthProperties health = new HealthProperties();

	/**
	 * Item types by name (1-32 of a-z, 0-9, '-'): boards of content, such as articles,
	 * that awards with an item feed (see docs/items.md).
	 */
	private final Map<String, ItemProperties> items = new LinkedHashMap<>();

	/**
	 * Scope kinds by name (1-32 of a-z, 0-9, '-'), at most 16: categories, courses or
	 * tenants whose ids come with each award, each id with boards of its own (see
	 * docs/scopes.md).
	 */
	private final Map<String, ScopeProperties> scopes = new LinkedHashMap<>();

	@NestedConfigurationProperty
	private final LevelProperties levels = new LevelProperties();

	/**
	 * Badges by name (1-40 of a-z, 0-9, '-'), at most 64: earned by a rule's count, the
	 * levels' points, a streak or a top rank when a board ends (see docs/badges.md).
	 */
	private final Map<String, BadgeProperties> badges = new LinkedHashMap<>();

	/**
	 * Check the bound values (see {@link ActivityRankPropertyChecks}): called right after
	 * binding, so a bad value stops the start before any bean uses it.
	 */
	@Override
	public void afterPropertiesSet() {
		ActivityRankPropertyChecks.check(this);
	}

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Map<String, RuleProperties> getRules() {
		return this.rules;
	}

	public RetentionProperties getRetention() {
		return this.retention;
	}

	public AsyncProperties getAsync() {
		return this.async;
	}

	public RetryProperties getRetry() {
		return this.retry;
	}

	public AspectProperties getAspect() {
		return this.aspect;
	}

	public PageViewProperties getPageViews() {
		return this.pageViews;
	}

	public LedgerProperties getLedger() {
		return this.ledger;
	}

	public EventProperties getEvents() {
		return this.events;
	}

	public IngestProperties getIngest() {
		return this.ingest;
	}

	public Map<String, ItemProperties> getItems() {
		return this.items;
	}

	public Map<String, ScopeProperties> getScopes() {
		return this.scopes;
	}

	public StreakProperties getStreaks() {
		return this.streaks;
	}

	public RedisClientProperties getRedis() {
		return this.redis;
	}

	public HealthProperties getHealth() {
		return this.health;
	}

	public LevelProperties getLevels() {
		return this.levels;
	}

	public Map<String, BadgeProperties> getBadges() {
		return this.badges;
	}

}
