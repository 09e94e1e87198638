package io.github.activityrank.autoconfigure;

import java.util.Properties;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.util.ClassUtils;

/**
 * What the start says about the Redis server: where it was looked for when it did not
 * answer, and whether its {@code maxmemory-policy} would evict the starter's keys. Only
 * warnings: an application may start before its Redis does, and managed services often
 * refuse {@code CONFIG GET}, in which case the start goes on quietly.
 */
final class RedisServerCheck {

	private static final Log logger = LogFactory.getLog(RedisServerCheck.class);

	private static final String LETTUCE_FACTORY = "org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory";

	private static final String NO_EVICTION = "noeviction";

	private RedisServerCheck() {
	}

	/**
	 * Where a connection factory looks for Redis, and the properties that set it.
	 * @param connectionFactory the factory
	 * @return for example {@code "Redis at localhost:6379 (set spring.data.redis.host and
	 * spring.data.redis.port, or spring.data.redis.url, ...)"}
	 */
	static String whereAndHowToSet(RedisConnectionFactory connectionFactory) {
		return "Redis at " + address(connectionFactory) + " (set spring.data.redis.host and spring.data.redis.port, "
				+ "or spring.data.redis.url, to where your Redis runs; spring.data.redis.cluster.nodes for a cluster)";
	}

	/**
	 * Warn when the server's {@code maxmemory-policy} may delete keys: boards, records
	 * and caps would vanish under memory pressure (points lost, once-per awards scoring
	 * again).
	 * @param connectionFactory the factory
	 */
	static void warnIfEvicting(RedisConnectionFactory connectionFactory) {
		Properties config;
		try (RedisConnection connection = connectionFactory.getConnection()) {
			config = connection.serverCommands().getConfig("maxmemory-policy");
		}
		catch (RuntimeException ex) {
			// CONFIG is often renamed or refused on managed services: nothing to check
			logger.debug("Could not read maxmemory-policy of " + address(connectionFactory) + ": " + ex);
			return;
		}
		String policies = evictingPolicies(config);
		if (!policies.isEmpty()) {
			logger.warn("Redis at " + address(connectionFactory) + " has maxmemory-policy " + policies
					+ ": when it reaches maxmemory it deletes keys, activity-rank's boards, records and caps among "
					+ "them, so points are lost and once-per awards score again. Set maxmemory-policy noeviction "
					+ "(in redis.conf, or CONFIG SET maxmemory-policy noeviction): Redis then refuses writes "
					+ "when full, and activity-rank keeps those awards for retry. See docs/reliability.md.");
		}
	}

	/** The policies other than noeviction among a CONFIG GET reply's values. */
	static String evictingPolicies(Properties config) {
		if (config == null) {
			return "";
		}
		return config.entrySet()
			.stream()
			.filter((entry) -> String.valueOf(entry.getKey()).endsWith("maxmemory-policy"))
			.map((entry) -> String.valueOf(entry.getValue()))
			.filter((policy) -> !policy.isEmpty() && !NO_EVICTION.equalsIgnoreCase(policy))
			.collect(Collectors.toCollection(TreeSet::new))
			.stream()
			.collect(Collectors.joining(", "));
	}

	private static String address(RedisConnectionFactory connectionFactory) {
		if (ClassUtils.isPresent(LETTUCE_FACTORY, RedisServerCheck.class.getClassLoader())) {
			String address = Lettuce.address(connectionFactory);
			if (address != null) {
				return address;
			}
		}
		return "the address of " + connectionFactory.getClass().getSimpleName();
	}

	/** Touches Lettuce's factory only when it is on the class path. */
	private static final class Lettuce {

		static String address(RedisConnectionFactory connectionFactory) {
			if (!(connectionFactory instanceof LettuceConnectionFactory lettuce)) {
				return null;
			}
			if (lettuce.getClusterConfiguration() != null) {
				return "cluster nodes " + lettuce.getClusterConfiguration().getClusterNodes();
			}
			if (lettuce.getSentinelConfiguration() != null) {
				return "sentinels " + lettuce.getSentinelConfiguration().getSentinels() + " (master "
						+ lettuce.getSentinelConfiguration().getMaster() + ")";
			}
			return lettuce.getHostName() + ":" + lettuce.getPort();
		}

	}

}
