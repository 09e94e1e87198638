package io.github.activityrank.autoconfigure;

import java.time.Duration;

import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientOptionsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Lettuce on a Redis Cluster ({@code spring.data.redis.cluster.nodes}) follows topology
 * changes by itself: every adaptive refresh trigger (MOVED and ASK redirects, reconnects,
 * unknown nodes) and a periodic refresh. Without it, Lettuce keeps sending a failed
 * master's slots to the dead node until a refresh is asked for, and awards wait in the
 * retry buffer much longer than the failover takes. Backs off when the application sets
 * {@code spring.data.redis.lettuce.cluster.refresh.adaptive} or {@code .period} itself,
 * or defines a bean named {@code activityRankClusterTopologyRefresh}.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration")
@ConditionalOnClass({ ClusterClientOptions.class, LettuceClientOptionsBuilderCustomizer.class })
@ConditionalOnProperty("spring.data.redis.cluster.nodes")
public class ActivityRankClusterAutoConfiguration {

	/** How often the topology is read again when nothing triggered a refresh. */
	static final Duration PERIODIC_REFRESH = Duration.ofSeconds(30);

	@Bean
	@ConditionalOnMissingBean(name = "activityRankClusterTopologyRefresh")
	LettuceClientOptionsBuilderCustomizer activityRankClusterTopologyRefresh(Environment environment) {
		boolean configured = environment.containsProperty("spring.data.redis.lettuce.cluster.refresh.adaptive")
				|| environment.containsProperty("spring.data.redis.lettuce.cluster.refresh.period");
		return (builder) -> {
			if (!configured && builder instanceof ClusterClientOptions.Builder cluster) {
				cluster.topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
					.enableAllAdaptiveRefreshTriggers()
					.enablePeriodicRefresh(PERIODIC_REFRESH)
					.build());
			}
		};
	}

}
