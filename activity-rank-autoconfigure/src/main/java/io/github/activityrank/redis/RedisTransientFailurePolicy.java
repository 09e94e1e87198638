package io.github.activityrank.redis;

import java.util.Set;

import io.github.activityrank.engine.TransientFailurePolicy;
import io.github.activityrank.support.Causes;

/**
 * What a Redis deployment's failures mean. Transient, retried:
 * <ul>
 * <li>the server out of reach: Spring's transient and resource-failure exceptions,
 * Lettuce's connection and timeout errors, I/O errors, a connection the server closed or
 * reset, a command rejected while the connection is down;</li>
 * <li>the server refusing for a while, by its error reply: {@code LOADING} (loading its
 * data), {@code BUSY} (a long script), {@code MASTERDOWN} and {@code READONLY} (a replica
 * or a failover), {@code NOREPLICAS} ({@code min-replicas-to-write} not met),
 * {@code MISCONF} (a failing background save with {@code stop-writes-on-bgsave-error}),
 * {@code OOM} ({@code maxmemory} reached), and a Redis Cluster moving a slot or failing
 * over ({@code MOVED}, {@code ASK}, {@code TRYAGAIN}, {@code CLUSTERDOWN}).</li>
 * </ul>
 * Redis refuses each of these before a script's first write, or the script's writes are
 * idempotent per award, so sending the same call again is safe. Anything else, such as
 * {@code WRONGTYPE} or another script error, fails again on every attempt: permanent.
 * <p>
 * Error replies are read from the message of the failure or of one of its causes: the
 * code opens the reply ({@code NOREPLICAS Not enough good replicas to write.}), or
 * follows a dash inside a script error on Redis 6.2 ({@code ... -NOREPLICAS ...}). Types
 * are matched by class name, on the failure's class and its superclasses, so that neither
 * Lettuce nor spring-tx has to be on the classpath.
 */
public class RedisTransientFailurePolicy implements TransientFailurePolicy {

	/** The kind of every failure that says the server was out of reach. */
	static final String UNREACHABLE = "UNREACHABLE";

	/** The kind of a command that did not answer in time. */
	static final String TIMEOUT = "TIMEOUT";

	private static final Set<String> UNREACHABLE_TYPES = Set.of(
			"org.springframework.dao.DataAccessResourceFailureException", "io.lettuce.core.RedisConnectionException",
			"java.io.IOException");

	private static final Set<String> TIMEOUT_TYPES = Set.of("org.springframework.dao.QueryTimeoutException",
			"io.lettuce.core.RedisCommandTimeoutException", "java.util.concurrent.TimeoutException");

	/** Other transient exception types, whose message carries the error reply. */
	private static final Set<String> TRANSIENT_TYPES = Set.of("org.springframework.dao.TransientDataAccessException",
			"io.lettuce.core.RedisLoadingException", "io.lettuce.core.RedisBusyException",
			"io.lettuce.core.RedisReadOnlyException");

	/** Error replies that heal by themselves; see the class comment. */
	static final Set<String> TRANSIENT_REPLIES = Set.of("LOADING", "BUSY", "MASTERDOWN", "READONLY", "NOREPLICAS",
			"MISCONF", "OOM", "MOVED", "ASK", "TRYAGAIN", "CLUSTERDOWN");

	/** Codes recognised inside a script error. */
	private static final Set<String> QUOTED_CODES = Set.of("LOADING", "BUSY", "MASTERDOWN", "READONLY", "NOREPLICAS",
			"MISCONF", "OOM", "MOVED", "ASK", "TRYAGAIN", "CLUSTERDOWN", "WRONGTYPE", "NOSCRIPT", "NOPERM", "EXECABORT",
			"CROSSSLOT");

	private static final String LETTUCE_REDIS_EXCEPTION = "io.lettuce.core.RedisException";

	@Override
	public boolean isTransient(Throwable failure) {
		return Causes.anyMatch(failure, (t) -> isUnreachable(t) || isType(t.getClass(), TIMEOUT_TYPES)
				|| isType(t.getClass(), TRANSIENT_TYPES) || isTransientReply(errorCode(t)));
	}

	/**
	 * The error code of Redis' reply when the failure carries one (for example
	 * {@code NOREPLICAS}, {@code WRONGTYPE}, {@code ERR}), else {@link #UNREACHABLE},
	 * {@link #TIMEOUT}, or the failure's class name.
	 */
	@Override
	public String kindOf(Throwable failure) {
		String[] kind = new String[1];
		Causes.anyMatch(failure, (t) -> {
			String code = errorCode(t);
			if (code != null) {
				kind[0] = code;
			}
			else if (isType(t.getClass(), TIMEOUT_TYPES)) {
				kind[0] = TIMEOUT;
			}
			else if (isUnreachable(t)) {
				kind[0] = UNREACHABLE;
			}
			return kind[0] != null;
		});
		return (kind[0] != null) ? kind[0] : failure.getClass().getSimpleName();
	}

	private static boolean isTransientReply(String code) {
		return code != null && TRANSIENT_REPLIES.contains(code);
	}

	private static boolean isUnreachable(Throwable t) {
		return isType(t.getClass(), UNREACHABLE_TYPES) || isClosedConnection(t);
	}

	private static boolean isType(Class<?> type, Set<String> names) {
		for (Class<?> c = type; c != null; c = c.getSuperclass()) {
			if (names.contains(c.getName())) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The code of an error reply in a failure's message: a known code quoted inside it (a
	 * script error quotes the reply of the command that failed, after {@code ": "} or
	 * {@code " -"} depending on the Redis version), else its first word when that is an
	 * upper-case code such as {@code ERR}.
	 * @return the code, or {@code null}
	 */
	static String errorCode(Throwable t) {
		String message = t.getMessage();
		if (message == null || message.isEmpty()) {
			return null;
		}
		String first = code(message, 0);
		if (first != null && !first.equals("ERR")) {
			return first;
		}
		for (int i = message.indexOf(' '); i >= 0; i = message.indexOf(' ', i + 1)) {
			int from = (i + 1 < message.length() && message.charAt(i + 1) == '-') ? i + 2 : i + 1;
			String quoted = code(message, from);
			if (quoted != null && QUOTED_CODES.contains(quoted)) {
				return quoted;
			}
		}
		return first;
	}

	/** An upper-case word of at least two letters at {@code from}, ended by a space. */
	private static String code(String message, int from) {
		int end = from;
		while (end < message.length() && message.charAt(end) >= 'A' && message.charAt(end) <= 'Z') {
			end++;
		}
		boolean ended = end == message.length() || message.charAt(end) == ' ';
		return (end - from >= 2 && ended) ? message.substring(from, end) : null;
	}

	/**
	 * Lettuce fails the commands in flight on a connection the server closed with a plain
	 * {@code RedisException("Connection closed")} (or {@code "Connection disconnected"},
	 * for the commands queued on a cluster node's connection when the node dies), and
	 * with {@code DisconnectedBehavior.REJECT_COMMANDS} (the cluster default the starter
	 * sets) every command sent while the connection is down with
	 * {@code RedisException("Currently not connected. Commands are rejected.")}; Spring
	 * translates both to a non-transient exception, but the server going away is exactly
	 * what the retry buffer is for.
	 */
	private static boolean isClosedConnection(Throwable t) {
		String message = t.getMessage();
		return t.getClass().getName().equals(LETTUCE_REDIS_EXCEPTION) && message != null
				&& (message.startsWith("Connection closed") || message.startsWith("Connection reset")
						|| message.startsWith("Connection disconnected")
						|| message.startsWith("Currently not connected"));
	}

}
