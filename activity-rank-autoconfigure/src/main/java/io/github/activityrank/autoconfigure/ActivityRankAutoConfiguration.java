package io.github.activityrank.autoconfigure;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * Auto-configuration of activity-rank (being built).
 */
@AutoConfiguration
@EnableConfigurationProperties(ActivityRankProperties.class)
public class ActivityRankAutoConfiguration {

}
