package io.github.activityrank.autoconfigure;

import java.time.Clock;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ChallengeService;
import io.github.activityrank.Period;
import io.github.activityrank.RankUserLookup;
import io.github.activityrank.engine.ActiveUsers;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ActivityRankCounters;
import io.github.activityrank.engine.ActivityRules;
import io.github.activityrank.engine.ActivityStore;
import io.github.activityrank.engine.BadgeSettings;
import io.github.activityrank.engine.BoardActiveUsers;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.Boards;
import io.github.activityrank.engine.ChallengeBoards;
import io.github.activityrank.engine.ChallengeStore;
import io.github.activityrank.engine.ChallengeWrites;
import io.github.activityrank.engine.CoalescingActivityStore;
import io.github.activityrank.engine.DefaultActivityRankService;
import io.github.activityrank.engine.DefaultChallengeService;
import io.github.activityrank.engine.IsolatingActivityStore;
import io.github.activityrank.engine.OncePer;
import io.github.activityrank.engine.PeriodBoards;
import io.github.activityrank.engine.RollingBoards;
import io.github.activityrank.engine.ScopeKind;
import io.github.activityrank.engine.ScopeSettings;
import io.github.activityrank.engine.ScoringRule;
import io.github.activityrank.engine.SetAsideStore;
import io.github.activityrank.engine.TransientFailurePolicy;
import io.github.activityrank.engine.UserErasure;
import io.github.activityrank.engine.UserRecords;
import io.github.activityrank.redis.BadgeEvents;
import io.github.activityrank.redis.EndedBoardEvents;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.RedisRollingBoards;
import io.github.activityrank.redis.RedisSetAsideStore;
import io.github.activityrank.redis.RedisStores;
import io.github.activityrank.redis.RedisTransientFailurePolicy;
import io.github.activityrank.redis.RemovalMarkers;
import io.github.activityrank.redis.ShardCount;
import io.github.activityrank.redis.ShardMap;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Auto-configuration of the activity-rank engine: rules, calendar, Redis store, the
 * {@link ActivityRankService}, the {@link ChallengeService} and the events published when
 * boards and challenges end. Active when a {@link RedisConnectionFactory} exists and
 * {@code activity-rank.enabled} is not {@code false}; every bean backs off for one of the
 * user's. The properties are checked once, when they are bound
 * ({@link ActivityRankPropertyChecks}), so the beans here take them as they are.
 */
@AutoConfiguration(afterName = "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration")
@ConditionalOnClass(RedisConnectionFactory.class)
@ConditionalOnBean(RedisConnectionFactory.class)
@ConditionalOnBooleanProperty(name = "activity-rank.enabled", matchIfMissing = true)
@EnableConfigurationProperties(ActivityRankProperties.class)
public class ActivityRankAutoConfiguration {

	/**
	 * Script calls with awards on their way at once: one being run while the next one
	 * travels.
	 */
	static final int CONCURRENT_BATCHES = 2;

	private static final Log logger = LogFactory.getLog(ActivityRankAutoConfiguration.class);

	@Bean
	@ConditionalOnMissingBean
	ActivityRules activityRules(ActivityRankProperties properties) {
		Map<String, ScoringRule> rules = new LinkedHashMap<>();
		properties.getRules().forEach((name, rule) -> {
			// the streak rule without points only caps the milestone bonus: nothing
			// awards it
			if (rule.getPoints() != 0 || !ActivityRankPropertyChecks.isBonusCaps(properties, name)) {
				rules.put(name, new ScoringRule(name, rule.getPoints(), rule.getOncePer() == OncePer.EVER,
						rule.getDailyCap(), rule.getWeeklyCap(), rule.getMonthlyCap()));
			}
		});
		warnIfEverIsBounded(properties);
		return new ActivityRules(rules, properties.getDailyCap(), properties.getWeeklyCap(),
				properties.getMonthlyCap());
	}

	/**
	 * Without the ledger, "once ever" lasts as long as Redis keeps the award's record.
	 */
	private static void warnIfEverIsBounded(ActivityRankProperties properties) {
		List<String> ever = properties.getRules()
			.entrySet()
			.stream()
			.filter((rule) -> rule.getValue().getOncePer() == OncePer.EVER)
			.map(Map.Entry::getKey)
			.toList();
		if (!ever.isEmpty() && !properties.getLedger().isEnabled()) {
			logger.warn("activity-rank rules " + ever + " say once-per: ever, but without the ledger Redis "
					+ "remembers an award only for activity-rank.retention.record ("
					+ properties.getRetention().getRecord().toDays() + " days): after that the same user and field "
					+ "score again. For once ever, turn the ledger on (activity-rank.ledger.enabled=true, see "
					+ "docs/ledger.md), or raise activity-rank.retention.record to the window you need.");
		}
	}

