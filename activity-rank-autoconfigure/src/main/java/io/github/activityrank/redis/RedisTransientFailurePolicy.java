package io.github.activityrank.redis;

import java.util.List;
import java.util.Set;

import io.github.activityrank.engine.TransientFailurePolicy;

/**
 * What a Redis client reports when the server could not be reached in time: Spring's
 * transient and resource-failure exceptions, Lettuce's connection, timeout, loading, busy
 * and read-only errors, I/O errors and timeouts, a connection the server closed or reset,
 * and the replies of a Redis Cluster moving a slot or failing over ({@code MOVED},
 * {@code ASK}, {@code TRYAGAIN}, {@code CLUSTERDOWN}), and a server out of memory
 * ({@code OOM}: Redis refuses a script before its first write, so nothing of it was
 * applied, and memory may be freed or raised later). An award is idempotent per field, so
 * retrying one whose first attempt was applied after all changes nothing. Anything else
 * (a script error, a bug) would fail again on every retry.
 * <p>
 * Types are matched by class name, on the failure's class and its superclasses, so that
 * neither Lettuce nor spring-tx has to be on the classpath.
 */
public class RedisTransientFailurePolicy implements TransientFailurePolicy {

	private static final Set<String> TRANSIENT_TYPES = Set.of("org.springframework.dao.TransientDataAccessException",
			"org.springframework.dao.DataAccessResourceFailureException", "io.lettuce.core.RedisConnectionException",
			"io.lettuce.core.RedisCommandTimeoutException",
			// a server still loading its data, busy with a long script, or a replica
			// during failover
			"io.lettuce.core.RedisLoadingException", "io.lettuce.core.RedisBusyException",
			"io.lettuce.core.RedisReadOnlyException", "java.io.IOException", "java.util.concurrent.TimeoutException");

	private static final String OUT_OF_MEMORY = "OOM command not allowed";

	private static final String LETTUCE_REDIS_EXCEPTION = "io.lettuce.core.RedisException";

	/** Lettuce's rejection of a command sent while the connection is down. */
	private static final String NOT_CONNECTED = "Currently not connected";

	/**
	 * Replies of a Redis Cluster whose slots move or whose master fails over: a slot
	 * served elsewhere now ({@code MOVED}), being migrated ({@code ASK}), keys of a
	 * script split by a migration ({@code TRYAGAIN}), or no master for a slot yet
	 * ({@code CLUSTERDOWN}). The client refreshes its topology, and the same call
	 * succeeds later.
	 */
	private static final List<String> CLUSTER_REDIRECTS = List.of("MOVED ", "ASK ", "TRYAGAIN", "CLUSTERDOWN");

	@Override
	public boolean isTransient(Throwable failure) {
		return Causes.anyMatch(failure, (t) -> isTransientType(t.getClass()) || isClosedConnection(t)
				|| isClusterRedirect(t) || isOutOfMemory(t));
	}

	private static boolean isTransientType(Class<?> type) {
		for (Class<?> c = type; c != null; c = c.getSuperclass()) {
			if (TRANSIENT_TYPES.contains(c.getName())) {
				return true;
			}
		}
		return false;
	}

	private static boolean isClusterRedirect(Throwable t) {
		String message = t.getMessage();
		return message != null && CLUSTER_REDIRECTS.stream().anyMatch(message::startsWith);
	}

	/**
	 * {@code OOM command not allowed when used memory > 'maxmemory'}, as the reply itself
	 * or, from a script on Redis 6.2, inside the script error.
	 */
	private static boolean isOutOfMemory(Throwable t) {
		String message = t.getMessage();
		return message != null && message.contains(OUT_OF_MEMORY);
	}

	/**
	 * Lettuce fails the commands in flight on a connection the server closed with a plain
	 * {@code RedisException("Connection closed")}, and with
	 * {@code DisconnectedBehavior.REJECT_COMMANDS} (the cluster default the starter sets)
	 * every command sent while the connection is down with
	 * {@code RedisException("Currently not connected. Commands are rejected.")}; Spring
	 * translates both to a non-transient exception, but the server going away is exactly
	 * what the retry buffer is for.
	 */
	private static boolean isClosedConnection(Throwable t) {
		String message = t.getMessage();
		return t.getClass().getName().equals(LETTUCE_REDIS_EXCEPTION) && message != null
				&& (message.startsWith("Connection closed") || message.startsWith("Connection reset")
						|| message.startsWith(NOT_CONNECTED));
	}

}
