package io.github.activityrank.benchmarks;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.LongAdder;

import javax.sql.DataSource;

import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * A data source that counts the database round trips made on callers' threads: every
 * statement executed and every commit or rollback, on any thread whose name does not
 * start with {@code activity-rank} (the ledger's relay). Taking a pooled connection is
 * not counted; the pool hands out an open one without asking the server.
 */
final class CallerRoundTrips extends DelegatingDataSource {

	private final LongAdder roundTrips = new LongAdder();

	CallerRoundTrips(DataSource target) {
		super(target);
	}

	long count() {
		return this.roundTrips.sum();
	}

	@Override
	public Connection getConnection() throws SQLException {
		Connection connection = super.getConnection();
		return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
				(proxy, method, args) -> {
					String name = method.getName();
					if (name.equals("commit") || name.equals("rollback")) {
						countOnCaller();
					}
					Object result = invoke(method, connection, args);
					if (result instanceof Statement statement) {
						return wrap(statement);
					}
					return result;
				});
	}

	private Object wrap(Statement statement) {
		Class<?> type = (statement instanceof CallableStatement) ? CallableStatement.class
				: (statement instanceof PreparedStatement) ? PreparedStatement.class : Statement.class;
		return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { type }, (proxy, method, args) -> {
			if (method.getName().startsWith("execute")) {
				countOnCaller();
			}
			return invoke(method, statement, args);
		});
	}

	private void countOnCaller() {
		if (!Thread.currentThread().getName().startsWith("activity-rank")) {
			this.roundTrips.increment();
		}
	}

	private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

}
