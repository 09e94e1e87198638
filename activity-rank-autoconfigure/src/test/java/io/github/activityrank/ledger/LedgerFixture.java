package io.github.activityrank.ledger;

import java.time.Clock;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ActivityScore;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankLedgerAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityScoreAutoConfiguration;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.RedisTestServer;
import io.github.activityrank.test.TestDatabase;
import io.github.activityrank.test.TestDatabases;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Contexts with the ledger on, against a test database and the test Redis, and what the
 * ledger tests read back from both.
 */
final class LedgerFixture {

	static final AutoConfigurations CONFIGURATIONS = AutoConfigurations.of(DataRedisAutoConfiguration.class,
			ActivityRankAutoConfiguration.class, ActivityRankLedgerAutoConfiguration.class,
			ActivityScoreAutoConfiguration.class, AopAutoConfiguration.class);

	/** The engines every ledger test runs on. */
	static final List<DatabaseEngine> ENGINES = List.of(DatabaseEngine.POSTGRESQL, DatabaseEngine.MARIADB,
			DatabaseEngine.H2);

	private LedgerFixture() {
	}

	static TestDatabase database(DatabaseEngine engine) {
		return TestDatabases.create(engine, "ledger");
	}

	/**
	 * A runner with the ledger on, the schema created, a transaction manager and the
	 * annotated {@link Posts}.
	 */
	static ApplicationContextRunner runner(DataSource dataSource, String keyPrefix) {
		return new ApplicationContextRunner().withConfiguration(CONFIGURATIONS)
			// the test closes the pool, not the context
			.withBean("dataSource", DataSource.class, () -> dataSource,
					(definition) -> definition.setDestroyMethodName(""))
			.withUserConfiguration(TransactionConfiguration.class)
			.withPropertyValues(RedisTestServer.shared().springProperties())
			.withPropertyValues("activity-rank.key-prefix=" + keyPrefix, "activity-rank.periods=day,total",
					"activity-rank.rules.post.points=1", "activity-rank.rules.like.points=2",
					"activity-rank.ledger.enabled=true", "activity-rank.ledger.initialize-schema=always",
					"activity-rank.ledger.poll-interval=100ms");
	}

	/**
	 * {@link #runner(DataSource, String)} on a clock the test moves, the engine's time
	 * zone UTC.
	 */
	static ApplicationContextRunner runner(DataSource dataSource, String keyPrefix, Clock clock) {
		return runner(dataSource, keyPrefix).withBean(Clock.class, () -> clock)
			.withPropertyValues("activity-rank.time-zone=UTC");
	}

	static long total(ActivityRankService service, String user) {
		return service.board(Period.TOTAL).rankOf(user).map(RankEntry::score).orElse(0L);
	}

	static long boardSum(ActivityRankService service) {
		return service.board(Period.TOTAL).top(1000).stream().mapToLong(RankEntry::score).sum();
	}

	static long count(DataSource dataSource, String where) {
		Long count = new JdbcTemplate(dataSource).queryForObject(
				"SELECT COUNT(*) FROM activity_rank_ledger" + (where.isEmpty() ? "" : " WHERE " + where), Long.class);
		return (count != null) ? count : 0;
	}

	static List<Map<String, Object>> rows(DataSource dataSource) {
		return new JdbcTemplate(dataSource).queryForList(
				"SELECT kind, user_id, rule_name, points, field, state, outcome, applied_points FROM activity_rank_ledger ORDER BY id");
	}

	@Configuration(proxyBeanMethods = false)
	@EnableTransactionManagement
	static class TransactionConfiguration {

		@Bean
		PlatformTransactionManager transactionManager(DataSource dataSource) {
			return new DataSourceTransactionManager(dataSource);
		}

		@Bean
		TransactionTemplate transactionTemplate(PlatformTransactionManager transactionManager) {
			return new TransactionTemplate(transactionManager);
		}

		@Bean
		Posts posts() {
			return new Posts();
		}

	}

	/** Annotated methods, as an application has them. */
	static class Posts {

		@ActivityScore(rule = "post", user = "#user", field = "#id")
		public void post(String user, String id) {
		}

		@ActivityScore(rule = "like", user = "#user", field = "#id")
		@ActivityScore(rule = "post", user = "#user", field = "'liked-' + #id")
		public void like(String user, String id) {
		}

		@ActivityScore(rule = "post", user = "#user", field = "#id", revoke = "true")
		public void unpost(String user, String id) {
		}

		/**
		 * Awards inside its own transaction, whose commit then fails: what the ledger
		 * wrote must roll back with it.
		 */
		@Transactional
		@ActivityScore(rule = "post", user = "#user", field = "#id")
		public void postAndFailAtCommit(String user, String id) {
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
				@Override
				public void beforeCommit(boolean readOnly) {
					throw new IllegalStateException("commit refused");
				}
			});
		}

	}

}