	@Bean
	@ConditionalOnMissingBean
	ActivityCalendar activityCalendar(ActivityRankProperties properties, ObjectProvider<Clock> clock) {
		RetentionProperties retention = properties.getRetention();
		ZoneId zone = (properties.getTimeZone() != null) ? properties.getTimeZone() : ZoneId.systemDefault();
		return new ActivityCalendar(clock.getIfUnique(Clock::systemUTC), zone, Map.of(Period.DAY, retention.getDay(),
				Period.WEEK, retention.getWeek(), Period.MONTH, retention.getMonth()), retention.getRecord());
	}

	@Bean
	@ConditionalOnMissingBean
	RankKeys activityRankKeys(ActivityRankProperties properties) {
		return new RankKeys(properties.getKeyPrefix());
	}

	@Bean
	@ConditionalOnMissingBean
	ActivityRankCounters activityRankCounters() {
		return new ActivityRankCounters();
	}

	@Bean
	@ConditionalOnMissingBean
	BoardOrder activityRankBoardOrder(ActivityRankProperties properties, ActivityCalendar calendar) {
		// the one check that needs the application's clock, so it runs here
		ActivityRankPropertyChecks.checkTieBreakEpoch(properties, calendar.now());
		return new BoardOrder(properties.getTieBreak(), properties.getRanking(), properties.getTieBreakEpoch());
	}

	@Bean
	@ConditionalOnMissingBean
	ShardMap activityRankShards(RedisConnectionFactory connectionFactory, RankKeys keys,
			ActivityRankProperties properties) {
		// before anything writes: keys written with another shard count would not be
		// found
		OptionalInt written;
		try {
			written = ShardCount.mismatch(connectionFactory, keys, properties.getShards());
			RedisServerCheck.warnIfEvicting(connectionFactory);
		}
		catch (RuntimeException ex) {
			if (!new RedisTransientFailurePolicy().isTransient(ex)) {
				throw ex;
			}
			// the application starts without Redis (awards wait in the retry buffer)
			logger.warn("Could not check the shard count the keys of " + keys.tag() + " were written with, because "
					+ RedisServerCheck.whereAndHowToSet(connectionFactory) + " did not answer: " + ex.getMessage());
			written = OptionalInt.empty();
		}
		ActivityRankPropertyChecks.checkShardCount(properties.getShards(), written, properties.getLedger().isEnabled());
		ShardMap shards = new ShardMap(keys, properties.getShards());
		if (written.isPresent()) {
			// with the ledger on: the ledger holds every award, so rebuild() moves the
			// boards
			logger.warn("The keys of " + keys.tag() + " were written with activity-rank.shards=" + written.getAsInt()
					+ ", now " + properties.getShards() + ": until ActivityRankAdmin.rebuild() "
					+ "has run, queries see only what was awarded since this start. Run rebuild() now: it replays "
					+ "the ledger into the new layout, deletes the old one and records the new shard count.");
			// awards of removed users made before their removal stay refused
			RemovalMarkers.copy(connectionFactory, keys, written.getAsInt(), shards);
		}
		return shards;
	}

	@Bean
	@ConditionalOnMissingBean
	RedisStores activityRankRedisStores(RedisConnectionFactory connectionFactory, ShardMap shards,
			ActivityCalendar calendar, BoardOrder boardOrder, ActivityRankProperties properties,
			ApplicationEventPublisher publisher) {
		// the award script decides badges and levels; what it reached is published
		BadgeSettings badges = ActivityRankBadgeAutoConfiguration.settings(properties);
		return new RedisStores(connectionFactory, shards, calendar, boardOrder,
				ActivityRankStreakAutoConfiguration.settings(properties),
				badges.withListener(new BadgeEvents(publisher, badges)))
			.withScopes(scopeSettings(properties));
	}

	@Bean
	@ConditionalOnMissingBean
	TransientFailurePolicy activityRankTransientFailurePolicy() {
		return new RedisTransientFailurePolicy();
	}

	/**
	 * Without the ledger, a Redis stream; with it, the ledger's rows keep what is set
	 * aside, as they keep every award.
	 */
	@Bean
	@ConditionalOnMissingBean
	SetAsideStore activityRankSetAsideStore(RedisConnectionFactory connectionFactory, RankKeys keys,
			ActivityRankProperties properties) {
		return properties.getLedger().isEnabled() ? SetAsideStore.NONE
				: new RedisSetAsideStore(connectionFactory, keys);
	}

	/** The set-aside awards of a removed user go with the user. */
	@Bean
	@ConditionalOnMissingBean(name = "activityRankSetAsideErasure")
	UserErasure activityRankSetAsideErasure(SetAsideStore setAside) {
		return erasureOf(setAside);
	}

	@Bean
	@ConditionalOnMissingBean
	ActivityStore activityStore(RedisStores stores, ActivityRankProperties properties,
			TransientFailurePolicy transientFailures, SetAsideStore setAside, ActivityCalendar calendar) {
		ActivityStore redis = stores.activityStore(properties.getPeriods(),
				ActivityRankItemsAutoConfiguration.itemTypes(properties));
		return new CoalescingActivityStore(
				new IsolatingActivityStore(redis, transientFailures, setAside, calendar::now), ActivityStore.MAX_BATCH,
				CONCURRENT_BATCHES);
	}

