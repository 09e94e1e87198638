package io.github.activityrank.ledger;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * A data source that counts the statements prepared with a given start, to show how many
 * round trips the ledger costs a caller.
 */
final class CountingDataSource extends DelegatingDataSource {

	private final String start;

	private final AtomicInteger count = new AtomicInteger();

	CountingDataSource(DataSource target, String start) {
		super(target);
		this.start = start.toLowerCase(Locale.ROOT);
	}

	int count() {
		return this.count.get();
	}

	@Override
	public Connection getConnection() throws SQLException {
		Connection connection = super.getConnection();
		return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
				(proxy, method, args) -> {
					if (method.getName().startsWith("prepare") && args != null && args[0] instanceof String sql
							&& sql.toLowerCase(Locale.ROOT).startsWith(this.start)) {
						this.count.incrementAndGet();
					}
					try {
						return method.invoke(connection, args);
					}
					catch (InvocationTargetException ex) {
						throw ex.getCause();
					}
				});
	}

}
