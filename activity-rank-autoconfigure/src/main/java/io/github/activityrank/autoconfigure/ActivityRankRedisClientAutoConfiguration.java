package io.github.activityrank.autoconfigure;

import java.time.Duration;

import io.lettuce.core.RedisClient;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;

/**
 * A bounded command timeout for the application's Lettuce client on a single server or
 * behind Sentinel: {@code activity-rank.redis.command-timeout}, 5 s by default, as
 * {@link ActivityRankClusterAutoConfiguration} sets it on a cluster. Lettuce's own 60 s
 * equal the default {@code activity-rank.ingest.claim-idle}, so a command stuck on a
 * server that stopped answering could outlive a stream partition's lease, and a caller
 * would wait a minute for an award. The starter's commands go through the application's
 * client (Spring Data Redis sets no timeout per command), so the bound is the client's,
 * and it is set only when the application sets no {@code spring.data.redis.timeout}.
 * <p>
 * The customizer, {@code activityRankCommandTimeout}, is replaced by a bean of the
 * application with that name (one that does nothing turns it off); it runs before every
 * other customizer, so the application's own have the last word.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration")
@ConditionalOnClass({ RedisClient.class, LettuceClientConfigurationBuilderCustomizer.class })
@ConditionalOnBooleanProperty(name = "activity-rank.enabled", matchIfMissing = true)
@EnableConfigurationProperties(ActivityRankProperties.class)
public class ActivityRankRedisClientAutoConfiguration {

	/** Spring Boot's command timeout, which wins over the starter's. */
	static final String CLIENT_TIMEOUT = "spring.data.redis.timeout";

	/** The starter's command timeout, used when {@link #CLIENT_TIMEOUT} is not set. */
	static final String STARTER_TIMEOUT = "activity-rank.redis.command-timeout";

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE)
	@ConditionalOnMissingBean(name = "activityRankCommandTimeout")
	LettuceClientConfigurationBuilderCustomizer activityRankCommandTimeout(Environment environment,
			ActivityRankProperties properties) {
		// a cluster has its own customizer, activityRankClusterCommandTimeout
		boolean applies = !environment.containsProperty(CLIENT_TIMEOUT)
				&& !environment.containsProperty("spring.data.redis.cluster.nodes");
		Duration timeout = starterTimeout(environment, properties);
		return (builder) -> {
			if (applies) {
				builder.commandTimeout(timeout);
			}
		};
	}

	/**
	 * The command timeout the starter gives the client: {@link #STARTER_TIMEOUT}, which,
	 * left at its default with ingestion on, is at most half of
	 * {@code activity-rank.ingest.claim-idle}, so that a short lease starts without
	 * another setting.
	 * @param environment where the timeout may have been set
	 * @param properties the bound properties
	 * @return the timeout
	 */
	static Duration starterTimeout(Environment environment, ActivityRankProperties properties) {
		Duration timeout = properties.getRedis().getCommandTimeout();
		Duration claimIdle = properties.getIngest().getClaimIdle();
		// a missing claim-idle is the property checks' to report, with its name
		if (properties.getIngest().isEnabled() && claimIdle != null && !environment.containsProperty(STARTER_TIMEOUT)) {
			Duration half = claimIdle.dividedBy(2);
			return (half.compareTo(timeout) < 0) ? half : timeout;
		}
		return timeout;
	}

}
