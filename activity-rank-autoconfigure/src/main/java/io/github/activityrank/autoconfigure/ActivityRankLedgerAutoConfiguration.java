package io.github.activityrank.autoconfigure;

import javax.sql.DataSource;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.dispatch.SyncActivityDispatcher;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.ledger.AwardLedger;
import io.github.activityrank.ledger.LedgerActivityDispatcher;
import io.github.activityrank.ledger.LedgerActivityRankService;
import io.github.activityrank.ledger.LedgerDatabase;
import io.github.activityrank.ledger.LedgerRelay;
import io.github.activityrank.ledger.LedgerSchema;
import io.github.activityrank.ledger.LedgerTables;

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

		@Bean
		@ConditionalOnMissingBean
		AwardLedger activityRankAwardLedger(DataSource dataSource, ActivityRankProperties properties) {
			ActivityRankProperties.Ledger ledger = properties.getLedger();
			LedgerTables tables = new LedgerTables(ledger.getTablePrefix());
			LedgerSchema.initialize(dataSource, LedgerDatabase.of(dataSource), ledger.getInitializeSchema(), tables);
			return new AwardLedger(dataSource, tables);
		}

		@Bean
		@ConditionalOnMissingBean
		LedgerRelay activityRankLedgerRelay(AwardLedger ledger, ObjectProvider<ActivityRankService> services,
				ActivityCalendar calendar, ActivityRankProperties properties) {
			ActivityRankProperties.Ledger settings = properties.getLedger();
			return new LedgerRelay(ledger, engine(services), calendar::now, settings.getBatchSize(),
					settings.getPollInterval(), settings.getRetention());
		}

		@Bean
		@Primary
		LedgerActivityRankService activityRankLedgerService(ObjectProvider<ActivityRankService> services,
				AwardLedger ledger, ActivityCalendar calendar) {
			return new LedgerActivityRankService(engine(services), ledger, calendar::now);
		}

		@Bean
		@ConditionalOnMissingBean(ActivityDispatcher.class)
		LedgerActivityDispatcher activityRankLedgerDispatcher(AwardLedger ledger, LedgerRelay relay,
				ObjectProvider<ActivityRankService> services, ObjectProvider<AwardDispatchCounters> counters,
				ActivityCalendar calendar) {
			ActivityDispatcher fallback = new SyncActivityDispatcher(engine(services),
					counters.getIfAvailable(AwardDispatchCounters::new));
			return new LedgerActivityDispatcher(ledger, relay, fallback, calendar::now);
		}

		/** The service that applies to Redis: every one but the ledger's own. */
		private static ActivityRankService engine(ObjectProvider<ActivityRankService> services) {
			return services.orderedStream()
				.filter((service) -> !(service instanceof LedgerActivityRankService))
				.reduce((a, b) -> {
					throw new IllegalStateException("activity-rank ledger found more than one ActivityRankService "
							+ "to apply awards with; define only one");
				})
				.orElseThrow(() -> new IllegalStateException("activity-rank ledger found no ActivityRankService"));
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
