package io.github.activityrank.redis;

import java.util.Set;

import io.github.activityrank.dispatch.TransientFailurePolicy;

/**
 * What a Redis client reports when the server could not be reached in time: Spring's
 * transient and resource-failure exceptions, Lettuce's connection, timeout, loading, busy
 * and read-only errors, I/O errors and timeouts, and a connection the server closed or
 * reset. Anything else (a script error, a bug) would fail again on every retry.
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

	private static final String LETTUCE_REDIS_EXCEPTION = "io.lettuce.core.RedisException";

	@Override
	public boolean isTransient(Throwable failure) {
		return Causes.anyMatch(failure, (t) -> isTransientType(t.getClass()) || isClosedConnection(t));
	}

	private static boolean isTransientType(Class<?> type) {
		for (Class<?> c = type; c != null; c = c.getSuperclass()) {
			if (TRANSIENT_TYPES.contains(c.getName())) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Lettuce fails the commands in flight on a connection the server closed with a plain
	 * {@code RedisException("Connection closed")}, which Spring translates to a
	 * non-transient exception; the server going away is exactly what the retry buffer is
	 * for.
	 */
	private static boolean isClosedConnection(Throwable t) {
		String message = t.getMessage();
		return t.getClass().getName().equals(LETTUCE_REDIS_EXCEPTION) && message != null
				&& (message.startsWith("Connection closed") || message.startsWith("Connection reset"));
	}

}
