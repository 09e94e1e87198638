package io.github.activityrank.autoconfigure;

import java.time.Duration;

import static io.github.activityrank.autoconfigure.PropertyRequirements.positive;

/**
 * The Redis client, as far as the starter sets it ({@code activity-rank.redis.*},
 * docs/configuration.md).
 */
public class RedisClientProperties {

	/**
	 * Command timeout of the application's Lettuce client when spring.data.redis.timeout
	 * is not set (Lettuce's own default is 60s), on a single server, behind Sentinel or
	 * on a cluster: how long any command, the starter's and the application's, waits for
	 * a reply before it fails. With ingestion on, it must be at most half of
	 * ingest.claim-idle, as must spring.data.redis.timeout; left unset, it is then at
	 * most that half.
	 */
	private Duration commandTimeout = Duration.ofSeconds(5);

	public Duration getCommandTimeout() {
		return this.commandTimeout;
	}

	public void setCommandTimeout(Duration commandTimeout) {
		this.commandTimeout = commandTimeout;
	}

	/**
	 * Check {@code activity-rank.redis.*}; called by
	 * {@link ActivityRankPropertyChecks#check}.
	 */
	void check() {
		positive("activity-rank.redis.command-timeout", this.commandTimeout, "5s");
	}

}
