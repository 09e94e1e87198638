package io.github.activityrank.autoconfigure;

import java.util.Arrays;
import java.util.List;

import javax.sql.DataSource;

import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.dispatch.SyncActivityDispatcher;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.ActivityRules;
import io.github.activityrank.engine.BadgeGrants;
import io.github.activityrank.engine.BadgeSettings;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.Boards;
import io.github.activityrank.engine.ChallengeStore;
import io.github.activityrank.engine.ComposedActivityRankService;
import io.github.activityrank.engine.TimedActivityApplier;
import io.github.activityrank.engine.TransientFailurePolicy;
import io.github.activityrank.engine.UserRecords;
import io.github.activityrank.ledger.AwardLedger;
import io.github.activityrank.ledger.LedgerActivityDispatcher;
import io.github.activityrank.ledger.LedgerActivityWrites;
import io.github.activityrank.ledger.LedgerArchive;
import io.github.activityrank.ledger.LedgerBadgeGrants;
import io.github.activityrank.ledger.LedgerChallengeArchive;
import io.github.activityrank.ledger.LedgerChallengeStore;
import io.github.activityrank.ledger.LedgerDatabase;
import io.github.activityrank.ledger.LedgerRebuild;
import io.github.activityrank.ledger.LedgerRelay;
import io.github.activityrank.ledger.LedgerSchema;
import io.github.activityrank.ledger.LedgerTables;
import io.github.activityrank.ledger.LedgerTopBadges;
import io.github.activityrank.ledger.StandingAwards;
import io.github.activityrank.redis.BadgeStore;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.RedisTransientFailurePolicy;
import io.github.activityrank.redis.RetroBadgeGrants;
import io.github.activityrank.redis.ShardMap;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Auto-configuration of the award ledger ({@code activity-rank.ledger.enabled=true}): its
 * tables, the {@link LedgerRelay}, the dispatcher that writes awards to the ledger and
 * the {@link ActivityRankService} that records direct calls. Runs before
 * {@link ActivityScoreAutoConfiguration}, whose dispatcher then backs off. Without
 * spring-jdbc or a DataSource, enabling the ledger stops the start with a message naming
 * the fix.
 */
@AutoConfiguration(after = ActivityRankAutoConfiguration.class, before = ActivityScoreAutoConfiguration.class,
		afterName = { "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
				"org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration" })
