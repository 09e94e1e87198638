package io.github.activityrank.ledger;

import java.util.Arrays;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.activityrank.autoconfigure.ActivityRankAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankLedgerAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityScoreAutoConfiguration;
import io.github.activityrank.ledger.LedgerFixture.Posts;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The application {@link LedgerCrashTests} kills: it makes the annotated calls, prints
 * how many returned, and halts the JVM at once, with no shutdown hook, no drain and no
 * relay pass after the last call. Arguments: JDBC URL, user, password, number of calls,
 * then {@code name=value} properties; the system property {@code ledger.crash.stop-relay}
 * stops the relay before the calls.
 */
public final class LedgerCrashChild {

	private LedgerCrashChild() {
	}

	public static void main(String[] args) {
		HikariDataSource dataSource = new HikariDataSource();
		dataSource.setJdbcUrl(args[0]);
		dataSource.setUsername(args[1]);
		dataSource.setPassword(args[2]);
		dataSource.setMaximumPoolSize(4);
		int calls = Integer.parseInt(args[3]);
		ChildConfiguration.dataSource = dataSource;
		ConfigurableApplicationContext context = new SpringApplicationBuilder(ChildConfiguration.class)
			.web(WebApplicationType.NONE)
			.properties(Arrays.copyOfRange(args, 4, args.length))
			.run();
		if (Boolean.getBoolean("ledger.crash.stop-relay")) {
			// an instance whose relay never got to the entries: all of them are pending
			context.getBean(LedgerRelay.class).stop();
		}
		Posts posts = context.getBean(Posts.class);
		for (int i = 0; i < calls; i++) {
			posts.post("user-" + (i % 50), "call-" + i);
		}
		System.out.println("RETURNED " + calls);
		System.out.flush();
		Runtime.getRuntime().halt(0);
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ DataRedisAutoConfiguration.class, ActivityRankAutoConfiguration.class,
			ActivityRankLedgerAutoConfiguration.class, ActivityScoreAutoConfiguration.class,
			AopAutoConfiguration.class })
	static class ChildConfiguration {

		static DataSource dataSource;

		@Bean(destroyMethod = "")
		DataSource dataSource() {
			return dataSource;
		}

		@Bean
		Posts posts() {
			return new Posts();
		}

	}

}
