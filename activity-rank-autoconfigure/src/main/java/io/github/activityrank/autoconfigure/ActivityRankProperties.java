package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.Period;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.Ranking;
import io.github.activityrank.engine.TieBreak;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

/**
 * Configuration of activity-rank, under {@code activity-rank.*}.
 */
@ConfigurationProperties(prefix = "activity-rank", ignoreUnknownFields = false)
public class ActivityRankProperties extends CapProperties implements InitializingBean {

	/**
	 * Whether activity-rank is enabled.
	 */
	private boolean enabled = true;

	/**
	 * Prefix of every Redis key: 1 to 64 letters, digits, '.', '_' or '-'. Keys look like
	 * "{prefix}:day:20261121"; the braces make the prefix a Redis Cluster hash tag, so
	 * one script's keys always share a slot.
	 */
	private String keyPrefix = "activity_rank";

	/**
	 * How many shards each board is split into, 1 to 1024. With more than one, each user
	 * lives on one shard, whose keys share a hash tag of their own, so a Redis Cluster
	 * spreads users, records and board entries over its masters while every query stays
	 * exact. 1 keeps every key under "{prefix}". Keys are written for one shard count:
	 * the application refuses to start on keys written with another.
	 */
	private int shards = 1;

	/**
	 * Time zone whose calendar decides where days, weeks and months begin. Defaults to
	 * the JVM's.
	 */
	private ZoneId timeZone;

	/**
	 * Boards every award goes to.
	 */
	private Set<Period> periods = EnumSet.of(Period.DAY, Period.MONTH);

	/**
	 * Rolling boards to keep, each the points of the last N days, today included, for
	 * example [7, 30]. Built from the day boards, so "day" must be among periods and
	 * retention.day must keep N - 1 days after their end.
	 */
	private List<Integer> rolling = new ArrayList<>();

	/**
	 * How often a rolling board is rebuilt from the day boards at most: a read answers a
	 * board built at most this long ago, or twice this while another instance rebuilds
	 * it.
	 */
	private Duration rollingRefresh = Duration.ofMinutes(1);

	/**
	 * How users with equal points are ordered: "none" (they are equal, and "ranking"
	 * numbers them) or "earliest" (whoever reached the score first ranks higher, and
	 * every rank is distinct; by the millisecond on day, week and month boards, by the
	 * second on the total board). With "earliest" a board holds at most 2,097,151 points
	 * per user instead of 2^53 - 1, and a revoke keeps the time of the user's last award.
	 * Choose it before the first award: boards keep the layout they were written with.
	 */
	private TieBreak tieBreak = TieBreak.NONE;

	/**
	 * How ranks are numbered for equal points: "competition" (1, 2, 2, 4), "dense" (1, 2,
	 * 2, 3) or "ordinal" (1, 2, 3, 4). Ignored with tie-break "earliest", where every
	 * rank is distinct.
	 */
	private Ranking ranking = Ranking.COMPETITION;

	/**
	 * Where the seconds of the total board count from with tie-break "earliest" (day,
	 * week and month boards count milliseconds from the start of their period). The count
	 * covers 2^32 seconds, about 136 years; after that, users reaching equal points on
	 * the total board tie with each other, never passing anyone who got there earlier.
	 * Must not be in the future, and should not change once the total board has entries.
	 */
	private Instant tieBreakEpoch = BoardOrder.DEFAULT_EPOCH;

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

	public String getKeyPrefix() {
		return this.keyPrefix;
	}

	public void setKeyPrefix(String keyPrefix) {
		this.keyPrefix = keyPrefix;
	}

	public int getShards() {
		return this.shards;
	}

	public void setShards(int shards) {
		this.shards = shards;
	}

	public ZoneId getTimeZone() {
		return this.timeZone;
	}

	public void setTimeZone(ZoneId timeZone) {
		this.timeZone = timeZone;
	}

	public Set<Period> getPeriods() {
		return this.periods;
	}

	public void setPeriods(Set<Period> periods) {
		this.periods = periods;
	}

	public List<Integer> getRolling() {
		return this.rolling;
	}

	public void setRolling(List<Integer> rolling) {
		this.rolling = rolling;
	}

	public Duration getRollingRefresh() {
		return this.rollingRefresh;
	}

	public void setRollingRefresh(Duration rollingRefresh) {
		this.rollingRefresh = rollingRefresh;
	}

	public TieBreak getTieBreak() {
		return this.tieBreak;
	}

	public void setTieBreak(TieBreak tieBreak) {
		this.tieBreak = tieBreak;
	}

	public Ranking getRanking() {
		return this.ranking;
	}

	public void setRanking(Ranking ranking) {
		this.ranking = ranking;
	}

	public Instant getTieBreakEpoch() {
		return this.tieBreakEpoch;
	}

	public void setTieBreakEpoch(Instant tieBreakEpoch) {
		this.tieBreakEpoch = tieBreakEpoch;
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