	@Bean
	@ConditionalOnMissingBean
	UserRecords activityRankUserRecords(RedisStores stores, ActivityRankProperties properties) {
		return stores.userRecords(properties.getPeriods(), ActivityRankItemsAutoConfiguration.itemTypes(properties));
	}

	@Bean
	@ConditionalOnMissingBean
	Boards activityRankBoards(RedisStores stores) {
		return stores.boards();
	}

	@Bean
	@ConditionalOnMissingBean
	RollingBoards activityRankRollingBoards(RedisStores stores, ActivityRankProperties properties) {
		return properties.getRolling().isEmpty() ? RollingBoards.NONE
				: new RedisRollingBoards(stores.connectionFactory(), stores.shards(), stores.calendar(), stores.order(),
						properties.getRolling(), properties.getRollingRefresh());
	}

	/** A removed user leaves the rolling boards too. */
	@Bean
	@ConditionalOnMissingBean(name = "activityRankRollingErasure")
	UserErasure activityRankRollingErasure(RollingBoards rolling) {
		return erasureOf(rolling);
	}

	/**
	 * A bean's erasure as a view of its own, so that the bean itself stays the one bean
	 * of its type; {@link UserErasure#NONE} when it erases nothing.
	 */
	private static UserErasure erasureOf(Object bean) {
		return (bean instanceof UserErasure erasure) ? erasure::erase : UserErasure.NONE;
	}

	@Bean
	@ConditionalOnMissingBean
	ActivityRankService activityRankService(ActivityRules rules, ActivityStore store, UserRecords records,
			PeriodBoards boards, ActivityCalendar calendar, ActivityRankProperties properties,
			ObjectProvider<RankUserLookup> userLookup, ActivityRankCounters counters,
			ObjectProvider<ActiveUsers> activeUsers, ObjectProvider<UserErasure> erasures,
			ObjectProvider<RollingBoards> rolling, RedisStores stores) {
		// every erasure bean, such as the ingestion's dead letters, looked up at each
		// removal: they may come from auto-configurations that run after this one
		UserErasure erasure = (userId) -> erasures.orderedStream().mapToLong((each) -> each.erase(userId)).sum();
		// the item boards' HyperLogLogs count users only while an item type is configured
		ActiveUsers counts = properties.getItems().isEmpty() ? new BoardActiveUsers(stores.boards())
				: activeUsers.getIfAvailable(() -> new BoardActiveUsers(stores.boards()));
		DefaultActivityRankService service = new DefaultActivityRankService(rules, store, records, boards, calendar,
				properties.getPeriods(), userLookup.getIfUnique(), counters, counts, erasure, stores.scopes(),
				stores.scopes().enabled() ? stores.boards() : null);
		service.setRollingBoards(rolling.getIfUnique(() -> RollingBoards.NONE));
		return service;
	}

	@Bean
	@ConditionalOnMissingBean
	ChallengeStore challengeStore(RedisStores stores, ActivityRankProperties properties) {
		return stores.challengeStore(properties.getRetention().getChallenge());
	}

	@Bean
	@ConditionalOnMissingBean
	ChallengeService challengeService(ActivityRules rules, ChallengeStore store, ChallengeWrites writes,
			ChallengeBoards boards, ActivityCalendar calendar, ObjectProvider<RankUserLookup> userLookup) {
		return new DefaultChallengeService(rules, store, writes, boards, calendar, userLookup.getIfUnique());
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBooleanProperty(name = "activity-rank.events.enabled", matchIfMissing = true)
	EndedBoardEvents activityRankEndedBoardEvents(RedisConnectionFactory connectionFactory, ShardMap shards,
			ActivityCalendar calendar, ActivityRankProperties properties, ActivityRankService ranks,
			ChallengeService challenges, ApplicationEventPublisher publisher) {
		EventProperties events = properties.getEvents();
		return new EndedBoardEvents(connectionFactory, shards, calendar, properties.getPeriods(), ranks, challenges,
				publisher, events.getTop(), events.getCheckInterval());
	}

	/**
	 * The configured scope kinds, with the default periods filled in.
	 * @param properties the checked properties
	 * @return the settings ({@link ScopeSettings#NONE} without kinds)
	 */
	static ScopeSettings scopeSettings(ActivityRankProperties properties) {
		if (properties.getScopes().isEmpty()) {
			return ScopeSettings.NONE;
		}
		Map<String, ScopeKind> kinds = new LinkedHashMap<>();
		properties.getScopes().forEach((name, scope) -> {
			List<Period> periods = new ArrayList<>(
					EnumSet.copyOf(scope.getPeriods().isEmpty() ? properties.getPeriods() : scope.getPeriods()));
			kinds.put(name,
					new ScopeKind(name, periods, scope.getRules(), (scope.getKeep() != null) ? scope.getKeep() : 0));
		});
		return new ScopeSettings(kinds);
	}

}