@ConditionalOnBooleanProperty(name = "activity-rank.enabled", matchIfMissing = true)
@ConditionalOnBean(ActivityRankService.class)
@EnableConfigurationProperties(ActivityRankProperties.class)
public class ActivityRankLedgerAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty("activity-rank.ledger.enabled")
	@ConditionalOnClass(name = "org.springframework.jdbc.core.JdbcTemplate")
	@ConditionalOnSingleCandidate(DataSource.class)
	static class LedgerConfiguration {

		private static final String LEDGER_SERVICE = "activityRankLedgerService";

		@Bean
		@ConditionalOnMissingBean
		AwardLedger activityRankAwardLedger(DataSource dataSource, ActivityRankProperties properties) {
			LedgerProperties ledger = properties.getLedger();
			LedgerTables tables = new LedgerTables(ledger.getTablePrefix());
			LedgerSchema.initialize(dataSource, LedgerDatabase.of(dataSource), ledger.getInitializeSchema(), tables);
			return new AwardLedger(dataSource, tables);
		}

		@Bean
		@ConditionalOnMissingBean
		StandingAwards activityRankStandingAwards(AwardLedger ledger, ActivityRules rules, ActivityCalendar calendar,
				UserRecords records) {
			return new StandingAwards(ledger.tables(), rules, calendar, records);
		}

		@Bean
		@ConditionalOnMissingBean
		LedgerRelay activityRankLedgerRelay(AwardLedger ledger, ListableBeanFactory beans, ActivityCalendar calendar,
				ActivityRankProperties properties, StandingAwards standing,
				ObjectProvider<TransientFailurePolicy> transientFailures) {
			LedgerProperties settings = properties.getLedger();
			return new LedgerRelay(ledger, engine(beans), calendar::now, settings.getBatchSize(),
					settings.getPollInterval(), settings.getRetention(), standing, settings.getRelayThreads(),
					transientFailures.getIfAvailable(RedisTransientFailurePolicy::new), settings.getSetAsideAfter());
		}

		/** Also the challenge boards' read side, which reads archived boards. */
		@Bean
		@Primary
		@ConditionalOnMissingBean
		LedgerChallengeArchive activityRankLedgerChallengeArchive(AwardLedger ledger, ChallengeStore store,
				Boards boards, ActivityCalendar calendar, ActivityRankProperties properties) {
			return new LedgerChallengeArchive(ledger, store, boards, calendar::now,
					properties.getRetention().getChallenge(), properties.getLedger().getArchiveSize());
		}

		/** Also the period boards' read side, which reads archived boards. */
		@Bean
		@Primary
		@ConditionalOnMissingBean
		LedgerArchive activityRankLedgerArchive(AwardLedger ledger, Boards boards, ActivityCalendar calendar,
				ActivityRankProperties properties, ObjectProvider<LedgerChallengeArchive> challenges) {
			return new LedgerArchive(ledger, boards, calendar, properties.getPeriods(),
					properties.getLedger().getArchiveSize(), properties.getEvents().getCheckInterval(),
					challenges.getIfUnique());
		}

		/** The engine's reads with the ledger's writes. */
		@Bean(LEDGER_SERVICE)
		@Primary
		ComposedActivityRankService activityRankLedgerService(ListableBeanFactory beans, AwardLedger ledger,
				ActivityCalendar calendar, StandingAwards standing, ActivityRankProperties properties) {
			ActivityRankService engine = engine(beans);
			return new ComposedActivityRankService(engine, new LedgerActivityWrites(engine, ledger, calendar::now,
					standing, properties.getLedger().isRedisOnlyOnFailure()));
		}

		@Bean
		@ConditionalOnMissingBean(ActivityDispatcher.class)
		LedgerActivityDispatcher activityRankLedgerDispatcher(AwardLedger ledger, LedgerRelay relay,
				ListableBeanFactory beans, ObjectProvider<AwardDispatchCounters> counters, ActivityCalendar calendar,
				ActivityRankProperties properties) {
			ActivityDispatcher fallback = new SyncActivityDispatcher(engine(beans),
					counters.getIfAvailable(AwardDispatchCounters::new));
			RetryProperties retry = properties.getRetry();
			return new LedgerActivityDispatcher(ledger, relay, fallback, calendar::now, retry.getCapacity(),
					retry.getInitialBackoff(), retry.getMaxBackoff(), properties.getLedger().isRedisOnlyOnFailure());
		}

		@Bean
		@ConditionalOnMissingBean(ActivityRankAdmin.class)
		LedgerRebuild activityRankAdmin(AwardLedger ledger, LedgerRelay relay, ListableBeanFactory beans,
				RedisConnectionFactory connectionFactory, RankKeys keys, ShardMap shards, ActivityCalendar calendar,
				ActivityRankProperties properties, BoardOrder boardOrder, ObjectProvider<ActivityDispatcher> dispatcher,
				ObjectProvider<BadgeGrants> badges, LedgerTopBadges topBadges) {
			// a service of the user's own can apply entries, but not say what today's
			// rules make
			// of them: then rebuild() says so
			TimedActivityApplier applier = (engine(beans) instanceof TimedActivityApplier timed) ? timed : null;
			LedgerRebuild rebuild = new LedgerRebuild(ledger, relay, applier, connectionFactory, keys, shards, calendar,
					properties.getPeriods(), boardOrder, properties.getRetention().getChallenge(),
					(timeout) -> dispatcher.getObject().awaitIdle(timeout),
					ActivityRankStreakAutoConfiguration.settings(properties),
					ActivityRankItemsAutoConfiguration.itemTypes(properties));
			BadgeSettings badgeSettings = ActivityRankBadgeAutoConfiguration.settings(properties);
			BadgeGrants grants = badges.getIfAvailable(() -> BadgeGrants.NONE);
			// the starter's grants read what the ledger records too
			if (grants instanceof RetroBadgeGrants retro) {
				grants = new LedgerBadgeGrants(ledger, retro, badgeSettings, calendar);
			}
			rebuild.setBadges(badgeSettings, grants, topBadges);
			rebuild.setScopes(ActivityRankAutoConfiguration.scopeSettings(properties));
			return rebuild;
		}

		@Bean
		@ConditionalOnMissingBean
		LedgerTopBadges activityRankLedgerTopBadges(AwardLedger ledger, ObjectProvider<BadgeStore> badges) {
			return new LedgerTopBadges(ledger, badges.getIfAvailable());
		}

		@Bean
		@Primary
		LedgerChallengeStore activityRankLedgerChallengeStore(ChallengeStore store, AwardLedger ledger) {
			return new LedgerChallengeStore(store, ledger);
		}

		/**
		 * The service that applies to Redis: the one that is not the ledger's own, found
		 * by name so that the ledger's is never created on the way.
		 */
		private static ActivityRankService engine(ListableBeanFactory beans) {
			List<String> names = Arrays.stream(beans.getBeanNamesForType(ActivityRankService.class))
				.filter((name) -> !LEDGER_SERVICE.equals(name))
				.toList();
			if (names.size() != 1) {
				throw new IllegalStateException("activity-rank ledger needs exactly one ActivityRankService to apply "
						+ "awards with besides its own, found " + names);
			}
			return beans.getBean(names.get(0), ActivityRankService.class);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty("activity-rank.ledger.enabled")
	@ConditionalOnMissingClass("org.springframework.jdbc.core.JdbcTemplate")
	static class NoJdbcConfiguration {

		NoJdbcConfiguration() {
			ActivityRankPropertyChecks.checkLedgerDataSource(false, false);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty("activity-rank.ledger.enabled")
	@ConditionalOnClass(name = "org.springframework.jdbc.core.JdbcTemplate")
	@ConditionalOnMissingBean(DataSource.class)
	static class NoDataSourceConfiguration {

		NoDataSourceConfiguration() {
			ActivityRankPropertyChecks.checkLedgerDataSource(true, false);
		}

	}

}
