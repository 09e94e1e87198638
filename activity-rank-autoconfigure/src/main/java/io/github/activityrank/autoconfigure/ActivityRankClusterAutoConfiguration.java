package io.github.activityrank.autoconfigure;

import java.time.Duration;

import io.lettuce.core.ClientOptions.DisconnectedBehavior;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientOptionsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;

/**
 * Lettuce on a Redis Cluster ({@code spring.data.redis.cluster.nodes}) recovers from a
 * failover within seconds with nothing tuned. Without these defaults, commands to a
 * failed master wait in Lettuce's buffer until its 60 s command timeout, and the dead
 * node keeps its slots in the client until a refresh happens to be asked for. Three
 * customizers, each backing off on its own:
 * <ul>
 * <li>{@code activityRankClusterTopologyRefresh}: every adaptive refresh trigger (MOVED
 * and ASK redirects, reconnects, unknown nodes) at most once a second, and a periodic
 * refresh every 5 s; not when the application sets
 * {@code spring.data.redis.lettuce.cluster.refresh.*} itself;</li>
 * <li>{@code activityRankClusterFailFast}: commands to a disconnected node fail at once
 * ({@link DisconnectedBehavior#REJECT_COMMANDS}) instead of being buffered, so an award
 * goes to the retry buffer and a read answers an error while the node is down;</li>
 * <li>{@code activityRankClusterCommandTimeout}: a command timeout of
 * {@code activity-rank.redis.command-timeout} (5 s by default); not when the application
 * sets {@code spring.data.redis.timeout}.</li>
 * </ul>
 * Each is replaced by a bean of the application with its name (a customizer that does
 * nothing turns it off). They run before every other customizer, so the application's own
 * customizers have the last word.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration")
@ConditionalOnClass({ ClusterClientOptions.class, LettuceClientOptionsBuilderCustomizer.class })
@ConditionalOnProperty("spring.data.redis.cluster.nodes")
@EnableConfigurationProperties(ActivityRankProperties.class)
public class ActivityRankClusterAutoConfiguration {

	/** How often the topology is read again when nothing triggered a refresh. */
	static final Duration PERIODIC_REFRESH = Duration.ofSeconds(5);

	/** The least time between two refreshes an adaptive trigger asks for. */
	static final Duration ADAPTIVE_REFRESH_TIMEOUT = Duration.ofSeconds(1);

	private static final String REFRESH_PROPERTIES = "spring.data.redis.lettuce.cluster.refresh.";

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE)
	@ConditionalOnMissingBean(name = "activityRankClusterTopologyRefresh")
	LettuceClientOptionsBuilderCustomizer activityRankClusterTopologyRefresh(Environment environment) {
		boolean configured = environment.containsProperty(REFRESH_PROPERTIES + "adaptive")
				|| environment.containsProperty(REFRESH_PROPERTIES + "period")
				|| environment.containsProperty(REFRESH_PROPERTIES + "dynamic-refresh-sources");
		return (builder) -> {
			if (!configured && builder instanceof ClusterClientOptions.Builder cluster) {
				cluster.topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
					.enableAllAdaptiveRefreshTriggers()
					.adaptiveRefreshTriggersTimeout(ADAPTIVE_REFRESH_TIMEOUT)
					.enablePeriodicRefresh(PERIODIC_REFRESH)
					.build());
			}
		};
	}

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE)
	@ConditionalOnMissingBean(name = "activityRankClusterFailFast")
	LettuceClientOptionsBuilderCustomizer activityRankClusterFailFast() {
		return (builder) -> builder.disconnectedBehavior(DisconnectedBehavior.REJECT_COMMANDS);
	}

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE)
	@ConditionalOnMissingBean(name = "activityRankClusterCommandTimeout")
	LettuceClientConfigurationBuilderCustomizer activityRankClusterCommandTimeout(Environment environment,
			ActivityRankProperties properties) {
		boolean configured = environment.containsProperty(ActivityRankRedisClientAutoConfiguration.CLIENT_TIMEOUT);
		Duration timeout = ActivityRankRedisClientAutoConfiguration.starterTimeout(environment, properties);
		return (builder) -> {
			if (!configured) {
				builder.commandTimeout(timeout);
			}
		};
	}

}
