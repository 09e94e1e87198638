package io.github.activityrank.test;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicLong;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisScriptingCommands;

/**
 * Connections to a real Redis that count the script calls sent through them, so a test
 * can tell how many round trips an operation took without reading the server's statistics
 * (which other clients of the server move too).
 */
public final class CountingConnections {

	private final RedisConnectionFactory target;

	private final AtomicLong scriptCalls = new AtomicLong();

	private final RedisConnectionFactory factory;

	/**
	 * Count the script calls made through connections of a factory.
	 * @param target the real connections
	 */
	public CountingConnections(RedisConnectionFactory target) {
		this.target = target;
		this.factory = proxy(RedisConnectionFactory.class, target, (method, result) -> {
			if (method.getName().equals("getConnection") && result instanceof RedisConnection connection) {
				return countingConnection(connection);
			}
			return result;
		});
	}

	/**
	 * The factory whose connections count.
	 * @return the counting factory
	 */
	public RedisConnectionFactory factory() {
		return this.factory;
	}

	/**
	 * How many EVAL and EVALSHA calls were sent so far.
	 * @return the number of script calls
	 */
	public long scriptCalls() {
		return this.scriptCalls.get();
	}

	/**
	 * The factory that does the work.
	 * @return the real factory
	 */
	public RedisConnectionFactory target() {
		return this.target;
	}

	private RedisConnection countingConnection(RedisConnection connection) {
		return proxy(RedisConnection.class, connection, (method, result) -> {
			if (method.getName().equals("scriptingCommands") && result instanceof RedisScriptingCommands commands) {
				return countingScripts(commands);
			}
			return result;
		});
	}

	private RedisScriptingCommands countingScripts(RedisScriptingCommands commands) {
		return proxy(RedisScriptingCommands.class, commands, (method, result) -> result, (method) -> {
			if (method.getName().equals("eval") || method.getName().equals("evalSha")) {
				this.scriptCalls.incrementAndGet();
			}
		});
	}

	private static <T> T proxy(Class<T> type, T target, ResultMapper mapper) {
		return proxy(type, target, mapper, (method) -> {
		});
	}

	private static <T> T proxy(Class<T> type, T target, ResultMapper mapper, Before before) {
		InvocationHandler handler = (instance, method, args) -> {
			before.call(method);
			try {
				return mapper.map(method, method.invoke(target, args));
			}
			catch (InvocationTargetException ex) {
				throw ex.getCause();
			}
		};
		return type
			.cast(Proxy.newProxyInstance(CountingConnections.class.getClassLoader(), new Class<?>[] { type }, handler));
	}

	@FunctionalInterface
	private interface ResultMapper {

		Object map(Method method, Object result);

	}

	@FunctionalInterface
	private interface Before {

		void call(Method method);

	}

}
